// The nard web page: analysis (position, hint, evaluation, cube, rollout, a whole match) and a
// game against the bot, over the JSON API of `nard serve` (docs/api.md). No framework, no build step.
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
  rollout: null,      // {id, timer}
  matchJob: null,     // the match analysis job: {id, timer}
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
// Clicking the board

function onBoardClick(ev) {
  const hit = ev.target.closest('[data-point]');
  if (!hit) return;
  const p = Number(hit.dataset.point);
  if (state.editing) return editClick(p, ev);
  if (state.preview !== null) {
    state.preview = null;
    redraw();
  }
  const entry = state.entry;
  if (!entry) return;
  if (state.selected === null) {
    if (entry.sources().includes(p)) {
      state.selected = p;
      const t = entry.targets(p);
      if (t.length === 1 && ev.detail >= 2) return tryMove(p, t[0]);
    } else if (p !== 0) {
      setStatus(entry.sources().length ? 'That checker cannot move with this roll.' : 'All dice are used.');
    }
    return redraw();
  }
  if (p === state.selected) {
    state.selected = null;
    return redraw();
  }
  const targets = entry.targets(state.selected);
  if (targets.includes(p)) return tryMove(state.selected, p);
  if (entry.sources().includes(p)) {
    state.selected = p;
    return redraw();
  }
  setStatus('Not a legal destination for that checker.');
}

function tryMove(from, to) {
  const entry = state.entry;
  state.selected = null;
  if (!entry.move(from, to)) {
    setStatus('No legal play moves that checker there.');
    return redraw();
  }
  const play = entry.finished();
  redraw();
  if (play) return madePlay(play);
  if (entry.stuck()) setStatus('That is not a legal play: Undo and try again.', 'error');
  else setStatus(`Moved ${from === 25 ? 'bar' : from}/${to === 0 ? 'off' : to}.`);
}

function undoMoves() {
  if (!state.plays) return;
  if (state.pendingPlay) {
    state.pendingPlay = null;
    $('confirm-btn').hidden = true;
  }
  state.entry = new Board.MoveEntry(state.entry.start, state.entry ? currentRoll() : state.roll, state.plays, state.preset.landing);
  state.selected = null;
  setStatus('');
  redraw();
}

function currentRoll() {
  if (state.tab === 'play' && state.match) return state.match.humanRoll;
  return state.roll;
}

// ---------------------------------------------------------------------------------------------
// Setting up a position by clicking

function startEdit() {
  state.editing = Board.clone(state.pos ? state.pos.board : Board.empty('contrary'));
  state.editing.first = [false, false];
  state.entry = null;
  state.selected = null;
  $('edit-tools').hidden = false;
  $('play-select').hidden = true;
  $('undo-btn').hidden = true;
  setAnalysisEnabled(false);
  setStatus('Edit: click points to add checkers of the chosen colour (− removes, pin toggles a pinned checker); click the bar or the tray beside the board for checkers on the bar or borne off. The side on roll (x) plays from 24 to 1. Done checks the position (15 checkers a side).');
  redraw();
}

function editClick(p, ev) {
  const b = state.editing;
  const brush = ev.shiftKey && state.brush !== 'erase' ? 'erase' : state.brush;
  if (p === 25 || p === 0) {
    const arr = p === 25 ? b.bar : b.off;
    if (brush === 'x') arr[0] = Math.min(15, arr[0] + 1);
    else if (brush === 'o') arr[1] = Math.min(15, arr[1] + 1);
    else if (brush === 'erase') {
      if (arr[0]) arr[0] -= 1; else if (arr[1]) arr[1] -= 1;
    }
    return redraw();
  }
  const v = b.points[p];
  if (brush === 'x') b.points[p] = v < 0 ? 1 : Math.min(15, v + 1), b.pins[p] = v < 0 ? false : b.pins[p];
  else if (brush === 'o') b.points[p] = v > 0 ? -1 : Math.max(-15, v - 1), b.pins[p] = v > 0 ? false : b.pins[p];
  else if (brush === 'pin') b.pins[p] = v !== 0 && !b.pins[p];
  else if (brush === 'erase') {
    if (b.pins[p]) b.pins[p] = false;
    else if (v > 0) b.points[p] = v - 1;
    else if (v < 0) b.points[p] = v + 1;
  }
  redraw();
}

