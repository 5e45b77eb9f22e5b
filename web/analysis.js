// Analysis of the position on the board: hint, evaluation, cube and rollout (as a job of the
// API, with its progress and Cancel). Functions only, called by app.js's wiring.
'use strict';

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
  if (state.rollout.running()) return;
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
  if (await state.rollout.start(req)) $('ro-out').innerHTML = '<span class="muted">Rolling out…</span>';
}

// How a rollout job ended (jobs.js's ApiJob): its result, partial when cancelled or timed out.
function rolloutEnded(s) {
  if (s.result) showRollout(s.result, s.status);
  else $('ro-out').innerHTML = `<span class="muted">Rollout ${escapeHtml(s.status.replace('_', ' '))}${s.error ? ': ' + escapeHtml(s.error) : ''}.</span>`;
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
