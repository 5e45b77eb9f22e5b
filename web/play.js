// A game or match against the bot: rolls, plays (confirmed before they are sent), the cube,
// resignations and the score. Functions only, called by app.js's wiring.
'use strict';

// Play against the bot. The human is x (bottom); positions are kept from the human's view and
// flipped for the bot's requests. Dice come from the browser.

// A roll as players write it: the larger die first ("6-3", not "3-6").
function diceText(roll) {
  return `${Math.max(roll[0], roll[1])}-${Math.min(roll[0], roll[1])}`;
}

function randomDie() {
  const a = new Uint32Array(1);
  do crypto.getRandomValues(a); while (a[0] >= 4294967292);  // 4294967292 = 6 * 715827882
  return (a[0] % 6) + 1;
}

function log(text, cls) {
  const li = document.createElement('li');
  li.textContent = text;
  if (cls) li.className = cls;
  const ol = $('play-log');
  ol.appendChild(li);
  ol.scrollTop = ol.scrollHeight;
}

function nextCube(value) {
  return state.preset.cube_progression === 'arithmetic' ? value + 1 : value * 2;
}

function newMatch() {
  const length = Number($('game-length').value) || 0;
  state.match = {
    length, score: { human: 0, bot: 0 }, crawfordDone: false, crawford: false,
    ply: Number($('bot-ply').value), useCube: $('use-cube').checked && state.preset.cube,
    previousWinner: null, gameNo: 0,
  };
  $('play-log').innerHTML = '';
  newGame();
}

async function newGame() {
  const m = state.match;
  m.gameNo += 1;
  m.cube = 1;
  m.cubeOwner = 'centred';
  m.cubeTurned = false;
  m.over = false;
  m.humanRoll = null;
  m.botRoll = null;
  m.crawford = m.length > 0 && !m.crawfordDone && state.preset.crawford &&
    (m.score.human === m.length - 1 || m.score.bot === m.length - 1);
  if (m.crawford) m.crawfordDone = true;
  $('next-game-btn').hidden = true;
  log(`Game ${m.gameNo}${m.crawford ? ' (Crawford game)' : ''}`, 'head');
  const start = Board.fromJson(state.game.start.board);
  // The opening roll: one die each until they differ.
  let h, b;
  do { h = randomDie(); b = randomDie(); } while (h === b);
  let humanStarts = state.preset.opening_starter === 'low' ? h < b : h > b;
  if (state.preset.previous_winner_starts && m.previousWinner) humanStarts = m.previousWinner === 'human';
  else log(`Opening roll: you ${h}, nard ${b}.`);
  const roll = state.preset.opening === 'both' && !(state.preset.previous_winner_starts && m.previousWinner)
    ? [Math.max(h, b), Math.min(h, b)] : null;
  // The board is kept from the human's side; the start is symmetric, so both begin from it.
  m.board = start;
  if (humanStarts) {
    m.turn = 'human';
    if (roll) return humanRolled(roll);
    return humanTurn();
  }
  m.turn = 'bot';
  return botTurn(roll);
}

function scoreLine() {
  const m = state.match;
  if (!m) return '';
  const s = `you ${m.score.human} · nard ${m.score.bot}`;
  return m.length ? `${s} (to ${m.length})` : `${s} (money)`;
}

function updatePlayUi() {
  const m = state.match;
  $('score-line').textContent = scoreLine();
  const humanToAct = m && !m.over && m.turn === 'human' && !m.humanRoll && !m.pendingDouble;
  $('roll-btn').disabled = !humanToAct;
  $('double-btn').disabled = !(humanToAct && canDouble('human'));
  $('play-hint-btn').disabled = !(m && !m.over && m.turn === 'human' && m.humanRoll);
  $('resign-btn').disabled = !(m && !m.over && m.turn === 'human' && !m.pendingDouble && !state.pendingPlay);
  // The levels the game has (rules' gammon and backgammon values; Tawla 31 concedes its count).
  const p = state.preset || {};
  const gammons = !p.scores_checker_count && p.gammon_value > 1;
  const allowed = { single: true, gammon: gammons, backgammon: gammons && p.backgammon_value > p.gammon_value };
  for (const o of $('resign-level').options) o.disabled = !allowed[o.value];
  if (!allowed[$('resign-level').value]) $('resign-level').value = 'single';
  $('take-btn').hidden = !(m && m.pendingDouble === 'bot');
  $('pass-btn').hidden = !(m && m.pendingDouble === 'bot');
  redraw();
}