async function finishEdit() {
  const text = Board.toNotation(state.editing);
  try {
    const doc = await api('position', { ...gameFields(), position: text });
    stopEdit();
    setPosition(doc);
    setStatus('Position set up.', 'ok');
  } catch (e) {
    showError(e);
  }
}

function stopEdit() {
  state.editing = null;
  $('edit-tools').hidden = true;
  $('play-select').hidden = false;
  $('undo-btn').hidden = false;
  setAnalysisEnabled(true);
  redraw();
}

// Hint, Evaluate, Cube and Roll out analyse the position shown: off while it is being edited and
// not yet valid (Cube also where the game has no cube).
function setAnalysisEnabled(on) {
  for (const id of ['hint-btn', 'eval-btn', 'ro-start']) $(id).disabled = !on;
  $('cube-btn').disabled = !on || !state.preset.cube;
}

// ---------------------------------------------------------------------------------------------
// Analysis: hint, eval, cube, rollout

function busy(button, on) {
  button.disabled = on;
  button.classList.toggle('busy', on);
}

async function hint() {
  if (state.editing) return setStatus('Finish editing first: Done checks the position.', 'error');
  if (!state.roll) return setStatus('Choose the dice first (or Random).', 'error');
  const btn = $('hint-btn');
  busy(btn, true);
  setStatus(`Ranking the plays of ${state.roll.join('-')} at ${$('ply').value}-ply…`);
  try {
    const doc = await api('hint', { ...gameFields(), position: state.pos.position, dice: state.roll.join(''), ply: Number($('ply').value), top: 0, ...matchFields() });
    state.hints = doc.plays;
    state.preview = null;
    $('hint-meta').textContent = `${doc.dice} · ${doc.ply}-ply ${doc.settings.cubeful ? 'cubeful' : 'cubeless'} · ${doc.legal_plays} legal`;
    const body = $('hint-table').querySelector('tbody');
    // Tawla 31 scores checkers: its columns are the expected counts won and lost.
    const counts = state.preset.scores_checker_count, scale = state.preset.count_scale;
    $('hint-wg').textContent = counts ? 'Won' : 'W g';
    $('hint-wg').title = counts ? 'Expected checkers won' : 'Wins with a gammon or more';
    $('hint-lg').textContent = counts ? 'Lost' : 'L g';
    $('hint-lg').title = counts ? 'Expected checkers lost' : 'Losses with a gammon or more';
    const side = (v) => (counts ? (scale * v).toFixed(2) : fmt.pct(v));
    body.innerHTML = doc.plays.map((p, i) =>
      `<tr data-index="${i}" class="${i === 0 ? 'best' : ''}"><td>${p.rank}</td><td class="left mono">${escapeHtml(p.move || '(none)')}</td>` +
      `<td>${fmt.eq(p.equity)}</td><td>${i ? fmt.eq(p.difference) : ''}</td><td>${fmt.pct(p.probabilities.win)}</td>` +
      `<td>${side(p.probabilities.win_gammon)}</td><td>${side(p.probabilities.lose_gammon)}</td>` +
      `<td class="muted">${p.ply}-ply</td></tr>`).join('');
    if (!doc.plays.length) body.innerHTML = '<tr><td colspan="8" class="muted">No legal play.</td></tr>';
    setStatus(doc.plays.length ? `Best: ${doc.plays[0].move}` : 'No legal play.', 'ok');
  } catch (e) {
    showError(e);
  } finally {
    busy(btn, false);
  }
}

function onHintRow(ev) {
  const row = ev.target.closest('tr[data-index]');
  if (!row) return;
  const i = Number(row.dataset.index);
  const rows = $('hint-table').querySelectorAll('tr[data-index]');
  if (state.preview === i) {
    const h = state.hints[i];
    state.preview = null;
    const play = (state.plays || []).find((p) => p.notation === h.notation) || h;
    return madePlay(play);
  }
  state.preview = i;
  rows.forEach((r) => r.classList.toggle('selected', Number(r.dataset.index) === i));
  setStatus(`Showing ${state.hints[i].move}: click the row again to play it, or the board to go back.`);
  redraw();
}

