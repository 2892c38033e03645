// Abraxas: parses position strings and draws the dotted 9x9 board, the
// 8x8 plate of holes that slides between corners carrying its pawns, and
// the blue stop pawns.

import { h, s, parseRows, range } from '../dom.js';
import { words } from '../i18n.js';

// w reads this board's own words (the catalog's abraxas.* keys): what
// its pieces and choices are called, and what to click. Colour names and
// phase descriptions come from the game's data.
const w = words('abraxas');

/** CSS styles this board's pieces and squares; the client adds it to the page once. */
export const CSS = `
.dot { fill: none; stroke: #c8102e; stroke-width: 6; }
.dot-core { fill: #c8102e; }
.plate-slab { fill: #6c8aa3; fill-opacity: .82; stroke: #2d4559; stroke-width: 4; }
.plate.ghost { opacity: .55; }
.hole { fill: none; stroke: #2d4559; stroke-width: 3; }
.pawn.red .body { fill: #d62828; stroke: #5c0a0a; stroke-width: 3; }
.pawn.red .shine { fill: #ffb3b3; }
.pawn.stop .body { fill: #1f4fa0; stroke: #0a1f45; stroke-width: 3; }
.pawn.stop .bar { fill: #fff; }
[data-game=abraxas] .selectable { stroke: #fff; stroke-width: 4; stroke-opacity: 1; stroke-dasharray: none; filter: drop-shadow(0 0 2px #0b2a5c); }
[data-game=abraxas] .last.ring { stroke: #ffd400; }
[data-game=abraxas] .last.ring.placed { stroke: #ffd400; stroke-width: 10; }
.chip-stops { display: inline-flex; align-items: center; }
.movelist .now { font-family: system-ui, sans-serif; color: var(--muted); }
`;

export const name = 'abraxas';

// The six dot layouts of the spec, rank 9 first.
const LAYOUTS = [
  ['....*....', '....*....', '....*....', '.........', '***...***', '.........', '....*....', '....*....', '....*....'],
  ['.........', '..**.....', '**.....*.', '*..*.....', '.........', '.....*..*', '.*.....**', '.....**..', '.........'],
  ['.........', '......*..', '.***.....', '*.*.*....', '*.......*', '....*.*.*', '.....***.', '..*......', '.........'],
  ['.....*...', '..*.....*', '..*..*...', '*.*.*....', '.*.....*.', '....*.*.*', '...*..*..', '*.....*..', '...*.....'],
  ['*.*.....*', '.......*.', '*.......*', '*....*..*', '...***...', '*..*....*', '*.......*', '.*.......', '*.....*.*'],
  ['*......*.', '***...*..', '......**.', '..*.....*', '.*.*.*.*.', '*.....*..', '.**......', '..*...***', '.*......*'],
];
const CORNER = { bl: [0, 0], br: [1, 0], tl: [0, 1], tr: [1, 1] };
const PHASES = ['corner', 'play', 'take', 'interrupt'];
let maskSeq = 0;

/** dots returns the set of dotted squares of a layout 1-6. */
export function dots(layout) {
  const set = new Set();
  LAYOUTS[layout - 1].forEach((row, i) => [...row].forEach((c, f) => { if (c === '*') set.add(String.fromCharCode(97 + f) + (9 - i)); }));
  return set;
}

export function parse(pos) {
  const f = pos.trim().split(/\s+/);
  if (f.length !== 8) throw new Error('abraxas: want 8 fields');
  const board = parseRows(f[0], 9, () => range(0, 9));
  const layout = +f[1];
  if (!(layout >= 1 && layout <= 6)) throw new Error('abraxas: layout must be 1-6');
  if (f[2] !== '-' && !CORNER[f[2]]) throw new Error('abraxas: bad corner');
  if (!PHASES.includes(f[4])) throw new Error('abraxas: bad phase');
  const taken = f[5].split('-').map(Number), stops = f[6].split('-').map(Number);
  let reds = 0;
  for (const ch of board.values()) if (ch === 'R') reds++;
  return {
    game: name, board, layout, corner: f[2] === '-' ? null : f[2], toAct: +f[3] - 1, phase: f[4],
    taken, stops, flags: f[7] === '-' ? '' : f[7], pool: 24 - reds - taken[0] - taken[1], reds,
  };
}

