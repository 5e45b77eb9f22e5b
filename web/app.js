// The nard web page: analysis (position, hint, evaluation, cube, rollout, a whole match) and a
// game against the bot, over the JSON API of `nard serve` (docs/api.md). No framework, no build step.
// This file holds the state, drawing, games and the position, and the wiring; the page loads
// board.js, jobs.js, board_input.js, analysis.js, match_analysis.js and play.js (functions and
// the ApiJob class only) before it.
'use strict';

const $ = (id) => document.getElementById(id);

class ApiError extends Error {
  constructor(message, field) {
    super(message);
    this.field = field;
  }
}

async function api(path, body, method) {
  const init = body === undefined ? { method: method || 'GET' }
    : { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) };
  let reply;
  try {
    reply = await fetch('/api/' + path, init);
  } catch (e) {
    throw new ApiError('the server does not answer (is nard serve still running?)');
  }
  const doc = await reply.json().catch(() => ({ error: `HTTP ${reply.status}` }));
  if (!reply.ok) throw new ApiError(doc.error || `HTTP ${reply.status}`, doc.field);
  return doc;
}

const fmt = {
  eq: (v) => {
    if (v === null || v === undefined) return '—';
    const r = Math.round(v * 1000) / 1000;
    return r === 0 ? '0.000' : (r > 0 ? '+' : '−') + Math.abs(r).toFixed(3);
  },
  pct: (v) => (v === null || v === undefined ? '—' : (100 * v).toFixed(1) + '%'),
  se: (v) => (v === null || v === undefined ? '' : '±' + (1.96 * v).toFixed(3)),
};

function escapeHtml(s) {
  return String(s).replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' }[c]));
}

// ---------------------------------------------------------------------------------------------
// State

const state = {
  info: null,
  game: null,         // the /api/info game of the chosen variant
  preset: null,       // its preset document
  tab: 'analyse',
  // Analysis
  pos: null,          // {board, position, notation} of the position shown (x on roll)
  roll: null,         // [d1, d2] or null
  plays: null,        // /api/moves plays of pos and roll
  entry: null,        // Board.MoveEntry while the player moves checkers
  selected: null,     // the point whose checker is picked up
  preview: null,      // index into hints shown on the board
  hints: [],
  lastMarks: [],
  editing: null,      // the board being set up, or null
  brush: 'x',
  rollout: null,      // the rollout job (jobs.js's ApiJob), made by wire()
  matchJob: null,     // the match analysis job
  matchErrors: [],    // its marked errors, in the order listed
  matchNames: [],     // its players
  // Play
  match: null,
};

function gameFields() {
  return { variant: state.game.variant, rules: state.preset.name };
}

function setStatus(text, kind) {
  const el = $('status');
  el.textContent = text || '';
  el.className = 'status' + (kind ? ' ' + kind : '');
}

// An error in the page's words: the engine's messages name command-line arguments (POSITION,
// --match); the page names its own fields, and only when the message does not already.
function pageMessage(e) {
  let m = String(e.message || e)
    .replace(/\bPOSITION\b/g, 'position').replace(/\bDICE\b/g, 'dice')
    .replace(/--([a-z][a-z-]*)/g, (_, name) => name.replace(/-/g, ' '));
  m = m.charAt(0).toUpperCase() + m.slice(1);
  const field = e.field ? String(e.field).replace(/_/g, ' ') : '';
  if (field && !m.toLowerCase().includes(field)) m += ` (${field})`;
  return m;
}

function showError(e) {
  setStatus(pageMessage(e), 'error');
}

// ---------------------------------------------------------------------------------------------
// Drawing

function cubeForBoard() {
  if (!state.preset || !state.preset.cube) return null;
  if (state.tab === 'play' && state.match) {
    const m = state.match;
    if (!m.useCube) return null;
    return { value: m.cube, owner: m.cubeOwner === 'human' ? 'x' : m.cubeOwner === 'bot' ? 'o' : 'centred' };
  }
  const owner = $('cube-owner').value;
  return { value: Number($('cube-value').value) || 1, owner: owner === 'me' ? 'x' : owner === 'opponent' ? 'o' : 'centred' };
}