// Tawla 31 scores the checkers left to the loser: the chances of winning and the expected count
// won and lost (as `nard eval` prints them), not gammons.
function countBars(p) {
  const scale = state.preset.count_scale, lose = 1 - p.win;
  const bar = (name, v, cls) =>
    `<div class="pbar"><span class="pname">${name}</span><span class="ptrack"><span class="pfill ${cls}" style="width:${(100 * v).toFixed(1)}%"></span></span><span class="pval">${fmt.pct(v)}</span></div>`;
  const count = (name, v) => `<div class="pbar"><span class="pname">${name}</span><span class="pval">${(scale * v).toFixed(2)} checkers</span></div>`;
  return bar('Win', p.win, 'fx') + count('Expected count won', p.win_gammon) +
    bar('Lose', lose, 'fo') + count('Expected count lost', p.lose_gammon);
}

function probabilityBars(p) {
  const win = p.win, lose = 1 - p.win;
  const row = (name, v, cls) =>
    `<div class="pbar"><span class="pname">${name}</span><span class="ptrack"><span class="pfill ${cls}" style="width:${(100 * v).toFixed(1)}%"></span></span><span class="pval">${fmt.pct(v)}</span></div>`;
  return row('Win', win, 'fx') + row('Win gammon', p.win_gammon, 'fx') + row('Win bg', p.win_backgammon, 'fx') +
    row('Lose', lose, 'fo') + row('Lose gammon', p.lose_gammon, 'fo') + row('Lose bg', p.lose_backgammon, 'fo');
}

function matchFields() {
  if (!state.preset.cube) return {};
  const f = {
    match_length: Number($('match-length').value) || 0,
    cube: Number($('cube-value').value) || 1,
    cube_owner: $('cube-owner').value,
  };
  if (f.match_length > 0) {
    f.score = [Number($('score-x').value) || 0, Number($('score-o').value) || 0];
    f.crawford = $('crawford').checked;
  }
  return f;
}

async function evaluate() {
  if (state.editing) return setStatus('Finish editing first: Done checks the position.', 'error');
  const btn = $('eval-btn');
  busy(btn, true);
  try {
    const doc = await api('eval', { ...gameFields(), position: state.pos.position, ply: Number($('ply').value), ...matchFields() });
    $('eval-meta').textContent = `${doc.ply}-ply`;
    const counts = state.preset.scores_checker_count;
    $('eval-out').innerHTML = (counts ? countBars(doc.probabilities) : probabilityBars(doc.probabilities)) +
      `<div class="equities"><div><span class="muted">Cubeless</span> <b>${fmt.eq(doc.cubeless_equity)}${counts ? ' checkers' : ''}</b></div>` +
      (doc.cubeful_equity !== null ? `<div><span class="muted">Cubeful${doc.match ? ' (match)' : ''}</span> <b>${fmt.eq(doc.cubeful_equity)}</b></div>` : '') + '</div>';
    setStatus('Evaluated.', 'ok');
  } catch (e) {
    showError(e);
  } finally {
    busy(btn, false);
  }
}

async function cube() {
  if (state.editing) return setStatus('Finish editing first: Done checks the position.', 'error');
  const btn = $('cube-btn');
  busy(btn, true);
  try {
    const d = await api('cube', { ...gameFields(), position: state.pos.position, ply: Number($('ply').value), ...matchFields() });
    const re = d.redouble ? 'Redouble' : 'Double';
    const best = d.equity;
    const line = (name, v) => `<tr class="${v !== null && Math.abs(v - best) < 5e-7 ? 'best' : ''}"><td class="left">${name}</td><td>${fmt.eq(v)}</td><td>${v !== null && Math.abs(v - best) > 5e-7 ? fmt.eq(v - best) : ''}</td></tr>`;
    let html = `<div class="verdict">${escapeHtml(d.action)}</div>`;
    if (d.doubler === 'cannot_double') {
      html += `<p class="muted">${escapeHtml(d.cannot_double_reason || '')}</p><p>Cubeful equity <b>${fmt.eq(d.equity)}</b></p>`;
    } else {
      html += `<table class="data"><thead><tr><th class="left">Action</th><th>Equity</th><th>Difference</th></tr></thead><tbody>${line('No ' + re.toLowerCase(), d.no_double)}${line(re + ', take', d.double_take)}${line(re + ', pass', d.double_pass)}</tbody></table>` +
        `<p class="muted">Cubeless ${fmt.eq(d.cubeless)} · take point ${fmt.pct(d.take_point)} · cube life ${d.cube_life === null ? '—' : d.cube_life.toFixed(2)}${d.match ? ' · match winning chance ' + fmt.pct(d.mwc.proper) : ''}</p>`;
    }
    $('cube-out').innerHTML = html;
    setStatus(`Cube: ${d.action}`, 'ok');
  } catch (e) {
    showError(e);
  } finally {
    busy(btn, false);
  }
}

