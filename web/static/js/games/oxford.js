// Oxford: parses position strings and draws the 6x8 board, the two bases
// set apart from the field, and the two-faced O/X pieces that flip.

import { h, s, parseRows, range } from '../dom.js';
import { t } from '../i18n.js';

export const name = 'oxford';
export const players = ['red', 'yellow'];

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
      label: base ? t('oxford.base', t('oxford.p' + (r === 0 ? 0 : 1))) : '',
    });
  }
  const pieces = [];
  for (const [sq, ch] of m.board) {
    const owner = ch === ch.toUpperCase() ? 0 : 1;
    const face = ch.toUpperCase();
    pieces.push({ kind: String(owner), owner, face, look: face, sq, f: sq.charCodeAt(0) - 97, r: +sq.slice(1) - 1, label: t('oxford.piece', t('oxford.p' + owner), face) });
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
  return [t('pickPiece'), t('pickTarget'), t('oxford.pickO'), t('oxford.pickX')][step] || '';
}

export function lastSquares(mv) {
  const tk = tokens(mv || '');
  return tk ? tk.map((x) => x.v) : [];
}

/** panel shows pieces in play and lost for each player. */
export function panel(m) {
  return [0, 1].map((o) => h('div', { class: 'hand' }, [
    h('span', { class: 'hand-name' }, t('oxford.p' + o)),
    h('span', {}, t('oxford.counts', m.inPlay[o], m.lost[o])),
  ]));
}
