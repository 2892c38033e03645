// Yoxii: parses position strings and draws the 37-square board, the totem
// and the O, II, Y, X pieces.

import { h, s, parseRows, range } from '../dom.js';
import { t } from '../i18n.js';

const ROW_FILES = [[2, 3, 4], [1, 2, 3, 4, 5], range(0, 7), range(0, 7), range(0, 7), [1, 2, 3, 4, 5], [2, 3, 4]];
const VALUE = { o: 1, i: 2, y: 3, x: 4 };
const GLYPH = { 1: 'O', 2: 'II', 3: 'Y', 4: 'X' };
const SET = { 1: 5, 2: 5, 3: 5, 4: 3 };

export const name = 'yoxii';
export const players = ['white', 'red'];
export const firstIsTarget = true;

/** parse reads a Yoxii position string. */
export function parse(pos) {
  const [rows, side] = pos.trim().split(/\s+/);
  if (side !== 'w' && side !== 'r') throw new Error('yoxii: side to act must be w or r');
  const board = parseRows(rows, 7, (r) => ROW_FILES[r]);
  const hands = [{ ...SET }, { ...SET }];
  let totem = null;
  for (const [sq, ch] of board) {
    if (ch === 'T') { totem = sq; continue; }
    const v = VALUE[ch.toLowerCase()];
    if (!v) throw new Error(`yoxii: bad piece ${ch}`);
    hands[ch === ch.toUpperCase() ? 0 : 1][v]--;
  }
  return { game: name, board, totem, toAct: side === 'w' ? 0 : 1, hands };
}

/** squares lists every square of the board. */
export function squares() {
  const out = [];
  ROW_FILES.forEach((fs, r) => fs.forEach((f) => out.push(String.fromCharCode(97 + f) + (r + 1))));
  return out;
}

/** view turns a parsed position into what Board draws. */
export function view(m) {
  const pieces = [];
  for (const [sq, ch] of m.board) {
    const [f, r] = [sq.charCodeAt(0) - 97, +sq.slice(1) - 1];
    if (ch === 'T') { pieces.push({ kind: 'T', sq, f, r, look: '', label: t('yoxii.totem') }); continue; }
    const owner = ch === ch.toUpperCase() ? 0 : 1;
    const v = VALUE[ch.toLowerCase()];
    pieces.push({ kind: owner + ':' + v, owner, value: v, sq, f, r, look: '', label: t('yoxii.piece', t('yoxii.p' + owner), GLYPH[v], v) });
  }
  return { key: 'yoxii', cols: 7, rows: 7, squares: squares().map((sq) => ({ sq })), pieces };
}

export function drawSquare(g, q, S) {
  g.append(s('rect', { class: 'cell', x: -S / 2 + 3, y: -S / 2 + 3, width: S - 6, height: S - 6, rx: 14 }));
}

/** pieceGlyph draws a Yoxii piece of an owner and value, centred at 0,0. */
export function pieceGlyph(owner, v, S) {
  const g = s('g', { class: 'yx p' + owner });
  g.append(s('circle', { class: 'body', r: S * 0.4 }));
  // Red pieces carry an inner ring, so the owner shows without colour.
  if (owner === 1) g.append(s('circle', { class: 'ring', r: S * 0.33 }));
  g.append(s('text', { class: 'glyph', y: S * 0.13, 'font-size': S * (v === 2 ? 0.36 : 0.4) }, GLYPH[v]));
  return g;
}

export function drawPiece(p, S) {
  if (p.kind === 'T') {
    const g = s('g', { class: 'totem' });
    g.append(s('path', { class: 'totem-body', d: 'M-26,40 L-30,-20 L-18,-42 L18,-42 L30,-20 L26,40 Z' }));
    g.append(s('circle', { class: 'totem-eye', cx: -10, cy: -18, r: 6 }));
    g.append(s('circle', { class: 'totem-eye', cx: 10, cy: -18, r: 6 }));
    g.append(s('path', { class: 'totem-mouth', d: 'M-12,8 L12,8 L8,20 L-8,20 Z' }));
    return g;
  }
  return pieceGlyph(p.owner, p.value, S);
}

/** tokens splits a move into the clicks that make it. */
export function tokens(mv) {
  const m = /^([a-g][1-7]),([1-4])@([a-g][1-7])$/.exec(mv);
  if (!m) return null;
  return [{ k: 'sq', v: m[1] }, { k: 'sq', v: m[3] }, { k: 'opt', v: m[2], label: GLYPH[m[2]] + ' (' + m[2] + ')' }];
}

/** prompt says what the next click chooses. */
export function prompt(step) {
  return [t('yoxii.step0'), t('yoxii.step1'), t('yoxii.step2')][step] || '';
}

/** lastSquares returns the squares a move touched, for highlighting. */
export function lastSquares(mv) {
  const m = /^([a-g][1-7]),([1-4])@([a-g][1-7])$/.exec(mv || '');
  return m ? [m[1], m[3]] : [];
}

/** panel shows both hands: how many pieces of each value are left. */
export function panel(m) {
  return m.hands.map((hand, owner) => h('div', { class: 'hand', 'data-owner': owner }, [
    h('span', { class: 'hand-name' }, t('yoxii.hand', t('yoxii.p' + owner))),
    ...[1, 2, 3, 4].map((v) => h('span', { class: 'hand-item', 'aria-label': t('yoxii.handItem', hand[v], GLYPH[v]) }, [
      s('svg', { viewBox: '-50 -50 100 100', class: 'mini', 'aria-hidden': 'true' }, [pieceGlyph(owner, v, 100)]),
      h('span', { 'aria-hidden': 'true' }, '×' + hand[v]),
    ])),
  ]));
}

/** optIcon draws the value choice buttons as the pieces themselves. */
export function optIcon(tok, m) {
  return s('svg', { viewBox: '-50 -50 100 100', class: 'mini', 'aria-hidden': 'true' }, [pieceGlyph(m.toAct, +tok.v, 100)]);
}

export { GLYPH };
