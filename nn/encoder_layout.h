// The input layout of every encoder: each offset a named constant, each total checked.
//
// Every encoder is two "side blocks" of the same layout: first the side on roll, then its
// opponent. Each side block describes that side from ITS OWN point of view (its own point
// numbering, 1 = its last point before bearing off, 25 = its bar), so the same features mean the
// same thing for both halves. "The other" below is the other player.
//
// Point units (per point, 4 floats) for a count n of that side's checkers on top of the point:
//   u0 = n >= 1,  u1 = n >= 2,  u2 = n >= 3,  u3 = (n - 3) / kExcessDivisor if n > 3 else 0.
// All other inputs are scaled into roughly [0, 1] (pip counts may exceed 1 slightly).
#pragma once

namespace nard::layout {

inline constexpr int kUnitsPerPoint = 4;
inline constexpr int kBoardUnits = 24 * kUnitsPerPoint;  // points 1..24 of one side

// ---------------------------------------------------------------- backgammon, pruning net
// The raw board only (no features), so that encoding costs next to nothing: the net that ranks
// the plays inside the search's lookahead before the full net values the best few.
namespace bg_prune {
inline constexpr float kExcessDivisor = 2.0f;
inline constexpr int kPoints = 0;                   // 24 x 4 point units
inline constexpr int kBar = kPoints + kBoardUnits;  // 4 units of the bar count
inline constexpr int kOff = kBar + kUnitsPerPoint;  // checkers off / 15
inline constexpr int kPips = kOff + 1;              // pip count / kPipDivisor
inline constexpr float kPipDivisor = 200.0f;
inline constexpr int kSideInputs = kPips + 1;
inline constexpr int kMover = 0;
inline constexpr int kOpponent = kSideInputs;
inline constexpr int kInputs = 2 * kSideInputs;
static_assert(kSideInputs == 102 && kInputs == 204);
}  // namespace bg_prune

// ---------------------------------------------------------------- the other games, pruning net
// Plakoto, Tawla 31, Fevga and Long Nardy: the raw board in each side's own numbering (the other's
// point is flip_point of the mover's, by the position's geometry), its pinned checkers, and the
// linear counts, so that PruneNet (nn/prune_net.h) sums it point by point like bg-prune.
namespace board_prune {
inline constexpr float kExcessDivisor = 4.0f;          // the start stacks hold 15
inline constexpr int kPoints = 0;                      // 24 x 4 units of our checkers on top
inline constexpr int kPinned = kPoints + kBoardUnits;  // 24: one of ours pinned under our point p
inline constexpr int kBar = kPinned + 24;              // 4 units of the bar count
inline constexpr int kOff = kBar + kUnitsPerPoint;     // checkers off / 15
inline constexpr int kPips = kOff + 1;                 // pip count / kPipDivisor
inline constexpr float kPipDivisor = 360.0f;
inline constexpr int kSideInputs = kPips + 1;
inline constexpr int kMover = 0;
inline constexpr int kOpponent = kSideInputs;
inline constexpr int kInputs = 2 * kSideInputs;
static_assert(kSideInputs == 126 && kInputs == 252);
}  // namespace board_prune

// ---------------------------------------------------------------- backgammon, contact
namespace bg_contact {
inline constexpr float kExcessDivisor = 2.0f;
// 24 x 4 point units, point p at 4 * (p - 1)
inline constexpr int kPoints = 0;
// 4 units of the bar count
inline constexpr int kBar = kPoints + kBoardUnits;
// checkers off / 15
inline constexpr int kOff = kBar + kUnitsPerPoint;
// pip count / 200
inline constexpr int kPips = kOff + 1;
// pips our checkers need to pass the other's rearmost checker / 150
inline constexpr int kBreakContact = kPips + 1;
// our rearmost checker's point / 24 (bar = 25 / 24)
inline constexpr int kBackChecker = kBreakContact + 1;
// highest point of 13..24 we hold (>= 2 checkers) / 24, else 0
inline constexpr int kBackAnchor = kBackChecker + 1;
// lowest point p of 19..24 we hold: (25 - p) / 6, else 0
inline constexpr int kForwardAnchor = kBackAnchor + 1;
// points of 1..6 we hold / 6
inline constexpr int kHomePoints = kForwardAnchor + 1;
// longest run of points we hold / 6 (at most 1)
inline constexpr int kLongestPrime = kHomePoints + 1;
// our lone checkers on points / 8
inline constexpr int kBlots = kLongestPrime + 1;
// rolls of the other that hit one of our blots / 36
inline constexpr int kHitRolls = kBlots + 1;
// rolls of the other that reach two or more of our blots / 36
inline constexpr int kDoubleHitRolls = kHitRolls + 1;
// pips we lose to those hits, averaged over the 36 rolls / 12
inline constexpr int kPipLoss = kDoubleHitRolls + 1;
// rolls our rearmost checker can play in full past the other's points / 36
inline constexpr int kBackEscapes = kPipLoss + 1;
// 1 - (least such rolls / 36 of an other checker on its 13..25, behind our points)
inline constexpr int kContainment = kBackEscapes + 1;
// with checkers of ours on the bar: (points of the other's home board it holds / 6)^2
inline constexpr int kEnterFail = kContainment + 1;
// our checkers on 19..24 and the bar / 15
inline constexpr int kCheckersBack = kEnterFail + 1;
inline constexpr int kSideInputs = kCheckersBack + 1;
inline constexpr int kMover = 0;
inline constexpr int kOpponent = kSideInputs;
inline constexpr int kInputs = 2 * kSideInputs;
static_assert(kSideInputs == 116 && kInputs == 232);
}  // namespace bg_contact

// ---------------------------------------------------------------- backgammon, contact (2)
// bg-contact's 232 inputs unchanged, then one more block per side (mover, then opponent) of
// positional features, so that a bg-contact net grows into a bg-contact2 net without changing what
// it computes (zero weights for the new inputs: nard train --contact-inputs bg-contact2).
namespace bg_contact2 {
inline constexpr int kBase = bg_contact::kInputs;  // the bg-contact inputs come first
// timing: pips we can play without breaking our home points: our checkers on 7..25 count p - 6
// each, spares beyond two on home points 2..6 count p - 1 each; / 100 (0.92 at the start; above 2
// only with most checkers back)
inline constexpr int kTiming = 0;
// mobility: over the dice 1..6, our checkers that can move that die (not onto a point the other
// has made; from the bar only the bar) / 90
inline constexpr int kMobility = kTiming + 1;
// dice 1..6 none of our checkers can move / 6
inline constexpr int kDiceBlocked = kMobility + 1;
// points we hold in the other's home board (our 19..24) / 3: two or more make a backgame
inline constexpr int kAnchorsBack = kDiceBlocked + 1;
// spread of our checkers above their mean point (bar = 25): mean square distance / 400
inline constexpr int kMoment2 = kAnchorsBack + 1;
// 1 - (mean escape rolls / 36 through our points of a checker of the other on each of its 13..24):
// the strength of our blockade wherever its checkers stand
inline constexpr int kBlockade = kMoment2 + 1;
// sum over the other's checkers on its 13..25 of (1 - escape rolls / 36 through our points) / 15
inline constexpr int kTrapped = kBlockade + 1;
inline constexpr int kExtraSideInputs = kTrapped + 1;
inline constexpr int kMover = kBase;
inline constexpr int kOpponent = kBase + kExtraSideInputs;
inline constexpr int kInputs = kBase + 2 * kExtraSideInputs;
static_assert(kExtraSideInputs == 7 && kInputs == 246);
}  // namespace bg_contact2

// ---------------------------------------------------------------- backgammon, race
namespace bg_race {
inline constexpr float kExcessDivisor = 2.0f;
// 24 x 4 point units
inline constexpr int kPoints = 0;
// 14 thermometer units: off >= 1, ..., off >= 14
inline constexpr int kOffAtLeast = kPoints + kBoardUnits;
// checkers off / 15
inline constexpr int kOff = kOffAtLeast + 14;
// pip count / 150
inline constexpr int kPips = kOff + 1;
// sum over our checkers of the quarters still to cross / 45
inline constexpr int kCrossovers = kPips + 1;
// our checkers outside the home board / 15
inline constexpr int kOutside = kCrossovers + 1;
// empty home points below our highest home checker / 6
inline constexpr int kHomeGaps = kOutside + 1;
// our checkers on points 1..2 / 15 (wastage)
inline constexpr int kLowStack = kHomeGaps + 1;
inline constexpr int kSideInputs = kLowStack + 1;
inline constexpr int kMover = 0;
inline constexpr int kOpponent = kSideInputs;
inline constexpr int kInputs = 2 * kSideInputs;
static_assert(kSideInputs == 116 && kInputs == 232);
}  // namespace bg_race

// ---------------------------------------------------------------- Plakoto
namespace plakoto {
inline constexpr float kExcessDivisor = 4.0f;  // the start stack holds 15
// 24 x 4 units of our checkers on top
inline constexpr int kPoints = 0;
// 24: one of our checkers pinned under the other's on our point p (at kPinned + p - 1)
inline constexpr int kPinned = kPoints + kBoardUnits;
// checkers off / 15
inline constexpr int kOff = kPinned + 24;
// pip count / 360
inline constexpr int kPips = kOff + 1;
// our checkers (on top) on 1..6 / 15
inline constexpr int kHome = kPips + 1;
// our pinned checkers / 4 (at most 1)
inline constexpr int kPinnedCount = kHome + 1;
// rolls of the other that pin one of our lone checkers / 36
inline constexpr int kPinRolls = kPinnedCount + 1;
// rolls of the other that reach two or more of them / 36
inline constexpr int kDoublePinRolls = kPinRolls + 1;
// rolls of the other that pin our mother (a lone checker on our 24) / 36
inline constexpr int kMotherRolls = kDoublePinRolls + 1;
// rolls our rearmost free checker can play in full past the other's blocks / 36
inline constexpr int kBackEscapes = kMotherRolls + 1;
// 1 - (least such rolls / 36 of an other free checker on its 13..24)
inline constexpr int kContainment = kBackEscapes + 1;
inline constexpr int kSideInputs = kContainment + 1;
inline constexpr int kMover = 0;
inline constexpr int kOpponent = kSideInputs;
inline constexpr int kInputs = 2 * kSideInputs;
static_assert(kSideInputs == 129 && kInputs == 258);
}  // namespace plakoto

// ---------------------------------------------------------------- blocking games
// Tawla 31 (contrary), Fevga and Long Nardy (parallel) share one layout; the encoder id keeps
// their nets apart, and the lead threshold differs (Tawla 31: released on 1..6; Fevga: passed on
// 1..11; Long Nardy has no lead rule and leaves kReleased at 0).
namespace blocking {
inline constexpr float kExcessDivisor = 4.0f;
// 24 x 4 point units
inline constexpr int kPoints = 0;
// checkers off / 15
inline constexpr int kOff = kPoints + kBoardUnits;
// pip count / 360
inline constexpr int kPips = kOff + 1;
// our checkers on 1..6 / 15
inline constexpr int kHome = kPips + 1;
// 1 while our first turn is still to be played (Long Nardy head exception)
inline constexpr int kFirstTurn = kHome + 1;
// 1 once the lead/runner rule is met (a checker of ours on 1..threshold, or off)
inline constexpr int kReleased = kFirstTurn + 1;
// longest run of points we hold / 6 (at most 1)
inline constexpr int kLongestBlock = kReleased + 1;
// 1 - (least rolls / 36 an other checker on its 7..24 can play in full past our points)
inline constexpr int kContainment = kLongestBlock + 1;
// rolls our rearmost checker can play in full past the other's points / 36
inline constexpr int kBackEscapes = kContainment + 1;
// 6: for die d = 1..6, our checkers able to move d / 15
inline constexpr int kMovable = kBackEscapes + 1;
// 6: for die d = 1..6, 1 if no checker of ours can move d
inline constexpr int kDieBlocked = kMovable + 6;
inline constexpr int kSideInputs = kDieBlocked + 6;
inline constexpr int kMover = 0;
inline constexpr int kOpponent = kSideInputs;
inline constexpr int kInputs = 2 * kSideInputs;
static_assert(kSideInputs == 116 && kInputs == 232);
inline constexpr int kTawla31Threshold = 6;
inline constexpr int kFevgaThreshold = 11;
}  // namespace blocking

}  // namespace nard::layout
