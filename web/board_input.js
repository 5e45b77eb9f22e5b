// The board as input: moving checkers by clicking (analysis and play) and setting up a position
// by clicking (Edit board). Functions only, called by app.js's wiring; 'state' is app.js's.
'use strict';

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
