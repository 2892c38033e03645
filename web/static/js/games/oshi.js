// Oshi: parses position strings and draws the 9x9 board with one-, two-
// and three-tier pieces drawn as visibly different stacks.

import { h, s, parseRows, range } from '../dom.js';
import { t, words } from '../i18n.js';

const w = words('oshi');

/** CSS styles this board's pieces and squares; the client adds it to the page once. */
export const CSS = `
.oshi .side, .oshi .top { stroke-width: 3; }
.oshi.p0 .side { fill: #4f0f1a; stroke: #24060b; }
.oshi.p0 .top { fill: #8a2232; stroke: #24060b; }
.oshi.p0 .pip { fill: #f4e3c1; }
.oshi.p1 .side { fill: #c8b78e; stroke: #4a3f2a; }
.oshi.p1 .top { fill: #fbf5e4; stroke: #4a3f2a; }
.oshi.p1 .pip { fill: #5b1a24; }
[data-game=oshi] { --p0: #8a2232; --p1: #fbf5e4; }
`;

const TIERS = { s: 1, d: 2, t: 3 };

export const name = 'oshi';

export function parse(pos) {
  const f = pos.trim().split(/\s+/);
  if (f.length !== 4) throw new Error('oshi: want 4 fields');
  const board = parseRows(f[0], 9, () => range(0, 9));
  if (f[1] !== 'r' && f[1] !== 'w') throw new Error('oshi: side to act must be r or w');
  const sc = f[2].split('-').map(Number);
  return { game: name, board, toAct: f[1] === 'r' ? 0 : 1, scores: sc, impasse: f[3] === '-' ? [] : f[3].split(',') };
}

export function view(m) {
  const squares = [];
  for (let r = 0; r < 9; r++) for (let f = 0; f < 9; f++) squares.push({ sq: String.fromCharCode(97 + f) + (r + 1), cls: (f + r) % 2 ? 'light' : 'dark' });
  const pieces = [];
  for (const [sq, ch] of m.board) {
    const owner = ch === ch.toUpperCase() ? 0 : 1;
    const n = TIERS[ch.toLowerCase()];
    pieces.push({ kind: owner + ':' + n, owner, tiers: n, sq, f: sq.charCodeAt(0) - 97, r: +sq.slice(1) - 1, look: '', label: w('piece' + n, m.colours[owner]) });
  }
  return { key: 'oshi', cols: 9, rows: 9, squares, pieces };
}

export function drawSquare(g, q, S) {
  g.append(s('rect', { class: 'cell', x: -S / 2 + 1, y: -S / 2 + 1, width: S - 2, height: S - 2, rx: 4 }));
}

/** stack draws a piece of n tiers as a side view of stacked discs. */
export function stack(owner, n, S) {
  const g = s('g', { class: 'oshi p' + owner });
  const rx = S * 0.38, ry = S * 0.14, dz = S * 0.13;
  const base = S * 0.22 + (n - 1) * dz / 2 - dz / 2;
  for (let i = 0; i < n; i++) {
    const cy = base - i * dz;
    g.append(s('path', { class: 'side', d: `M${-rx},${cy} v${dz} a${rx},${ry} 0 0 0 ${2 * rx},0 v${-dz} z` }));
    g.append(s('ellipse', { class: 'top', cx: 0, cy, rx, ry }));
  }
  const top = base - (n - 1) * dz;
  // Red's pips are round, white's square: the owner shows without colour (WCAG 1.4.1).
  const d = S * 0.09;
  range(0, n).forEach((i) => g.append(owner === 0
    ? s('circle', { class: 'pip', cx: (i - (n - 1) / 2) * S * 0.16, cy: top, r: S * 0.05 })
    : s('rect', { class: 'pip', x: (i - (n - 1) / 2) * S * 0.16 - d / 2, y: top - d / 2, width: d, height: d })));
  return g;
}

export function drawPiece(p, S) {
  return stack(p.owner, p.tiers, S);
}

export function tokens(mv) {
  const m = /^([a-i][1-9])([a-i][1-9])$/.exec(mv);
  return m ? [{ k: 'sq', v: m[1] }, { k: 'sq', v: m[2] }] : null;
}

export function prompt(step) {
  return [t('pickPiece'), t('pickTarget')][step] || '';
}

export function lastSquares(mv) {
  const m = /^([a-i][1-9])([a-i][1-9])$/.exec(mv || '');
  return m ? [m[1], m[2]] : [];
}

/** panel shows the pieces each player still has on the board. */
export function panel(m) {
  const left = [{ 1: 0, 2: 0, 3: 0 }, { 1: 0, 2: 0, 3: 0 }];
  for (const ch of m.board.values()) left[ch === ch.toUpperCase() ? 0 : 1][TIERS[ch.toLowerCase()]]++;
  return left.map((l, owner) => h('div', { class: 'hand' }, [
    h('span', { class: 'hand-name' }, w('onBoard', m.colours[owner])),
    ...[3, 2, 1].map((n) => h('span', { class: 'hand-item', role: 'img', 'aria-label': w('count' + n, l[n]) }, [
      s('svg', { viewBox: '-50 -50 100 100', class: 'mini', 'aria-hidden': 'true' }, [stack(owner, n, 100)]),
      h('span', { 'aria-hidden': 'true' }, '×' + l[n]),
    ])),
  ]));
}

// The rules page: its diagrams' positions, and its text in English and
// French as paragraphs ('p'), headings ('h'), diagrams ('fig') and grids
// of boards ('boards').
const D = {
  start: { pos: 't7t/2dsssd2/4s4/9/9/9/4S4/2DSSSD2/T7T r 0-0 -' },
  push: { pos: 't7t/2dsssd2/9/9/4s4/4D4/4S4/3SSSD2/T7T r 0-0 -', selected: 'e4', targets: ['c4', 'd4', 'e2', 'e3', 'e5', 'e6', 'f4', 'g4'] },
  edge: { pos: '4t3t/2dsssd2/4T4/1s7/9/9/4S4/2DSSSD2/8T r 0-0 -', selected: 'e7', targets: ['b7', 'c7', 'd7', 'e4', 'e5', 'e6', 'e8', 'e9', 'f7', 'g7', 'h7'] },
};

/** RULES are the rules page of this game: each row a paragraph (p), a heading (h), a figure (fig) or the boards; its text is the catalog's <game>.rules.<row>. */
export const RULES = [
  ['p'],
  ['fig', D.start],
  ['h'],
  ['p'],
  ['fig', D.push],
  ['p'],
  ['fig', D.edge],
  ['h'],
  ['p'],
  ['h'],
  ['p'],
];