export function view(m) {
  const dset = dots(m.layout);
  const squares = [];
  for (let r = 0; r < 9; r++) for (let f = 0; f < 9; f++) {
    const sq = String.fromCharCode(97 + f) + (r + 1);
    squares.push({ sq, dot: dset.has(sq), label: dset.has(sq) ? w('dot') : '' });
  }
  const [f0, r0] = m.corner ? CORNER[m.corner] : [0.5, 0.5];
  const pieces = [];
  for (const [sq, ch] of m.board) {
    const f = sq.charCodeAt(0) - 97, r = +sq.slice(1) - 1;
    pieces.push({ kind: ch, sq, f: f - f0, r: r - r0, layer: 'plate', look: '', label: w(ch === 'R' ? 'red' : 'stop') });
  }
  return { key: 'abraxas' + m.layout, cols: 9, rows: 9, squares, pieces, plate: { f0, r0, w: 8, h: 8, ghost: !m.corner } };
}

export function drawSquare(g, q, S) {
  g.append(s('rect', { class: 'cell', x: -S / 2 + 1, y: -S / 2 + 1, width: S - 2, height: S - 2, rx: 3 }));
  // A dot is a ring with a small core, so that through an empty hole it
  // cannot pass for a red pawn (a solid ball).
  if (q.dot) g.append(s('circle', { class: 'dot', r: S * 0.14 }), s('circle', { class: 'dot-core', r: S * 0.04 }));
}

export function drawPlate(p, S) {
  const id = 'plate-mask-' + ++maskSeq;
  const mask = s('mask', { id }, [s('rect', { x: 0, y: 0, width: p.w * S, height: p.h * S, fill: 'white' })]);
  const rims = [];
  for (let i = 0; i < p.w; i++) for (let j = 0; j < p.h; j++) {
    mask.append(s('circle', { cx: i * S + S / 2, cy: j * S + S / 2, r: S * 0.32, fill: 'black' }));
    rims.push(s('circle', { class: 'hole', cx: i * S + S / 2, cy: j * S + S / 2, r: S * 0.32 }));
  }
  return s('g', { class: 'plate-body' }, [
    s('defs', {}, [mask]),
    s('rect', { class: 'plate-slab', x: 2, y: 2, width: p.w * S - 4, height: p.h * S - 4, rx: 16, mask: `url(#${id})` }),
    ...rims,
  ]);
}

/** pawn draws a red pawn (a ball) or a stop pawn (a blue octagon with a bar). */
export function pawn(kind, S) {
  if (kind === 'R') return s('g', { class: 'pawn red' }, [s('circle', { class: 'body', r: S * 0.28 }), s('circle', { class: 'shine', cx: -S * 0.08, cy: -S * 0.09, r: S * 0.07 })]);
  const r = S * 0.3;
  const pts = range(0, 8).map((i) => { const a = Math.PI / 8 + (i * Math.PI) / 4; return `${(r * Math.cos(a)).toFixed(1)},${(r * Math.sin(a)).toFixed(1)}`; });
  return s('g', { class: 'pawn stop' }, [s('path', { class: 'body', d: 'M' + pts.join(' L') + 'Z' }), s('rect', { class: 'bar', x: -r * 0.6, y: -r * 0.18, width: r * 1.2, height: r * 0.36 })]);
}

export function drawPiece(p, S) {
  return pawn(p.kind, S);
}

const DIRS = { 'bl>br': 'right', 'br>tr': 'up', 'tr>tl': 'left', 'tl>bl': 'down', 'br>bl': 'left', 'tr>br': 'down', 'tl>tr': 'right', 'bl>tl': 'up' };

function pushTok(corner, m) {
  const dir = m && m.corner ? DIRS[m.corner + '>' + corner] : '';
  return { k: 'opt', v: '@' + corner, label: dir ? w('push_' + dir) : w('corner_' + corner) };
}

/**
 * tokens splits a move into clicks. A click on a hole places a red pawn,
 * the common move; a stop pawn is a mode turned on first with its own
 * button (Stop! when it interrupts a replay), so that it is never chosen
 * by a slip.
 */