function currentBoard() {
  if (state.tab === 'play') {
    if (state.entry) return state.entry.board;
    return state.match ? state.match.board : Board.fromJson(state.game.start.board);
  }
  if (state.editing) return state.editing;
  if (state.preview !== null && state.hints[state.preview]) {
    const h = state.hints[state.preview];
    return Board.flip(Board.parseNotation(h.notation, state.pos.board.geometry));
  }
  if (state.entry) return state.entry.board;
  return state.pos ? state.pos.board : Board.empty('contrary');
}

function redraw() {
  const board = currentBoard();
  let targets = [];
  if (state.entry && state.selected !== null) targets = state.entry.targets(state.selected);
  let dice = state.roll, diceSide = 0;
  if (state.tab === 'play' && state.match && state.match.botRoll) {
    dice = state.match.botRoll;
    diceSide = 1;
  }
  Board.draw($('board'), board, {
    dice, diceSide, cube: cubeForBoard(), selected: state.selected, targets,
    marks: state.preview !== null ? [] : state.lastMarks,
    // After a play in analysis the opponent is on roll (drawn at the bottom) in his own colour.
    swapColours: state.tab !== 'play' && !state.editing && state.swapColours,
    diceUsed: state.entry && dice && diceSide === 0 ? state.entry.diceUsed(dice) : null,
  });
  if (state.editing) {
    const c = Board.counts(state.editing);
    $('edit-count').textContent = `x ${c[0]}/15 · o ${c[1]}/15`;
  } else {
    $('edit-count').textContent = '';
  }
  $('undo-btn').disabled = !(state.pendingPlay || (state.entry && state.entry.made.length));
}

// ---------------------------------------------------------------------------------------------
// Games and presets

function fillGames() {
  const sel = $('variant');
  sel.innerHTML = '';
  for (const g of state.info.games) {
    const o = document.createElement('option');
    o.value = g.variant;
    o.textContent = { backgammon: 'Backgammon', plakoto: 'Plakoto', tawla31: 'Tawla 31', fevga: 'Fevga', longnardy: 'Long Nardy' }[g.variant] || g.variant;
    sel.appendChild(o);
  }
}

function fillPresets() {
  const sel = $('preset');
  sel.innerHTML = '';
  for (const p of state.game.presets) {
    const o = document.createElement('option');
    o.value = p.name;
    o.textContent = p.name;
    sel.appendChild(o);
  }
  sel.value = state.game.default_rules;
}

function chooseGame(variant, keepPosition) {
  state.game = state.info.games.find((g) => g.variant === variant) || state.info.games[0];
  $('variant').value = state.game.variant;
  fillPresets();
  choosePreset(state.game.default_rules, keepPosition);
}

function choosePreset(name, keepPosition) {
  state.preset = state.game.presets.find((p) => p.name === name) || state.game.presets[0];
  $('preset').value = state.preset.name;
  $('cube-card').hidden = !state.preset.cube;
  $('ro-cubeful').disabled = !state.preset.cube;
  $('ro-cube-decision').disabled = !state.preset.cube;
  $('use-cube').disabled = !state.preset.cube;
  $('cube-btn').disabled = !state.preset.cube || !!state.editing;
  // A game played to a target (Tawla 31) sets the match; leaving it goes back to money play. Only
  // the lengths the match equity table can value are offered where the game has a cube.
  const lengths = $('match-length');
  const target = state.preset.match_target;
  for (const o of lengths.options) {
    const n = Number(o.value);
    o.hidden = n > 0 && n !== target && state.preset.cube && n > state.info.met.length;
  }
  if (target > 0) lengths.value = String(target);
  else if (state.matchFromPreset || lengths.selectedOptions[0]?.hidden) lengths.value = '0';
  state.matchFromPreset = target > 0;
  if (!keepPosition) loadPosition('start');
}