async function startRollout() {
  if (state.rollout) return;
  if (state.editing) return setStatus('Finish editing first: Done checks the position.', 'error');
  const trials = Number($('ro-trials').value), truncate = Number($('ro-truncate').value || 0);
  if (!Number.isInteger(trials) || trials < 1)
    return setStatus('Trials must be a whole number of at least 1.', 'error');
  if (!Number.isInteger(truncate) || truncate < 0)
    return setStatus('Truncate must be a whole number of plies, 0 for none.', 'error');
  const req = {
    ...gameFields(),
    position: state.pos.position,
    trials,
    truncate,
    cubeful: $('ro-cubeful').checked && state.preset.cube,
  };
  if ($('ro-cube-decision').checked && state.preset.cube) {
    req.cube_decision = true;
    delete req.cubeful;
  } else if (state.roll) {
    req.dice = state.roll.join('');
    req.candidates = Number($('ro-candidates').value) || 3;
    req.ply = Math.min(1, Number($('ply').value));
  }
  if (req.cubeful || req.cube_decision) Object.assign(req, { cube: Number($('cube-value').value) || 1, cube_owner: $('cube-owner').value });
  try {
    const job = await api('rollout', req);
    state.rollout = { id: job.id };
    $('ro-progress').max = Math.max(1, job.total || 1);
    $('ro-progress').value = 0;
    $('ro-start').disabled = true;
    $('ro-cancel').disabled = false;
    $('ro-out').innerHTML = '<span class="muted">Rolling out…</span>';
    pollRollout();
  } catch (e) {
    showError(e);
  }
}

async function pollRollout() {
  if (!state.rollout) return;
  try {
    const s = await api('rollout/' + state.rollout.id);
    $('ro-progress').max = Math.max(1, s.total);
    $('ro-progress').value = s.done;
    $('ro-count').textContent = `${s.done} / ${s.total} · ${s.elapsed.toFixed(1)} s`;
    if (s.status === 'running') {
      state.rollout.timer = setTimeout(pollRollout, 250);
      return;
    }
    endRollout();
    if (s.result) showRollout(s.result, s.status);
    else $('ro-out').innerHTML = `<span class="muted">Rollout ${escapeHtml(s.status.replace('_', ' '))}${s.error ? ': ' + escapeHtml(s.error) : ''}.</span>`;
  } catch (e) {
    endRollout();
    showError(e);
  }
}

function endRollout() {
  if (state.rollout && state.rollout.timer) clearTimeout(state.rollout.timer);
  state.rollout = null;
  $('ro-start').disabled = false;
  $('ro-cancel').disabled = true;
}

async function cancelRollout() {
  if (!state.rollout) return;
  const id = state.rollout.id;
  try {
    await api('rollout/' + id, undefined, 'DELETE');
  } catch (e) {
    showError(e);
  }
}

