// Abraxas: parses position strings and draws the dotted 9x9 board, the
// 8x8 plate of holes that slides between corners carrying its pawns, and
// the blue stop pawns.

import { h, s, parseRows, range } from '../dom.js';
import { t } from '../i18n.js';

export const name = 'abraxas';
export const players = ['1', '2'];

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
    squares.push({ sq, dot: dset.has(sq), label: dset.has(sq) ? t('abraxas.dot') : '' });
  }
  const [f0, r0] = m.corner ? CORNER[m.corner] : [0.5, 0.5];
  const pieces = [];
  for (const [sq, ch] of m.board) {
    const f = sq.charCodeAt(0) - 97, r = +sq.slice(1) - 1;
    pieces.push({ kind: ch, sq, f: f - f0, r: r - r0, layer: 'plate', look: '', label: t(ch === 'R' ? 'abraxas.red' : 'abraxas.stop') });
  }
  return { key: 'abraxas' + m.layout, cols: 9, rows: 9, squares, pieces, plate: { f0, r0, w: 8, h: 8, ghost: !m.corner } };
}

export function drawSquare(g, q, S) {
  g.append(s('rect', { class: 'cell', x: -S / 2 + 1, y: -S / 2 + 1, width: S - 2, height: S - 2, rx: 3 }));
  if (q.dot) g.append(s('circle', { class: 'dot', r: S * 0.13 }));
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
  return { k: 'opt', v: '@' + corner, label: dir ? t('abraxas.push_' + dir) : t('abraxas.corner_' + corner) };
}

export function tokens(mv, m) {
  let x;
  if ((x = /^@(bl|br|tl|tr)$/.exec(mv))) return [{ k: 'opt', v: mv, label: t('abraxas.corner_' + x[1]) }];
  if ((x = /^([a-i][1-9])@(bl|br|tl|tr)$/.exec(mv))) return [{ k: 'sq', v: x[1] }, { k: 'opt', v: 'red', label: t('abraxas.placeRed') }, pushTok(x[2], m)];
  if ((x = /^([a-i][1-9])([a-i][1-9])@(bl|br|tl|tr)$/.exec(mv))) return [{ k: 'sq', v: x[1] }, { k: 'sq', v: x[2] }, pushTok(x[3], m)];
  if ((x = /^!([a-i][1-9])(?:@(bl|br|tl|tr))?$/.exec(mv))) {
    return [{ k: 'sq', v: x[1] }, { k: 'opt', v: 'stop', label: t('abraxas.placeStop') }, x[2] ? pushTok(x[2], m) : { k: 'opt', v: 'nopush', label: t('abraxas.noPush') }];
  }
  if ((x = /^x([a-i][1-9](?:,[a-i][1-9])*)$/.exec(mv))) return { set: x[1].split(',') };
  return null;
}

export function prompt(step, m, prefix) {
  if (m.phase === 'corner') return t('abraxas.pickCorner');
  if (m.phase === 'take') return t('abraxas.pickTake');
  if (step === 0) return m.phase === 'interrupt' ? t('abraxas.interrupt') : (m.pool > 0 ? t('abraxas.pickHole') : t('abraxas.pickLift'));
  if (prefix[1] === undefined && prefix[0]) return t('abraxas.pickKind');
  return t('abraxas.pickPush');
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

/** panel shows the pool, each player's taken pawns and stop pawns, and the phase. */
export function panel(m) {
  const icon = (k) => s('svg', { viewBox: '-50 -50 100 100', class: 'mini', 'aria-hidden': 'true' }, [pawn(k, 100)]);
  return [
    h('div', { class: 'hand' }, [h('span', { class: 'hand-name' }, t('abraxas.pool')), h('span', { class: 'hand-item', 'aria-label': t('abraxas.poolN', m.pool) }, [icon('R'), h('span', { 'aria-hidden': 'true' }, '×' + m.pool)])]),
    ...[0, 1].map((p) => h('div', { class: 'hand' }, [
      h('span', { class: 'hand-name' }, t('abraxas.player', p + 1)),
      h('span', { class: 'hand-item', 'aria-label': t('abraxas.takenN', m.taken[p]) }, [icon('R'), h('span', { 'aria-hidden': 'true' }, t('abraxas.taken', m.taken[p]))]),
      h('span', { class: 'hand-item', 'aria-label': t('abraxas.stopsN', m.stops[p]) }, [icon('B'), h('span', { 'aria-hidden': 'true' }, '×' + m.stops[p])]),
    ])),
    h('p', { class: 'phase' }, t('abraxas.phase_' + m.phase) + (m.flags.includes('n') ? ' ' + t('abraxas.noStop') : '')),
  ];
}
