// The board of every game of the family: the model (mover's view, as the engine's Position),
// our notation, flipping, the SVG drawing, and entering a play by clicking checkers.
//
// A board is {geometry, points[1..24] (> 0 the side on roll "x", < 0 the opponent "o"),
// pins[1..24] (a checker of the other colour pinned under the point), bar[x, o], off[x, o],
// first[x, o] (Long Nardy first turns)}: game/position.h, docs/notation.md.
'use strict';

const Board = (() => {
  const flipPoint = (p, geometry) => (geometry === 'parallel' ? ((p + 11) % 24) + 1 : 25 - p);

  function empty(geometry) {
    return {
      geometry: geometry || 'contrary',
      points: new Array(25).fill(0),
      pins: new Array(25).fill(false),
      bar: [0, 0],
      off: [0, 0],
      first: [false, false],
    };
  }

  function clone(b) {
    return {
      geometry: b.geometry,
      points: b.points.slice(),
      pins: b.pins.slice(),
      bar: b.bar.slice(),
      off: b.off.slice(),
      first: b.first.slice(),
    };
  }

  // From the API's board document (api/documents.h board_json).
  function fromJson(j) {
    const b = empty(j.geometry);
    j.points.forEach((v, i) => { b.points[i + 1] = v; });
    j.pins.forEach((p) => { b.pins[p] = true; });
    b.bar = j.bar.slice();
    b.off = j.off.slice();
    b.first = j.first_turn.slice();
    return b;
  }

  // Our notation (formats/notation.h); throws Error on text it cannot read.
  function parseNotation(text, geometry) {
    const b = empty(geometry);
    for (let part of text.split(';')) {
      part = part.trim();
      if (!part) continue;
      if (part.startsWith('first:')) {
        for (const c of part.slice(6)) {
          if (c === 'x') b.first[0] = true;
          else if (c === 'o') b.first[1] = true;
          else throw new Error('bad first: flag');
        }
        continue;
      }
      const side = part[0];
      if (side !== 'x' && side !== 'o') throw new Error(`'${part}' does not start with x or o`);
      const sign = side === 'x' ? 1 : -1;
      const s = side === 'x' ? 0 : 1;
      for (const tok of part.slice(1).trim().split(/\s+/)) {
        if (!tok) continue;
        const m = /^(\d+|bar|off):(\d+)(\+?)$/.exec(tok);
        if (!m) throw new Error(`bad token '${tok}'`);
        const n = Number(m[2]);
        if (m[1] === 'bar') b.bar[s] = n;
        else if (m[1] === 'off') b.off[s] = n;
        else {
          const p = Number(m[1]);
          if (p < 1 || p > 24) throw new Error(`bad point in '${tok}'`);
          b.points[p] = sign * n;
          if (m[3]) b.pins[p] = true;
        }
      }
    }
    return b;
  }

  function toNotation(b) {
    let out = '';
    for (let s = 0; s < 2; ++s) {
      out += s === 0 ? 'x' : '; o';
      if (b.bar[s]) out += ` bar:${b.bar[s]}`;
      for (let p = 24; p >= 1; --p) {
        const v = b.points[p];
        if ((s === 0 && v > 0) || (s === 1 && v < 0)) {
          out += ` ${p}:${Math.abs(v)}`;
          if (b.pins[p]) out += '+';
        }
      }
      if (b.off[s]) out += ` off:${b.off[s]}`;
    }
    if (b.first[0] || b.first[1]) out += '; first:' + (b.first[0] ? 'x' : '') + (b.first[1] ? 'o' : '');
    return out;
  }

  // The same position seen by the other player.
  function flip(b) {
    const f = empty(b.geometry);
    for (let p = 1; p <= 24; ++p) {
      const q = flipPoint(p, b.geometry);
      f.points[q] = -b.points[p];
      f.pins[q] = b.pins[p];
    }
    f.bar = [b.bar[1], b.bar[0]];
    f.off = [b.off[1], b.off[0]];
    f.first = [b.first[1], b.first[0]];
    return f;
  }

  // Same checkers and pins (first-turn flags aside).
  function sameCheckers(a, b) {
    for (let p = 1; p <= 24; ++p) if (a.points[p] !== b.points[p] || a.pins[p] !== b.pins[p]) return false;
    return a.bar[0] === b.bar[0] && a.bar[1] === b.bar[1] && a.off[0] === b.off[0] && a.off[1] === b.off[1];
  }

  // Checkers of each side, pinned ones included.
  function counts(b) {
    const c = [b.bar[0] + b.off[0], b.bar[1] + b.off[1]];
    for (let p = 1; p <= 24; ++p) {
      const v = b.points[p];
      if (v > 0) c[0] += v;
      if (v < 0) c[1] -= v;
      if (b.pins[p] && v !== 0) c[v > 0 ? 1 : 0] += 1;
    }
    return c;
  }

  function pips(b) {
    const r = [25 * b.bar[0], 25 * b.bar[1]];
    for (let p = 1; p <= 24; ++p) {
      const v = b.points[p];
      const q = flipPoint(p, b.geometry);
      if (v > 0) r[0] += v * p;
      if (v < 0) r[1] += -v * q;
      if (b.pins[p] && v > 0) r[1] += q;
      if (b.pins[p] && v < 0) r[0] += p;
    }
    return r;
  }

  // ---------------------------------------------------------------------------------------
  // Drawing. x (the side on roll) at the bottom, moving 24 -> 1 counter-clockwise (top row right
  // to left, bottom row left to right), bearing off to the tray on the right; the opponent on the
  // same mover-relative points (docs/notation.md).

  const W = 1000, H = 720, MT = 36, ML = 62;
  const TRAY_W = 64, BAR_W = 54;
  const PW = (W - ML - 12 - TRAY_W - 8 - BAR_W) / 12;
  const XL0 = ML, XL1 = ML + 6 * PW, XR0 = XL1 + BAR_W, XR1 = XR0 + 6 * PW;
  const TRAY_X = XR1 + 8;
  const TOP = MT, BOTTOM = H - MT, MID = H / 2;
  const PH = 0.42 * (BOTTOM - TOP);
  const R = PW * 0.45;

  function pointX(p) {
    if (p <= 12) {
      const i = p - 1;
      return i < 6 ? XR1 - (i + 0.5) * PW : XL1 - (i - 6 + 0.5) * PW;
    }
    const i = p - 13;
    return i < 6 ? XL0 + (i + 0.5) * PW : XR0 + (i - 6 + 0.5) * PW;
  }
  const isTop = (p) => p >= 13;

  // The colours: side 0 is the side on roll (the model's mover); it is painted x's colour unless
  // draw() was asked to swap (the opponent is on roll after a play in analysis: each side keeps
  // its colour). Set by draw().
  let swapColours = false;
  const paint = (side) => (swapColours ? 1 - side : side);

  function checker(cx, cy, side, extra) {
    const cls = paint(side) === 0 ? 'ck ck-x' : 'ck ck-o';
    return `<circle class="${cls}${extra || ''}"${side === 0 ? ' data-mover="1"' : ''} cx="${cx.toFixed(1)}" cy="${cy.toFixed(1)}" r="${R.toFixed(1)}"/>` +
      `<circle class="ck-rim${paint(side) === 0 ? ' rim-x' : ' rim-o'}" cx="${cx.toFixed(1)}" cy="${cy.toFixed(1)}" r="${(R * 0.62).toFixed(1)}"/>`;
  }

  function label(cx, cy, text, side) {
    return `<text class="ck-count ${paint(side) === 0 ? 'on-x' : 'on-o'}" x="${cx.toFixed(1)}" y="${(cy + 8).toFixed(1)}">${text}</text>`;
  }

  // A side's way round the board as a small U: `left` = the turn is on the left edge
  // (x, and o in contrary games), the arrowhead at the end of its way.
  function turnGlyph(x0, x1, side, turnLeft, endTop) {
    const yt = MID - 13, yb = MID + 13, r = 13;
    const cls = paint(side) === 0 ? 'turn turn-x' : 'turn turn-o';
    let d, head;
    if (turnLeft) {
      // Top row right-to-left, down the left edge, bottom row left-to-right (or reversed).
      d = `M${x1},${yt} L${x0 + r},${yt} A${r},${r} 0 0 0 ${x0 + r},${yb} L${x1},${yb}`;
      head = endTop ? [x1, yt, -1] : [x1, yb, 1];
      if (endTop) d = `M${x1},${yb} L${x0 + r},${yb} A${r},${r} 0 0 1 ${x0 + r},${yt} L${x1},${yt}`;
    } else {
      // Bottom row left-to-right, up the right edge, top row right-to-left.
      d = `M${x0},${yb} L${x1 - r},${yb} A${r},${r} 0 0 0 ${x1 - r},${yt} L${x0},${yt}`;
      head = [x0, yt, -1];
    }
    const [hx, hy, dir] = head;
    const [sx, sy] = turnLeft ? [x1, endTop ? yb : yt] : [x0, yb];
    const tip = dir > 0 ? `M${hx - 9},${hy - 6} L${hx + 2},${hy} L${hx - 9},${hy + 6} Z` : `M${hx + 9},${hy - 6} L${hx - 2},${hy} L${hx + 9},${hy + 6} Z`;
    return `<g class="${cls}"><path class="turn-line" d="${d}"/><path class="turn-head" d="${tip}"/>` +
      `<circle class="turn-dot" cx="${sx}" cy="${sy}" r="6"/></g>`;
  }

  function die(x, y, value, side, used) {
    const s = 46, pip = 4.6;
    const spots = {
      1: [[0, 0]], 2: [[-1, -1], [1, 1]], 3: [[-1, -1], [0, 0], [1, 1]],
      4: [[-1, -1], [1, -1], [-1, 1], [1, 1]], 5: [[-1, -1], [1, -1], [0, 0], [-1, 1], [1, 1]],
      6: [[-1, -1], [1, -1], [-1, 0], [1, 0], [-1, 1], [1, 1]],
    }[value] || [];
    let out = `<g class="die ${paint(side) === 0 ? 'die-x' : 'die-o'}${used ? ' die-used' : ''}"><rect x="${x - s / 2}" y="${y - s / 2}" width="${s}" height="${s}" rx="8"/>`;
    for (const [dx, dy] of spots) out += `<circle cx="${x + dx * 12}" cy="${y + dy * 12}" r="${pip}"/>`;
    return out + '</g>';
  }

  // opts: {dice: [d1, d2] | null, diceSide: 0 | 1, diceUsed: [bool, bool] (greyed), cube: {value,
  // owner: 'centred' | 'x' | 'o'} | null, selected: point | null, targets: [points],
  // marks: [points] (the last play), labels: true, swapColours: false (paint the side on roll in
  // o's colour), pips: true (each side's pip count beside its tray)}
  function draw(svg, b, opts) {
    opts = opts || {};
    swapColours = !!opts.swapColours;
    let s = `<rect class="frame" x="0" y="0" width="${W}" height="${H}" rx="18"/>`;
    s += `<rect class="felt" x="${XL0}" y="${TOP}" width="${XL1 - XL0}" height="${BOTTOM - TOP}"/>`;
    s += `<rect class="felt" x="${XR0}" y="${TOP}" width="${XR1 - XR0}" height="${BOTTOM - TOP}"/>`;
    s += `<rect class="bar" x="${XL1}" y="${TOP}" width="${BAR_W}" height="${BOTTOM - TOP}"/>`;
    s += `<rect class="tray" x="${TRAY_X}" y="${TOP}" width="${TRAY_W}" height="${BOTTOM - TOP}" rx="6"/>`;
    s += `<rect class="cubebox" x="6" y="${TOP}" width="${ML - 14}" height="${BOTTOM - TOP}" rx="6"/>`;
    const targets = new Set(opts.targets || []);
    const marks = new Set(opts.marks || []);

    for (let p = 1; p <= 24; ++p) {
      const cx = pointX(p), top = isTop(p);
      const base = top ? TOP : BOTTOM, tip = top ? TOP + PH : BOTTOM - PH;
      const dark = p % 2 === 0;
      s += `<path class="pt ${dark ? 'pt-dark' : 'pt-light'}${marks.has(p) ? ' pt-mark' : ''}" d="M${(cx - PW / 2).toFixed(1)},${base} L${cx.toFixed(1)},${tip} L${(cx + PW / 2).toFixed(1)},${base} Z"/>`;
      if (targets.has(p))
        s += `<path class="pt-target" d="M${(cx - PW / 2).toFixed(1)},${base} L${cx.toFixed(1)},${tip} L${(cx + PW / 2).toFixed(1)},${base} Z"/>`;
      if (opts.labels !== false)
        s += `<text class="pt-num" x="${cx.toFixed(1)}" y="${top ? TOP - 11 : BOTTOM + 25}">${p}</text>`;
    }

    // Direction of play in the middle of the left half: x from 24 along the top, round the left
    // edge, home on the bottom right; o the other way round (contrary) or the same way from
    // his start on x's 12 (parallel: along the bottom, round the right edge, home top left).
    s += turnGlyph(XL0 + 14, XL0 + 120, 0, true, false);
    if (b.geometry === 'parallel') s += turnGlyph(XL1 - 120, XL1 - 14, 1, false, true);
    else s += turnGlyph(XL1 - 120, XL1 - 14, 1, true, true);

    // Checkers on the points, pinned ones underneath.
    for (let p = 1; p <= 24; ++p) {
      const v = b.points[p];
      if (v === 0) continue;
      const side = v > 0 ? 0 : 1, n = Math.abs(v);
      const cx = pointX(p), top = isTop(p);
      const dir = top ? 1 : -1;
      const y0 = top ? TOP + R : BOTTOM - R;
      const pinned = b.pins[p];
      const slots = n + (pinned ? 0.75 : 0);
      const step = slots <= 5 ? 2 * R : Math.min(2 * R, (PH + 24 - 2 * R) / (slots - 1));
      let y = y0;
      if (pinned) {  // the pinned checker at the edge, the pin mark on its visible part
        s += checker(cx, y, 1 - side, ' ck-pinned');
        y += dir * step * 0.75;
      }
      for (let i = 0; i < n; ++i) {
        const sel = opts.selected === p && i === n - 1 ? ' ck-selected' : '';
        s += checker(cx, y, side, sel);
        if (i < n - 1) y += dir * step;
      }
      if (n > 5) s += label(cx, y, n, side);
      if (pinned) s += `<circle class="pin-mark" cx="${cx.toFixed(1)}" cy="${(y0 - dir * R * 0.5).toFixed(1)}" r="6"><title>pinned</title></circle>`;
    }

    // The bar: x waits in the upper half (he enters on 24..19), o in the lower.
    for (let side = 0; side < 2; ++side) {
      const n = b.bar[side];
      if (!n) continue;
      const cx = XL1 + BAR_W / 2;
      const dir = side === 0 ? -1 : 1;
      let y = MID + dir * (R + 44);
      for (let i = 0; i < Math.min(n, 4); ++i, y += dir * 2 * R * 0.8)
        s += checker(cx, y, side, opts.selected === 25 && side === 0 && i === Math.min(n, 4) - 1 ? ' ck-selected' : '');
      if (n > 1) s += label(cx, y - dir * 2 * R * 0.8, n, side);
    }

    // Borne off: slabs in the tray, o at the top, x at the bottom.
    const slab = (PH - 8) / 15;
    for (let side = 0; side < 2; ++side) {
      const n = b.off[side];
      for (let i = 0; i < n; ++i) {
        const y = side === 0 ? BOTTOM - 4 - (i + 1) * slab : TOP + 4 + i * slab;
        s += `<rect class="slab ${paint(side) === 0 ? 'ck-x' : 'ck-o'}" x="${TRAY_X + 6}" y="${y.toFixed(1)}" width="${TRAY_W - 12}" height="${(slab - 2).toFixed(1)}" rx="3"/>`;
      }
      if (n) s += `<text class="off-count" x="${TRAY_X + TRAY_W / 2}" y="${side === 0 ? BOTTOM - 10 - n * slab - 6 : TOP + 10 + n * slab + 16}">${n}</text>`;
    }
    if (targets.has(0)) s += `<rect class="tray-target" x="${TRAY_X}" y="${MID}" width="${TRAY_W}" height="${BOTTOM - MID}" rx="6"/>`;

    // Pip counts at the ends of the left margin: the side on roll's at the bottom.
    if (opts.pips !== false) {
      const count = pips(b), cx = (ML - 8) / 2 + 3;
      s += `<text class="pip-count ${paint(0) === 0 ? 'pip-x' : 'pip-o'}" data-side="mover" x="${cx}" y="${BOTTOM - 8}">${count[0]}</text>`;
      s += `<text class="pip-count ${paint(1) === 0 ? 'pip-x' : 'pip-o'}" data-side="opponent" x="${cx}" y="${TOP + 20}">${count[1]}</text>`;
    }

    // The cube in the left margin: the owner's side, or the middle when centred.
    if (opts.cube) {
      const cy = opts.cube.owner === 'x' ? BOTTOM - 40 : opts.cube.owner === 'o' ? TOP + 40 : MID;
      const cx = (ML - 8) / 2 + 3;
      s += `<g class="cube"><rect x="${cx - 21}" y="${cy - 21}" width="42" height="42" rx="7"/>` +
        `<text x="${cx}" y="${cy + 8}">${opts.cube.value}</text></g>`;
    }

    // Dice on the roller's half.
    if (opts.dice) {
      const side = opts.diceSide || 0;
      const cx = side === 0 ? (XR0 + XR1) / 2 : (XL0 + XL1) / 2;
      const used = opts.diceUsed || [false, false];
      s += die(cx - 30, MID, opts.dice[0], side, used[0]) + die(cx + 30, MID, opts.dice[1], side, used[1]);
    }

    // Click targets: each point's half column, the bar, the tray.
    for (let p = 1; p <= 24; ++p) {
      const cx = pointX(p), top = isTop(p);
      s += `<rect class="hit" data-point="${p}" x="${(cx - PW / 2).toFixed(1)}" y="${top ? TOP : MID}" width="${PW.toFixed(1)}" height="${(MID - TOP).toFixed(1)}"/>`;
    }
    s += `<rect class="hit" data-point="25" x="${XL1}" y="${TOP}" width="${BAR_W}" height="${BOTTOM - TOP}"/>`;
    s += `<rect class="hit" data-point="0" x="${TRAY_X}" y="${TOP}" width="${TRAY_W}" height="${BOTTOM - TOP}"/>`;
    svg.innerHTML = s;
  }

  // ---------------------------------------------------------------------------------------
  // Entering a play by clicking: the legal plays of the roll (from /api/moves) narrow down as
  // the checkers move. Each play's steps are grouped into chains (one checker's way, with the
  // dice it uses); a click may use the dice of a chain in any order, or take the checker to the
  // chain's end at once. The play is made when the board equals a legal play's result.

  function diceOf(steps, roll) {
    const pool = roll[0] === roll[1] ? [roll[0], roll[0], roll[0], roll[0]] : roll.slice();
    const used = steps.map((st) => (st.to > 0 ? st.from - st.to : 0));
    used.forEach((d) => { if (d) pool.splice(pool.indexOf(d), 1); });
    return used.map((d, i) => {
      if (d) return d;
      pool.sort((a, b) => a - b);
      const k = pool.findIndex((x) => x >= steps[i].from);
      return pool.splice(k >= 0 ? k : pool.length - 1, 1)[0];
    });
  }

  function chainsOf(steps, roll) {
    const dice = diceOf(steps, roll);
    const chains = [];
    steps.forEach((st, i) => {
      const c = chains.find((ch) => ch.end === st.from && ch.end !== 0);
      if (c) {
        c.end = st.to;
        c.dice.push(dice[i]);
        c.steps.push(st);
      } else {
        chains.push({ start: st.from, end: st.to, dice: [dice[i]], steps: [st] });
      }
    });
    return chains.map((c) => ({ ...c, at: c.start, left: c.dice.slice(), fresh: true }));
  }

  class MoveEntry {
    // board: mover's view; roll: [d1, d2]; plays: /api/moves plays; landing: 'hit'|'pin'|'block'
    constructor(board, roll, plays, landing) {
      this.start = clone(board);
      this.board = clone(board);
      this.landing = landing;
      this.made = [];
      this.cands = plays.map((p) => ({
        play: p,
        chains: chainsOf(p.steps, roll),
        result: flip(parseNotation(p.notation, board.geometry)),
      }));
      this.all = this.cands;
    }

    blocked(t) {
      const v = this.board.points[t];
      if (v <= -2) return true;
      if (v === -1) return this.landing === 'block' || this.board.pins[t];
      return false;
    }

    // Points the checker on `from` may go to now.
    targets(from) {
      const out = new Set();
      for (const c of this.cands) {
        for (const ch of c.chains) {
          if (ch.at !== from || !ch.left.length) continue;
          for (const d of new Set(ch.left)) {
            const t = from - d;
            if (t >= 1 && !this.blocked(t)) out.add(t);
            if (t <= 0 && ch.end === 0 && ch.left.length === 1) out.add(0);
          }
          if (ch.left.length > 1) out.add(ch.end);
        }
      }
      return [...out];
    }

    // Points holding a checker that some legal play still moves.
    sources() {
      const out = new Set();
      for (const c of this.cands) for (const ch of c.chains) if (ch.left.length) out.add(ch.at);
      return [...out];
    }

    // Moves one checker; false when no legal play does so.
    move(from, to) {
      const next = [];
      let path = null;
      for (const c of this.cands) {
        const chains = c.chains.map((ch) => ({ ...ch, left: ch.left.slice() }));
        let ok = false;
        for (const ch of chains) {
          if (ch.at !== from || !ch.left.length) continue;
          const k = ch.left.findIndex((d) => from - d === to || (to === 0 && ch.end === 0 && ch.left.length === 1 && from - d <= 0));
          if (k >= 0 && (to > 0 || ch.left.length === 1)) {
            if (!path) path = [[from, to]];
            ch.left.splice(k, 1);
            ch.at = to;
            ch.fresh = false;
            ok = true;
            break;
          }
          if (to === ch.end && ch.left.length > 1) {
            if (!path) path = ch.fresh ? ch.steps.map((st) => [st.from, st.to]) : this.walk(from, ch.left, to);
            ch.left = [];
            ch.at = to;
            ch.fresh = false;
            ok = true;
            break;
          }
        }
        if (ok) next.push({ ...c, chains });
      }
      if (!next.length) return false;
      for (const [f, t] of path) this.step(f, t);
      this.cands = next;
      this.made.push([from, to]);
      return true;
    }

    // Which of the two dice drawn are used up by the checkers moved so far: for a double, the
    // first after two moves and the second after four.
    diceUsed(roll) {
      const left = [];
      if (this.cands.length) for (const ch of this.cands[0].chains) left.push(...ch.left);
      if (!this.made.length) return [false, false];
      if (roll[0] === roll[1]) return [left.length <= 2, left.length === 0];
      const pool = left.slice();
      return roll.map((d) => {
        const k = pool.indexOf(d);
        if (k >= 0) pool.splice(k, 1);
        return k < 0;
      });
    }

    walk(from, dice, to) {
      const path = [];
      let at = from;
      for (const d of dice.slice().sort((a, b) => b - a)) {
        const t = Math.max(0, at - d);
        path.push([at, t]);
        at = t;
      }
      if (path.length) path[path.length - 1][1] = to;
      return path;
    }

    // One checker of x from -> to on the local board, with the game's landing rule.
    step(from, to) {
      const b = this.board;
      if (from === 25) b.bar[0] -= 1;
      else {
        b.points[from] -= 1;
        if (b.points[from] === 0 && b.pins[from]) {  // the pinned checker is free again
          b.points[from] = -1;
          b.pins[from] = false;
        }
      }
      if (to === 0) { b.off[0] += 1; return; }
      if (b.points[to] === -1 && !b.pins[to]) {
        if (this.landing === 'pin') { b.points[to] = 1; b.pins[to] = true; return; }
        if (this.landing === 'hit') { b.points[to] = 1; b.bar[1] += 1; return; }
      }
      b.points[to] += 1;
    }

    // The legal play the board now shows, or null.
    finished() {
      for (const c of this.cands)
        if (c.chains.every((ch) => !ch.left.length) && sameCheckers(c.result, this.board)) return c.play;
      return null;
    }

    // True when no legal play can be completed from here.
    stuck() {
      return !this.cands.some((c) => c.chains.some((ch) => ch.left.length)) && !this.finished();
    }
  }

  return { empty, clone, fromJson, parseNotation, toNotation, flip, sameCheckers, counts, pips, draw, MoveEntry, flipPoint };
})();