// status: the job's ("done"; "cancelled" or "timed_out" with the trials played so far).
function showRollout(result, status = 'done') {
  if (result.kind === 'cube_decision') {
    const c = result.cube_decision;
    const row = (name, e) => `<tr><td class="left">${name}</td><td>${fmt.eq(e.mean)} <span class="muted">${fmt.se(e.se)}</span></td><td>${fmt.eq(e.model)}</td></tr>`;
    $('ro-out').innerHTML = `<div class="verdict">${escapeHtml(c.action)}</div>` +
      `<table class="data"><thead><tr><th class="left"></th><th>Rollout (95%)</th><th>Model</th></tr></thead><tbody>` +
      row('No double', c.no_double) + row('Double, take', c.double_take) +
      `<tr><td class="left">Double, pass</td><td>${fmt.eq(c.double_pass)}</td><td></td></tr>` +
      row('Take − no double', c.take_minus_no_double) + '</tbody></table>' +
      `<p class="muted">${c.trials} trials per line, ${escapeHtml(c.ladder)} cube; the model says ${escapeHtml(c.model_action)}.</p>`;
    return;
  }
  // Best first by the rollout's own result (cubeful where it was rolled out with the cube).
  const value = (r) => (r.cubeful_equity ? r.cubeful_equity.mean : r.equity.mean);
  const sorted = [...result.results].sort((a, b) => value(b) - value(a));
  const rows = sorted.map((r) =>
    `<tr><td class="left mono">${escapeHtml(r.play)}</td><td>${fmt.eq(r.equity.mean)} <span class="muted">${fmt.se(r.equity.se)}</span></td>` +
    (r.cubeful_equity ? `<td>${fmt.eq(r.cubeful_equity.mean)} <span class="muted">${fmt.se(r.cubeful_equity.se)}</span></td>` : '') +
    `<td>${fmt.pct(r.win.mean)}</td><td>${fmt.pct(r.win_gammon.mean)}</td><td>${fmt.pct(r.lose_gammon.mean)}</td></tr>`).join('');
  const cubeful = result.results.length && result.results[0].cubeful_equity;
  const trials = result.results.map((r) => r.trials);
  const counted = Math.min(...trials) === Math.max(...trials) ? `${trials[0]} trials` : `${Math.min(...trials)}–${Math.max(...trials)} trials`;
  const cut = status === 'done' ? '' : status === 'cancelled' ? 'Cancelled: the results of the trials played, ' : 'Stopped at the time limit: the results of the trials played, ';
  $('ro-out').innerHTML = `<div class="table-scroll"><table class="data"><thead><tr><th class="left">${result.kind === 'plays' ? 'Play' : ''}</th><th>Equity (95%)</th>${cubeful ? '<th>Cubeful</th>' : ''}<th>Win</th><th>W g</th><th>L g</th></tr></thead><tbody>${rows}</tbody></table></div>` +
    `<p class="muted" id="ro-note">${cut}${counted} each.</p>`;
}

// ---------------------------------------------------------------------------------------------
// Analysis: a whole match (a .mat or .sgf file's text), as a job like the rollout. The result is
// `nard analyze --json`'s document: each player's summary and every marked error, which a click
// shows on the board.

function readMatchFile(ev) {
  const file = ev.target.files && ev.target.files[0];
  if (!file) return;
  const reader = new FileReader();
  reader.onload = () => {
    $('ma-text').value = String(reader.result);
    setStatus(`${file.name} read: Analyze starts the analysis.`);
  };
  reader.onerror = () => setStatus(`${file.name} cannot be read.`, 'error');
  reader.readAsText(file);
}

async function startMatchAnalysis() {
  if (state.matchJob) return;
  const text = $('ma-text').value;
  if (!text.trim()) return setStatus('Paste a match file or open one first.', 'error');
  try {
    const job = await api('analyze', { match_file: text, ply: Number($('ma-ply').value) });
    state.matchJob = { id: job.id };
    $('ma-start').disabled = true;
    $('ma-cancel').disabled = false;
    $('ma-meta').textContent = '';
    $('ma-out').innerHTML = '<span class="muted">Analysing…</span>';
    setStatus('Analysing the match…');
    pollMatchAnalysis();
  } catch (e) {
    showError(e);
  }
}

