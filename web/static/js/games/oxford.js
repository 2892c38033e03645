// Oxford: parses position strings and draws the 6x8 board, the two bases
// set apart from the field, and the two-faced O/X pieces that flip.

import { h, s, parseRows, range } from '../dom.js';
import { t, words } from '../i18n.js';

const w = words('oxford');

/** CSS styles this board's pieces and squares; the client adds it to the page once. */
export const CSS = `
.sq.base .cell { fill: #7d7364; }
.sq.base.unused .cell { fill: #a39a8c; }
.base-mark { stroke: #5e5548; stroke-width: 3; }
.sq.base .cell + .base-mark { stroke: #9a917f; }
.ox .body { stroke-width: 4; }
.ox.p0 .body { fill: #c0392b; stroke: #4d0f08; }
.ox.p0 .face { fill: none; stroke: #fff; stroke-width: 9; stroke-linecap: round; }
.ox.p1 .body { fill: #f2c94c; stroke: #5a4400; }
.ox.p1 .face { fill: none; stroke: #1d1b18; stroke-width: 9; stroke-linecap: round; }
[data-game=oxford] { --p0: #c0392b; --p1: #f2c94c; }
`;

export const name = 'oxford';

export function parse(pos, opts = {}) {
  const [rows, side] = pos.trim().split(/\s+/);
  if (side !== 'r' && side !== 'y') throw new Error('oxford: side to act must be r or y');
  const board = parseRows(rows, 8, () => range(0, 6));
  const beginner = opts.variant === 'beginner';
  const set = beginner ? 6 : 12;
  const count = [0, 0], inPlay = [0, 0];
  for (const [sq, ch] of board) {
    const o = ch === ch.toUpperCase() ? 0 : 1;
    count[o]++;
    const r = +sq.slice(1);
    if (r > 1 && r < 8) inPlay[o]++;
  }
  return { game: name, board, toAct: side === 'r' ? 0 : 1, beginner, lost: [set - count[0], set - count[1]], inPlay };
}

export function view(m) {
  const squares = [];
  for (let r = 0; r < 8; r++) for (let f = 0; f < 6; f++) {
    const base = r === 0 || r === 7;
    squares.push({
      sq: String.fromCharCode(97 + f) + (r + 1),
      cls: base ? 'base base' + (r === 0 ? 0 : 1) + (m.beginner ? ' unused' : '') : ((f + r) % 2 ? 'light' : 'dark'),
      label: base ? w('base', m.colours[r === 0 ? 0 : 1]) : '',
    });
  }
  const pieces = [];
  for (const [sq, ch] of m.board) {
    const owner = ch === ch.toUpperCase() ? 0 : 1;
    const face = ch.toUpperCase();
    pieces.push({ kind: String(owner), owner, face, look: face, sq, f: sq.charCodeAt(0) - 97, r: +sq.slice(1) - 1, label: w('piece', m.colours[owner], face) });
  }
  return { key: 'oxford' + (m.beginner ? 'b' : ''), cols: 6, rows: 8, squares, pieces };
}

export function drawSquare(g, q, S) {
  g.append(s('rect', { class: 'cell', x: -S / 2 + 1, y: -S / 2 + 1, width: S - 2, height: S - 2, rx: 4 }));
  if (q.cls.startsWith('base')) g.append(s('path', { class: 'base-mark', d: `M${-S / 2 + 6},${S / 2 - 6} L${S / 2 - 6},${-S / 2 + 6}` }));
}

/** faceGlyph draws a piece of an owner showing face O or X. */
export function faceGlyph(owner, face, S) {
  const g = s('g', { class: 'ox p' + owner });
  // Red pieces are round, yellow ones octagonal: the owner shows without colour.
  if (owner === 0) g.append(s('circle', { class: 'body', r: S * 0.4 }));
  else g.append(s('path', { class: 'body', d: octagon(S * 0.41) }));
  if (face === 'O') g.append(s('circle', { class: 'face', r: S * 0.2 }));
  else g.append(s('path', { class: 'face', d: `M${-S * 0.18},${-S * 0.18} L${S * 0.18},${S * 0.18} M${S * 0.18},${-S * 0.18} L${-S * 0.18},${S * 0.18}` }));
  return g;
}

function octagon(r) {
  const pts = range(0, 8).map((i) => {
    const a = Math.PI / 8 + (i * Math.PI) / 4;
    return `${(r * Math.cos(a)).toFixed(1)},${(r * Math.sin(a)).toFixed(1)}`;
  });
  return 'M' + pts.join(' L') + ' Z';
}

export function drawPiece(p, S) {
  return faceGlyph(p.owner, p.face, S);
}

export function tokens(mv) {
  const m = /^([a-f][1-8])([a-f][1-8])(?:=([a-f][1-8])([a-f][1-8]))?$/.exec(mv);
  if (!m) return null;
  const out = [{ k: 'sq', v: m[1] }, { k: 'sq', v: m[2] }];
  if (m[3]) out.push({ k: 'sq', v: m[3] }, { k: 'sq', v: m[4] });
  return out;
}

export function prompt(step) {
  return [t('pickPiece'), t('pickTarget'), w('pickO'), w('pickX')][step] || '';
}

export function lastSquares(mv) {
  const tk = tokens(mv || '');
  return tk ? tk.map((x) => x.v) : [];
}

/** panel shows pieces in play and lost for each player. */
export function panel(m) {
  return [0, 1].map((o) => h('div', { class: 'hand' }, [
    h('span', { class: 'hand-name' }, m.colours[o]),
    h('span', {}, w('counts', m.inPlay[o], m.lost[o])),
  ]));
}

// The rules page: its diagrams' positions, and its text in English and
// French as paragraphs ('p'), headings ('h'), diagrams ('fig') and grids
// of boards ('boards').
const D = {
  start: { pos: 'oxoxox/xoxoxo/6/6/6/6/OXOXOX/XOXOXO r' },
  move: { pos: 'oxoxox/xoxoxo/6/2X3/6/6/OX1XOX/XOXOXO y', last: 'c2c5' },
  beginner: { pos: '6/xoxoxo/6/6/6/6/OXOXOX/6 r', id: 'oxford:variant=beginner' },
};

/** RULES are the rules page of this game: each row a paragraph (p), a heading (h), a figure (fig) or the boards; its text is the catalog's <game>.rules.<row>. */
export const RULES = [
  ['p'],
  ['fig', D.start],
  ['h'],
  ['p'],
  ['fig', D.move],
  ['p'],
  ['p'],
  ['h'],
  ['p'],
  ['fig', D.beginner],
  ['h'],
  ['p'],
];