function canDouble(who) {
  const m = state.match;
  if (!m.useCube || m.crawford) return false;
  if (m.cubeOwner !== 'centred' && m.cubeOwner !== who) return false;
  if (nextCube(m.cube) > state.preset.cube_cap) return false;
  if (m.length > 0) {
    const mine = who === 'human' ? m.score.human : m.score.bot;
    if (mine + m.cube >= m.length) return false;  // a dead cube for the leader
  }
  return true;
}

// The match and cube fields of a cube request from `who`'s side.
function cubeFieldsFor(who) {
  const m = state.match;
  const f = { cube: m.cube, cube_owner: m.cubeOwner === 'centred' ? 'centred' : m.cubeOwner === who ? 'me' : 'opponent' };
  if (m.length > 0) {
    f.match_length = m.length;
    f.score = who === 'human' ? [m.score.human, m.score.bot] : [m.score.bot, m.score.human];
    f.crawford = m.crawford;
  }
  return f;
}

function positionFor(who) {
  const b = who === 'human' ? state.match.board : Board.flip(state.match.board);
  return Board.toNotation(b);
}

function humanTurn() {
  const m = state.match;
  m.turn = 'human';
  m.humanRoll = null;
  setStatus(canDouble('human') ? 'Your turn: roll, or double.' : 'Your turn: roll.');
  updatePlayUi();
}

function humanRoll() {
  humanRolled([randomDie(), randomDie()]);
}

async function humanRolled(roll) {
  const m = state.match;
  m.humanRoll = roll;
  m.botRoll = null;
  state.roll = roll;
  log(`You roll ${diceText(roll)}.`);
  try {
    const doc = await api('moves', { ...gameFields(), position: positionFor('human'), dice: roll.join('') });
    state.plays = doc.plays;
    const sel = $('play-select');
    sel.innerHTML = '<option value="">Legal plays…</option>';
    doc.plays.forEach((p, i) => {
      const o = document.createElement('option');
      o.value = String(i);
      o.textContent = p.move;
      sel.appendChild(o);
    });
    if (!doc.plays.length || !doc.plays[0].steps.length) {
      log('You cannot move.');
      state.entry = null;
      updatePlayUi();
      return setTimeout(() => endHumanTurn(doc.plays[0] || null), 900);
    }
    state.entry = new Board.MoveEntry(m.board, roll, doc.plays, state.preset.landing);
    setStatus(`You rolled ${roll.join('-')}: move your checkers (click a checker, then where it goes).`);
    updatePlayUi();
  } catch (e) {
    showError(e);
  }
}

// A finished play in a game waits for Confirm play (or Undo) before it is sent.
function humanPlayed(play) {
  state.pendingPlay = play;
  $('confirm-btn').hidden = false;
  setStatus(`Your play: ${play.move}. Confirm it, or Undo to move again.`);
  updatePlayUi();
}

function confirmPlay() {
  const play = state.pendingPlay;
  if (!play) return;
  state.pendingPlay = null;
  $('confirm-btn').hidden = true;
  log(`You play ${play.move}.`);
  endHumanTurn(play);
}

// The human offers nard the game at the level chosen (gnubg's single, gammon, backgammon); nard
// accepts when that is worth at least playing on (POST /api/resign).
async function humanResigns() {
  const m = state.match;
  if (!m || m.over || m.turn !== 'human' || state.pendingPlay) return;
  const level = $('resign-level').value;
  const req = { ...gameFields(), position: positionFor('human'), ply: m.ply, resign: level, ...cubeFieldsFor('human') };
  if (m.humanRoll) req.dice = m.humanRoll.join('');
  try {
    const d = await api('resign', req);
    log(`You resign a ${level === 'single' ? 'single game' : level}.`);
    if (!d.accepted) {
      log('nard declines: it plays on.');
      return setStatus('nard declines the resignation: play on.');
    }
    log('nard accepts.');
    state.entry = null;
    state.selected = null;
    state.roll = null;
    m.humanRoll = null;
    gameOver('bot', { kind: 'resigned', points: d.points });
  } catch (e) {
    showError(e);
  }
}

function endHumanTurn(play) {
  const m = state.match;
  state.entry = null;
  state.selected = null;
  state.roll = null;
  m.humanRoll = null;
  if (play) {
    const next = Board.parseNotation(play.notation, m.board.geometry);  // the bot on roll
    state.lastMarks = [];
    m.board = Board.flip(next);
    if (play.game_over) return gameOver(play.game_over.winner === 'x' ? 'human' : play.game_over.winner === 'o' ? 'bot' : null, play.game_over);
  } else {
    m.board.first[0] = false;  // a forfeited first turn counts as played
  }
  botTurn(null);
}