async function pollMatchAnalysis() {
  if (!state.matchJob) return;
  try {
    const s = await api('analyze/' + state.matchJob.id);
    $('ma-progress').max = Math.max(1, s.total);
    $('ma-progress').value = s.done;
    $('ma-count').textContent = `${s.done} / ${s.total} · ${s.elapsed.toFixed(1)} s`;
    if (s.status === 'running') {
      state.matchJob.timer = setTimeout(pollMatchAnalysis, 300);
      return;
    }
    endMatchAnalysis();
    if (s.status === 'done') {
      showMatchAnalysis(s.result);
      setStatus('Match analysed: click an error to see it on the board.', 'ok');
    } else {
      $('ma-out').innerHTML = `<span class="muted">Analysis ${escapeHtml(s.status)}${s.error ? ': ' + escapeHtml(s.error) : ''}.</span>`;
    }
  } catch (e) {
    endMatchAnalysis();
    showError(e);
  }
}

function endMatchAnalysis() {
  if (state.matchJob && state.matchJob.timer) clearTimeout(state.matchJob.timer);
  state.matchJob = null;
  $('ma-start').disabled = false;
  $('ma-cancel').disabled = true;
}

async function cancelMatchAnalysis() {
  if (!state.matchJob) return;
  try {
    await api('analyze/' + state.matchJob.id, undefined, 'DELETE');
  } catch (e) {
    showError(e);
  }
}

// The move numbers of a game's turns as a .mat file writes them (gnubg's export): each line holds
// a cell of player 0 (left) and one of player 1 (right); a roll, a double and a take or pass each
// fill a cell, in turn order. For turn i: {roll, double, response} line numbers.
function matLines(turns) {
  let cell = 0;
  const line = () => Math.floor(cell / 2) + 1;
  return turns.map((t) => {
    if (cell % 2 !== t.player) cell++;  // the other side's cell is empty (he did not move)
    const at = {};
    const c = t.cube_decision;
    if (c && c.doubled) {
      at.double = line();
      cell++;
      at.response = line();
      cell++;
    }
    at.roll = line();
    if (t.dice) cell++;
    return at;
  });
}

// Every marked error of the analysis, in match order; `turn` is the .mat file's move number.
function matchErrors(result) {
  const errors = [];
  for (const g of result.games) {
    const lines = matLines(g.turns);
    g.turns.forEach((t, i) => {
      // The turn's match and cube, from the side on roll's view, go with it to the board.
      const at = { game: g.number, variant: g.variant, position: t.position, onRoll: t.player,
        score: t.score, cube: t.cube, cubeOwner: t.cube_owner, crawford: t.crawford_game };
      const c = t.cube_decision;
      if (c && c.skill) {
        errors.push({ ...at, turn: c.doubled ? lines[i].double : lines[i].roll, player: t.player,
          what: c.doubled ? 'Double' : 'No double', better: c.proper_action, error: c.error, skill: c.skill, dice: null });
      }
      if (c && c.response_skill) {
        const took = c.response === 'take' || c.response === 'beaver';
        errors.push({ ...at, turn: lines[i].response, player: 1 - t.player, what: took ? 'Take' : 'Pass',
          better: took ? 'Pass' : 'Take', error: c.response_error, skill: c.response_skill, dice: null, receiver: true });
      }
      const p = t.checker_play;
      if (p && p.skill) {
        errors.push({ ...at, turn: lines[i].roll, player: t.player, what: p.plays[p.played].move, better: p.plays[0].move,
          error: p.error, skill: p.skill, dice: t.dice });
      }
    });
  }
  return errors;
}