// ---------------------------------------------------------------------------------------------
// Analysis: the position

// keepMarks: the position follows a play (the last play stays marked, each side keeps its colour).
async function loadPosition(text, keepMarks) {
  if (!keepMarks) {
    state.lastMarks = [];
    state.swapColours = false;
  }
  try {
    const doc = await api('position', { ...gameFields(), position: text });
    // The dice before the position, so that its legal plays and the board's dice are the roll's:
    // a format that carries the match (XGID, Match ID, FIBS board) says whether dice are rolled.
    if (doc.dice) setRoll([Number(doc.dice[0]), Number(doc.dice[1])]);
    else if (doc.match) setRoll(null);
    setPosition(doc);
    if (doc.match) {
      const m = doc.match;
      setMatchFields(m.match_length, m.score, m.cube, m.cube_owner, m.crawford);
    }
    setStatus(text === 'start' ? 'The starting position. Pick dice to see the plays.' : 'Position loaded.');
  } catch (e) {
    showError(e);
  }
}

// The match and cube fields (the side on roll's view): a match length the list lacks is added.
function setMatchFields(length, score, cube, owner, crawford) {
  if (!state.preset.cube) return;
  const lengths = $('match-length');
  lengths.value = String(length);
  if (lengths.value !== String(length)) {
    const o = document.createElement('option');
    o.value = o.textContent = String(length);
    lengths.appendChild(o);
    lengths.value = o.value;
  }
  state.matchFromPreset = false;
  $('score-x').value = score[0];
  $('score-o').value = score[1];
  $('cube-value').value = cube;
  $('cube-owner').value = owner;
  $('crawford').checked = crawford;
  redraw();
}

function setPosition(doc) {
  state.pos = { board: Board.fromJson(doc.board), position: doc.position, notation: doc.notation };
  $('position-id').textContent = doc.position;
  $('position-notation').textContent = doc.notation;
  $('position-pips').textContent = `x ${doc.board.pips[0]} · o ${doc.board.pips[1]}`;
  if (document.activeElement !== $('position-input')) $('position-input').value = doc.position;
  clearAnalysis();
  refreshPlays();
}

function clearAnalysis() {
  state.hints = [];
  state.preview = null;
  state.entry = null;
  state.selected = null;
  $('hint-table').querySelector('tbody').innerHTML = '';
  $('hint-meta').textContent = '';
  $('eval-out').innerHTML = '<span class="muted">Evaluate shows the chances of the side on roll.</span>';
  $('eval-meta').textContent = '';
  $('cube-out').innerHTML = '<span class="muted">Cube analyses the doubling decision of the side on roll.</span>';
  $('ro-out').innerHTML = '<span class="muted">With dice set, the best plays of the roll are rolled out; without, the position.</span>';
  $('ro-progress').value = 0;
  $('ro-count').textContent = '';
}

function setRoll(roll) {
  state.roll = roll;
  $('die1').value = roll ? String(roll[0]) : '';
  $('die2').value = roll ? String(roll[1]) : '';
}

// The legal plays of the position and roll, ready to be entered by clicking.
async function refreshPlays() {
  state.plays = null;
  state.entry = null;
  state.selected = null;
  const sel = $('play-select');
  sel.innerHTML = '<option value="">Legal plays…</option>';
  redraw();
  if (!state.pos || !state.roll) return;
  const pos = state.pos, roll = state.roll;
  try {
    const doc = await api('moves', { ...gameFields(), position: pos.position, dice: roll.join('') });
    if (state.pos !== pos || state.roll !== roll) return;
    state.plays = doc.plays;
    for (const [i, p] of doc.plays.entries()) {
      const o = document.createElement('option');
      o.value = String(i);
      o.textContent = p.move || '(no move)';
      sel.appendChild(o);
    }
    if (doc.plays.length && doc.plays[0].steps.length) {
      state.entry = new Board.MoveEntry(pos.board, roll, doc.plays, state.preset.landing);
    }
    if (!doc.plays.length || !doc.plays[0].steps.length) setStatus(`No legal play with ${roll.join('-')}.`);
    redraw();
  } catch (e) {
    showError(e);
  }
}

