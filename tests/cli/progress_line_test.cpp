// The progress line (cli/progress_line.h): into a file or pipe a plain line every interval plus
// the final state, never a carriage return; on a terminal a line redrawn in place.
#include "cli/progress_line.h"

#include <gtest/gtest.h>

#include <cstdio>
#include <string>

namespace nard::tools {
namespace {

// A stream in memory and a clock the test moves.
struct Capture {
  char* buffer = nullptr;
  size_t size = 0;
  std::FILE* stream = open_memstream(&buffer, &size);
  double now = 100.0;
  ProgressLine::Clock clock() {
    return [this] { return now; };
  }
  std::string text() {
    std::fflush(stream);
    return std::string(buffer, size);
  }
  ~Capture() {
    std::fclose(stream);
    std::free(buffer);
  }
};

TEST(ProgressLine, PlainModePrintsAFullLineEveryIntervalAndTheFinalState) {
  Capture c;
  ProgressLine line(c.stream, /*terminal=*/false, 5.0, c.clock());
  for (int i = 1; i <= 100; ++i) {
    c.now += 0.3;  // 100 updates over 30 s
    line.update("step " + std::to_string(i), i == 100);
  }
  const std::string out = c.text();
  EXPECT_EQ(out.find('\r'), std::string::npos);
  EXPECT_EQ(out.find('\033'), std::string::npos);
  // A line each time 5 s have passed since the last (after 17, 34, 51, 68 and 85 updates), and the
  // last.
  int lines = 0;
  for (char ch : out) lines += ch == '\n';
  EXPECT_EQ(lines, 6) << out;
  EXPECT_NE(out.find("step 17\n"), std::string::npos) << out;
  EXPECT_EQ(out.substr(out.size() - 9), "step 100\n");
}

TEST(ProgressLine, PlainModeShortRunPrintsOnlyTheFinalLine) {
  Capture c;
  ProgressLine line(c.stream, false, 5.0, c.clock());
  for (int i = 1; i <= 10; ++i) {
    c.now += 0.1;
    line.update("rollout " + std::to_string(i) + "/10", i == 10);
  }
  EXPECT_EQ(c.text(), "rollout 10/10\n");
}

TEST(ProgressLine, PlainModeMessagesStayAndFinishFlushesTheNewestState) {
  Capture c;
  ProgressLine line(c.stream, false, 5.0, c.clock());
  line.message("started at 0 of 512 games");
  c.now += 1;
  line.update("256/512 games");
  line.finish();  // e.g. an error ends the run: the newest state is still printed
  line.finish();  // once
  EXPECT_EQ(c.text(), "started at 0 of 512 games\n256/512 games\n");
}

TEST(ProgressLine, PlainModeDropsAStateOlderThanAMessage) {
  Capture c;
  ProgressLine line(c.stream, false, 5.0, c.clock());
  line.update("eval 0/20 games");  // too soon to print
  line.message("eval: +0.01 over 20 games");
  line.finish();
  EXPECT_EQ(c.text(), "eval: +0.01 over 20 games\n");
}

TEST(ProgressLine, TerminalModeRedrawsInPlaceAndEndsWithANewline) {
  Capture c;
  ProgressLine line(c.stream, /*terminal=*/true, 5.0, c.clock());
  line.update("1/3");
  c.now += 1;
  line.update("2/3");
  c.now += 0.01;  // too soon: not redrawn
  line.update("2/3 again");
  line.message("[eval] done");
  c.now += 1;
  line.update("3/3", true);
  EXPECT_EQ(c.text(), "\r\033[K1/3\r\033[K2/3\r\033[K[eval] done\n\r\033[K3/3\n");
}

TEST(ProgressBarText, ShowsTheShareDoneAndAnEtaFromTheRateSoFar) {
  // 250 of 1000 positions in 30 s: 750 left at the same rate take 90 s.
  EXPECT_EQ(progress_bar_text("Valuing", 250, 1000, "positions", 30.0),
            "Valuing [##########                              ]  25% 250/1000 positions ETA 1:30");
  // Nothing done yet: no ETA; done: the time it took.
  EXPECT_EQ(progress_bar_text("Valuing", 0, 10, "positions", 3.0),
            "Valuing [                                        ]   0% 0/10 positions");
  EXPECT_EQ(progress_bar_text("Analysing", 10, 10, "positions", 12.34),
            "Analysing [########################################] 100% 10/10 positions in 12.3 s");
  // Resumed at 600 of 1000: 100 more in 20 s, so the 300 left take 60 s.
  EXPECT_EQ(progress_bar_text("[step 2/4] value", 700, 1000, "positions", 20.0, 600),
            "[step 2/4] value [############################            ]  70% 700/1000 positions "
            "ETA 1:00");
}

}  // namespace
}  // namespace nard::tools