export function tokens(mv, m) {
  let x;
  if ((x = /^@(bl|br|tl|tr)$/.exec(mv))) return [{ k: 'opt', v: mv, label: w('corner_' + x[1]) }];
  if ((x = /^([a-i][1-9])@(bl|br|tl|tr)$/.exec(mv))) return [{ k: 'sq', v: x[1] }, pushTok(x[2], m)];
  if ((x = /^([a-i][1-9])([a-i][1-9])@(bl|br|tl|tr)$/.exec(mv))) return [{ k: 'sq', v: x[1] }, { k: 'sq', v: x[2] }, pushTok(x[3], m)];
  if ((x = /^!([a-i][1-9])(?:@(bl|br|tl|tr))?$/.exec(mv))) {
    const stop = { k: 'opt', v: 'stop', mode: true, label: w(m && m.phase === 'interrupt' ? 'stopNow' : 'placeStop') };
    return [stop, { k: 'sq', v: x[1] }, x[2] ? pushTok(x[2], m) : { k: 'opt', v: 'nopush', label: w('noPush') }];
  }
  if ((x = /^x([a-i][1-9](?:,[a-i][1-9])*)$/.exec(mv))) return { set: x[1].split(',') };
  return null;
}

/** optIcon draws the stop pawn on its button. */
export function optIcon(tok) {
  return tok.v === 'stop' ? s('svg', { viewBox: '-50 -50 100 100', class: 'mini', 'aria-hidden': 'true' }, [pawn('B', 100)]) : null;
}

/** prompt says what to click next; next lists the choices on offer. */
export function prompt(step, m, prefix, next = []) {
  if (m.phase === 'corner') return w('pickCorner');
  if (m.phase === 'take') return w('pickTake');
  const stop = prefix[0] === 'stop';
  if (step === 0) {
    if (m.phase === 'interrupt') return w('interrupt');
    return (m.pool > 0 ? w('pickHole') : w('pickLift')) + (next.some((x) => x.mode) ? w('orStop') : '');
  }
  if (stop && step === 1) return w('pickStop');
  if (!stop && step === 1 && m.board.get(prefix[0]) === 'R') return w('pickDest');
  return w('pickPush');
}

// CCW_FROM gives, for a corner, the corner a counter-clockwise push came from.
const CCW_FROM = { br: 'bl', tr: 'br', tl: 'tr', bl: 'tl' };
const NEIGHBOURS = { bl: ['br', 'tl'], br: ['bl', 'tr'], tr: ['br', 'tl'], tl: ['tr', 'bl'] };

/**
 * lastSquares returns the squares a move touched. A move names squares as
 * they were before its push; when the plate has moved since, the placed
 * pawn is shown where it now stands.
 */
export function lastSquares(mv, m) {
  const sqs = (mv || '').match(/[a-i][1-9]/g) || [];
  const pushed = /@(bl|br|tl|tr)$/.exec(mv || '');
  if (!pushed || !m || m.corner !== pushed[1] || !sqs.length) return sqs;
  const to = pushed[1];
  const want = mv.startsWith('!') ? 'B' : 'R';
  const last = sqs[sqs.length - 1];
  for (const from of [CCW_FROM[to], ...NEIGHBOURS[to]]) {
    const f = last.charCodeAt(0) + CORNER[to][0] - CORNER[from][0];
    const r = +last.slice(1) + CORNER[to][1] - CORNER[from][1];
    const now = String.fromCharCode(f) + r;
    if (m.board.get(now) === want) return [...sqs.slice(0, -1), now];
  }
  return sqs;
}

const shift = (sq, from, to) => {
  if (!from || !to || from === to) return sq;
  const f = sq.charCodeAt(0) + CORNER[to][0] - CORNER[from][0], r = +sq.slice(1) + CORNER[to][1] - CORNER[from][1];
  return String.fromCharCode(f) + r;
};

/**
 * turn marks a whole turn, the moves from index from on: a turn may be a
 * run (placement or stop, push, takes). A move names squares as they were
 * before its push and the plate carries its pawns on, so each square is
 * followed through every push since, from the corners the moves went
 * through from the start position. It returns the marks ({sq, placed}:
 * placed for a pawn put there) and, per move of the run whose squares now
 * stand elsewhere, a note naming them as the board shows them.
 */