// A play is made (by clicking, the list or the hint table): the position passes to the opponent.
function madePlay(play) {
  if (state.tab === 'play') return humanPlayed(play);
  const mover = state.pos.board;
  state.lastMarks = landings(play.steps).map((p) => Board.flipPoint(p, mover.geometry));
  state.swapColours = !state.swapColours;
  setRoll(null);
  loadPosition(play.position, true).then(() => {
    const over = play.game_over ? ' — ' + gameOverText(play.game_over, 'x') : '';
    setStatus(`Played ${play.move}${over}. The opponent is on roll now (at the bottom, in his own colour).`, 'ok');
  });
}

// The points where the checkers of a play came to rest (not the points they passed).
function landings(steps) {
  return steps.filter((s, i) => s.to >= 1 && !steps.slice(i + 1).some((t) => t.from === s.to)).map((s) => s.to);
}

function gameOverText(over, mover) {
  if (!over) return '';
  if (over.winner === null) return 'the game is a draw';
  const who = over.winner === mover ? 'wins' : 'loses';
  return `${mover} ${who} ${over.points} point${over.points === 1 ? '' : 's'} (${over.kind.replace('_', ' ')})`;
}

// ---------------------------------------------------------------------------------------------
// Tabs and wiring

function setTab(tab) {
  state.tab = tab;
  document.querySelectorAll('.tab').forEach((t) => t.classList.toggle('active', t.dataset.tab === tab));
  $('analyse-panel').hidden = tab !== 'analyse';
  $('play-panel').hidden = tab !== 'play';
  // Roll and Double sit under the board, beside Undo and Confirm play, in a game.
  document.querySelectorAll('.play-only').forEach((b) => { b.hidden = tab !== 'play'; });
  if (state.editing) stopEdit();
  state.entry = null;
  state.selected = null;
  state.preview = null;
  state.lastMarks = [];
  if (tab === 'analyse') {
    if (state.pos) setPosition({ board: boardJsonOf(state.pos.board), position: state.pos.position, notation: state.pos.notation });
    setStatus('');
  } else {
    state.roll = null;
    if (!state.match) setStatus('Start a game against nard.');
    updatePlayUi();
  }
  redraw();
}

function boardJsonOf(b) {
  const pins = [];
  for (let p = 1; p <= 24; ++p) if (b.pins[p]) pins.push(p);
  return { geometry: b.geometry, points: b.points.slice(1), pins, bar: b.bar, off: b.off, first_turn: b.first, pips: Board.pips(b) };
}

