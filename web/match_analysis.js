// Analysis of a whole match (a .mat or .sgf file), as a job of the API: the players' summary and
// the marked errors, each shown on the board with its turn's match and cube. Functions only.
'use strict';

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
  if (state.matchJob.running()) return;
  const text = $('ma-text').value;
  if (!text.trim()) return setStatus('Paste a match file or open one first.', 'error');
  if (!(await state.matchJob.start({ match_file: text, ply: Number($('ma-ply').value) }))) return;
  $('ma-meta').textContent = '';
  $('ma-out').innerHTML = '<span class="muted">Analysing…</span>';
  setStatus('Analysing the match…');
}

// How a match analysis job ended (jobs.js's ApiJob).
function matchAnalysisEnded(s) {
  if (s.status === 'done') {
    showMatchAnalysis(s.result);
    setStatus('Match analysed: click an error to see it on the board.', 'ok');
  } else {
    $('ma-out').innerHTML = `<span class="muted">Analysis ${escapeHtml(s.status)}${s.error ? ': ' + escapeHtml(s.error) : ''}.</span>`;
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