async function humanDoubles() {
  const m = state.match;
  if (!canDouble('human')) return;
  const value = nextCube(m.cube);
  log(`You double to ${value}.`);
  updatePlayUi();
  try {
    const d = await api('cube', { ...gameFields(), position: positionFor('human'), ply: m.ply, ...cubeFieldsFor('human') });
    if (d.taker === 'pass') {
      log('nard passes.', 'result');
      return gameOver('human', { points: 0, kind: 'dropped' });
    }
    log('nard takes.');
    m.cube = value;
    m.cubeOwner = 'bot';
    m.cubeTurned = true;
    humanRoll();
  } catch (e) {
    showError(e);
  }
}

async function botTurn(openingRoll) {
  const m = state.match;
  if (m.over) return;
  m.turn = 'bot';
  updatePlayUi();
  setStatus('nard is thinking…');
  try {
    if (!openingRoll && canDouble('bot')) {
      const d = await api('cube', { ...gameFields(), position: positionFor('bot'), ply: m.ply, ...cubeFieldsFor('bot') });
      if (d.doubler === 'double') {
        m.pendingDouble = 'bot';
        log(`nard doubles to ${nextCube(m.cube)}.`, 'result');
        setStatus(`nard doubles to ${nextCube(m.cube)}: take or pass?`);
        updatePlayUi();
        return;
      }
    }
    await botRolls(openingRoll);
  } catch (e) {
    showError(e);
  }
}

async function answerDouble(take) {
  const m = state.match;
  m.pendingDouble = null;
  if (!take) {
    log('You pass.', 'result');
    return gameOver('bot', { points: 0, kind: 'dropped' });
  }
  log('You take.');
  m.cube = nextCube(m.cube);
  m.cubeOwner = 'human';
  m.cubeTurned = true;
  updatePlayUi();
  try {
    await botRolls(null);
  } catch (e) {
    showError(e);
  }
}

async function botRolls(openingRoll) {
  const m = state.match;
  const roll = openingRoll || [randomDie(), randomDie()];
  m.botRoll = roll;
  redraw();
  const doc = await api('hint', { ...gameFields(), position: positionFor('bot'), dice: roll.join(''), ply: m.ply, top: 1 });
  const play = doc.plays[0];
  if (!play || !play.steps.length) {
    log(`nard rolls ${diceText(roll)} and cannot move.`);
    m.board.first[1] = false;
  } else {
    log(`nard rolls ${diceText(roll)} and plays ${play.move}.`);
    const geometry = m.board.geometry;
    state.lastMarks = landings(play.steps).map((p) => Board.flipPoint(p, geometry));
    m.board = Board.parseNotation(play.notation, geometry);  // the human on roll: his view
    if (play.game_over) {
      redraw();
      return gameOver(play.game_over.winner === 'x' ? 'bot' : play.game_over.winner === 'o' ? 'human' : null, play.game_over);
    }
  }
  await new Promise((r) => setTimeout(r, 350));
  m.botRoll = null;
  humanTurn();
}

function gameOver(winner, over) {
  const m = state.match;
  m.over = true;
  m.pendingDouble = null;
  let points;
  if (over.kind === 'dropped') points = m.cube;
  else {
    points = over.points * m.cube;
    if (m.length === 0 && state.preset.jacoby && !m.cubeTurned) points = Math.min(points, m.cube);
  }
  if (winner === null) log('The game is a draw.', 'result');
  else {
    m.score[winner] += points;
    m.previousWinner = winner;
    const kind = over.kind === 'dropped' ? 'double passed' : over.kind.replace('_', ' ');
    log(`${winner === 'human' ? 'You win' : 'nard wins'} ${points} point${points === 1 ? '' : 's'} (${kind}).`, 'result');
  }
  const done = m.length > 0 && (m.score.human >= m.length || m.score.bot >= m.length);
  if (done) {
    log(m.score.human >= m.length ? 'You win the match!' : 'nard wins the match.', 'head');
    setStatus('Match over: New game starts another.');
  } else {
    $('next-game-btn').hidden = false;
    setStatus('Game over.');
  }
  updatePlayUi();
}

async function playHint() {
  const m = state.match;
  if (!m || !m.humanRoll) return;
  try {
    const doc = await api('hint', { ...gameFields(), position: positionFor('human'), dice: m.humanRoll.join(''), ply: m.ply, top: 3 });
    setStatus('nard suggests: ' + doc.plays.map((p) => `${p.move} (${fmt.eq(p.equity)})`).join(' · '));
  } catch (e) {
    showError(e);
  }
}