function showMatchAnalysis(result) {
  const names = result.players;
  const st = result.stats;
  const match = result.settings.match_length > 0;
  const num = (v, d) => (v === null || v === undefined ? '—' : v.toFixed(d));
  const result1 = (v) => (match ? (v >= 0 ? '+' : '−') + Math.abs(100 * v).toFixed(1) + '%' : fmt.eq(v));
  const rows = [
    ['Error rate (mEMG per decision)', (s) => (s.decisions ? num(s.error_rate, 1) : '—')],
    ['Performance rating', (s) => (s.decisions ? num(s.performance_rating, 1) : '—')],
    ['Unforced moves', (s) => s.unforced_moves],
    ['Doubtful · bad · very bad', (s) => `${s.moves_doubtful} · ${s.moves_bad} · ${s.moves_very_bad}`],
    ['Checker-play error', (s) => fmt.eq(-s.checker_error)],
  ];
  if (st[0].cube_decisions + st[1].cube_decisions > 0) {
    rows.push(['Close cube decisions', (s) => s.close_cube_decisions]);
    rows.push(['Missed · wrong doubles', (s) => `${s.missed_doubles} · ${s.wrong_doubles}`]);
    rows.push(['Wrong takes · passes', (s) => `${s.wrong_takes} · ${s.wrong_passes}`]);
    rows.push(['Cube error', (s) => fmt.eq(-s.cube_error)]);
  }
  rows.push(['Luck', (s) => fmt.eq(s.luck)]);
  rows.push([match ? 'Luck-adjusted result (MWC)' : 'Luck-adjusted result', (s) => result1(s.luck_adjusted_result)]);
  const summary = `<table id="ma-summary" class="data"><thead><tr><th class="left"></th><th>${escapeHtml(names[0])}</th><th>${escapeHtml(names[1])}</th></tr></thead><tbody>` +
    rows.map(([label, f]) => `<tr><td class="left">${label}</td><td>${f(st[0])}</td><td>${f(st[1])}</td></tr>`).join('') + '</tbody></table>';
  state.matchErrors = matchErrors(result);
  state.matchLength = result.settings.match_length;
  state.matchNames = names;
  const errorRows = state.matchErrors.map((e, i) =>
    `<tr data-index="${i}"><td class="left">${e.game}·${e.turn}</td><td class="left">${escapeHtml(names[e.player])}</td>` +
    `<td>${e.dice ? escapeHtml(e.dice) : ''}</td><td class="left mono">${escapeHtml(e.what || '(none)')}</td>` +
    `<td class="left mono">${escapeHtml(e.better)}</td><td class="skill-${e.skill.replace(' ', '-')}">${fmt.eq(-e.error)}</td>` +
    `<td class="left skill-${e.skill.replace(' ', '-')}">${escapeHtml(e.skill)}</td></tr>`).join('');
  const errors = state.matchErrors.length
    ? `<div class="table-scroll ma-scroll"><table id="ma-errors" class="data"><thead><tr><th class="left">Game·turn</th><th class="left">Player</th><th>Roll</th><th class="left">Made</th><th class="left">Better</th><th>Error</th><th class="left">Mark</th></tr></thead><tbody>${errorRows}</tbody></table></div>`
    : '<p class="muted">No marked errors.</p>';
  $('ma-meta').textContent = `${match ? result.settings.match_length + '-point match' : 'money'} · ${result.games.length} game${result.games.length === 1 ? '' : 's'} · ${result.settings.ply}-ply`;
  $('ma-out').innerHTML = `<div class="table-scroll">${summary}</div><h3 class="sub">Errors (${state.matchErrors.length})</h3>${errors}`;
}

// Shows the position of an error on the board, with its roll (a checker play) or before the
// roll (a cube decision), ready for Hint, Evaluate or Cube.
async function onMatchErrorRow(ev) {
  const row = ev.target.closest('#ma-errors tr[data-index]');
  if (!row) return;
  const e = state.matchErrors[Number(row.dataset.index)];
  document.querySelectorAll('#ma-errors tr[data-index]').forEach((r) => r.classList.toggle('selected', r === row));
  if (state.game.variant !== e.variant) chooseGame(e.variant, true);
  setRoll(null);
  await loadPosition(e.position);
  setMatchFields(state.matchLength, e.score, e.cube, e.cubeOwner, e.crawford);
  if (e.dice) {
    setRoll([Number(e.dice[0]), Number(e.dice[1])]);
    refreshPlays();
  }
  const names = state.matchNames;
  setStatus(`Game ${e.game}, turn ${e.turn}${e.dice ? ', roll ' + e.dice : ''}: ${names[e.player]} ${e.what} (${e.skill}), better ${e.better}. ${names[e.onRoll]} is on roll (x).`);
}

// ---------------------------------------------------------------------------------------------
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
  $('ro-start').addEventListener('click', startRollout);
  $('ro-cancel').addEventListener('click', cancelRollout);
  $('ma-file').addEventListener('change', readMatchFile);
  $('ma-start').addEventListener('click', startMatchAnalysis);
  $('ma-cancel').addEventListener('click', cancelMatchAnalysis);
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