function wire() {
  for (let i = 1; i <= 6; ++i) {
    for (const id of ['die1', 'die2']) {
      const o = document.createElement('option');
      o.value = o.textContent = String(i);
      $(id).appendChild(o);
    }
  }
  $('variant').addEventListener('change', (e) => { state.match = null; chooseGame(e.target.value); if (state.tab === 'play') setTab('play'); });
  $('preset').addEventListener('change', (e) => { state.match = null; choosePreset(e.target.value); if (state.tab === 'play') setTab('play'); });
  document.querySelectorAll('.tab').forEach((t) => t.addEventListener('click', () => setTab(t.dataset.tab)));
  $('board').addEventListener('click', onBoardClick);
  $('load-btn').addEventListener('click', () => loadPosition($('position-input').value.trim()));
  $('position-input').addEventListener('keydown', (e) => { if (e.key === 'Enter') loadPosition(e.target.value.trim()); });
  $('start-btn').addEventListener('click', () => { setRoll(null); loadPosition('start'); });
  $('flip-btn').addEventListener('click', () => {
    // The other side on roll, at the bottom, in its own colour.
    const swap = !state.swapColours;
    setRoll(null);
    loadPosition(Board.toNotation(Board.flip(state.pos.board))).then(() => {
      state.swapColours = swap;
      redraw();
    });
  });
  $('edit-btn').addEventListener('click', startEdit);
  $('edit-done').addEventListener('click', finishEdit);
  $('edit-cancel').addEventListener('click', () => { stopEdit(); setStatus('Editing cancelled: the position is as it was.'); });
  $('edit-clear').addEventListener('click', () => { state.editing = Board.empty(state.editing.geometry); redraw(); });
  document.querySelectorAll('.brush').forEach((b) => b.addEventListener('click', () => {
    state.brush = b.dataset.brush;
    document.querySelectorAll('.brush').forEach((x) => x.classList.toggle('active', x === b));
  }));
  const diceChanged = () => {
    const a = Number($('die1').value), b = Number($('die2').value);
    state.roll = a && b ? [a, b] : null;
    state.hints = [];
    $('hint-table').querySelector('tbody').innerHTML = '';
    refreshPlays();
  };
  $('die1').addEventListener('change', diceChanged);
  $('die2').addEventListener('change', diceChanged);
  $('roll-dice-btn').addEventListener('click', () => { setRoll([randomDie(), randomDie()]); diceChanged(); });
  $('hint-btn').addEventListener('click', hint);
  $('eval-btn').addEventListener('click', evaluate);
  $('cube-btn').addEventListener('click', cube);
  for (const id of ['cube-value', 'cube-owner']) $(id).addEventListener('change', redraw);
  $('hint-table').addEventListener('click', onHintRow);
  state.rollout = new ApiJob('rollout', 'ro', 250, rolloutEnded);
  state.matchJob = new ApiJob('analyze', 'ma', 300, matchAnalysisEnded);
  $('ro-start').addEventListener('click', startRollout);
  $('ro-cancel').addEventListener('click', () => state.rollout.cancel());
  $('ma-file').addEventListener('change', readMatchFile);
  $('ma-start').addEventListener('click', startMatchAnalysis);
  $('ma-cancel').addEventListener('click', () => state.matchJob.cancel());
  $('ma-out').addEventListener('click', onMatchErrorRow);
  $('undo-btn').addEventListener('click', undoMoves);
  $('confirm-btn').addEventListener('click', confirmPlay);
  $('resign-btn').addEventListener('click', humanResigns);
  $('play-select').addEventListener('change', (e) => {
    const i = e.target.value;
    e.target.value = '';
    if (i !== '' && state.plays) madePlay(state.plays[Number(i)]);
  });
  $('new-game-btn').addEventListener('click', newMatch);
  $('next-game-btn').addEventListener('click', newGame);
  $('roll-btn').addEventListener('click', humanRoll);
  $('double-btn').addEventListener('click', humanDoubles);
  $('take-btn').addEventListener('click', () => answerDouble(true));
  $('pass-btn').addEventListener('click', () => answerDouble(false));
  $('play-hint-btn').addEventListener('click', playHint);
  document.addEventListener('keydown', (e) => {
    if (e.key === 'Escape') {
      state.selected = null;
      state.preview = null;
      redraw();
    }
  });
}

async function main() {
  wire();
  try {
    state.info = await api('info');
  } catch (e) {
    return showError(e);
  }
  $('version').textContent = state.info.version;
  fillGames();
  const params = new URLSearchParams(location.search);
  chooseGame(params.get('variant') || 'backgammon', params.has('position'));
  if (params.get('rules')) choosePreset(params.get('rules'), params.has('position'));
  if (params.has('position')) {
    await loadPosition(params.get('position'));
    if (params.get('dice')) {
      const d = params.get('dice').replace('-', '');
      setRoll([Number(d[0]), Number(d[1])]);
      refreshPlays();
    }
  }
}

main();