export function turn(moves, from, start, m) {
  const corners = [start.corner];
  for (const mv of moves) {
    const c = /@(bl|br|tl|tr)$/.exec(mv);
    corners.push(c ? c[1] : corners[corners.length - 1]);
  }
  const end = m.corner || corners[corners.length - 1];
  const marks = new Map(), notes = [];
  for (let i = from; i < moves.length; i++) {
    const sqs = moves[i].match(/[a-i][1-9]/g) || [];
    const now = sqs.map((sq) => shift(sq, corners[i], end));
    // The last square of a placement, a stop or a move is where a pawn went.
    const placed = /^(!|[a-i][1-9](?:[a-i][1-9])?@)/.test(moves[i]) ? now[now.length - 1] : null;
    now.forEach((sq) => marks.set(sq, { sq, placed: marks.get(sq)?.placed || sq === placed }));
    if (now.some((sq, j) => sq !== sqs[j])) {
      notes[i] = { text: w('now', now.join(',')), title: w('nowTitle', now.join(',')) };
    }
  }
  return { marks: [...marks.values()], notes };
}

/** chip shows beside a player's name what they hold: their stop pawns. */
export function chip(m, p) {
  return h('span', { class: 'chip-stops', role: 'img', 'aria-label': w('stopsN', m.stops[p]) }, [
    s('svg', { viewBox: '-50 -50 100 100', class: 'mini', 'aria-hidden': 'true' }, [pawn('B', 100)]),
    h('span', { 'aria-hidden': 'true' }, '×' + m.stops[p]),
  ]);
}

/** panel shows the pool and each player's taken pawns and stop pawns; the page adds the phase. */
export function panel(m) {
  const icon = (k) => s('svg', { viewBox: '-50 -50 100 100', class: 'mini', 'aria-hidden': 'true' }, [pawn(k, 100)]);
  return [
    h('div', { class: 'hand' }, [h('span', { class: 'hand-name' }, w('pool')), h('span', { class: 'hand-item', role: 'img', 'aria-label': w('poolN', m.pool) }, [icon('R'), h('span', { 'aria-hidden': 'true' }, '×' + m.pool)])]),
    ...[0, 1].map((p) => h('div', { class: 'hand' }, [
      h('span', { class: 'hand-name' }, m.colours[p]),
      h('span', { class: 'hand-item', role: 'img', 'aria-label': w('takenN', m.taken[p]) }, [icon('R'), h('span', { 'aria-hidden': 'true' }, w('taken', m.taken[p]))]),
      h('span', { class: 'hand-item', role: 'img', 'aria-label': w('stopsN', m.stops[p]) }, [icon('B'), h('span', { 'aria-hidden': 'true' }, '×' + m.stops[p])]),
    ]))
  ];
}

// The rules page: its diagrams' positions, and its text in English and
// French as paragraphs ('p'), headings ('h'), diagrams ('fig') and grids
// of boards ('boards').
const D = {
  start: { pos: '9/9/9/9/9/9/9/9/9 1 - 2 corner 0-0 3-3 -' },
  line: { pos: '9/9/9/9/5R3/9/9/9/9 1 br 1 take 0-0 3-3 -', targets: ['f5'] },
  stop: { pos: '9/2R6/9/4B4/9/3R5/9/9/9 4 tl 2 play 3-1 2-3 -', id: 'abraxas:board=4' },
  boards: [1, 2, 3, 4, 5, 6].map((n) => ({ pos: `9/9/9/9/9/9/9/9/9 ${n} bl 1 play 0-0 3-3 -`, id: 'abraxas:board=' + n, caption: n })),
};

/** RULES are the rules page of this game: each row a paragraph (p), a heading (h), a figure (fig) or the boards; its text is the catalog's <game>.rules.<row>. */
export const RULES = [
  ['p'],
  ['fig', D.start],
  ['h'],
  ['p'],
  ['p'],
  ['fig', D.line],
  ['h'],
  ['p'],
  ['p'],
  ['fig', D.stop],
  ['h'],
  ['p'],
  ['boards', D.boards],
  ['h'],
  ['p'],
];
