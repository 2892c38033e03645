// Generic draws any game whose position string starts with FEN-like rows
// (as the spec's common conventions require), with its pieces as letters.
// It serves every game whose catalog entry names no board module of its
// own (such as the server's test game), so that any game can be watched
// and played without an edit to the client.

import { h, s, parseRows, range } from '../dom.js';
import { t } from '../i18n.js';

function width(rows) {
  return Math.max(...rows.map((row) => [...row].reduce((n, ch) => n + (ch >= '1' && ch <= '9' ? +ch : 1), 0)));
}

export function parse(pos) {
  const f = pos.trim().split(/\s+/);
  const rows = f[0].split('/');
  const cols = width(rows);
  const board = parseRows(f[0], rows.length, () => range(0, cols));
  return { game: 'generic', board, rows: rows.length, cols, fields: f.slice(1), toAct: 0 };
}

export function view(m) {
  const squares = [];
  for (let r = 0; r < m.rows; r++) for (let f = 0; f < m.cols; f++) squares.push({ sq: String.fromCharCode(97 + f) + (r + 1), cls: (f + r) % 2 ? 'light' : 'dark' });
  const pieces = [...m.board].map(([sq, ch]) => ({ kind: ch, sq, f: sq.charCodeAt(0) - 97, r: +sq.slice(1) - 1, look: '', label: ch }));
  return { key: `generic${m.cols}x${m.rows}`, cols: m.cols, rows: m.rows, squares, pieces };
}

export function drawSquare(g, q, S) {
  g.append(s('rect', { class: 'cell', x: -S / 2 + 1, y: -S / 2 + 1, width: S - 2, height: S - 2, rx: 4 }));
}

export function drawPiece(p, S) {
  const dark = p.kind === p.kind.toLowerCase();
  return s('g', { class: 'generic' + (dark ? ' dark' : '') }, [
    s('circle', { class: 'body', r: S * 0.4 }),
    s('text', { class: 'glyph', y: S * 0.14, 'font-size': S * 0.42 }, p.kind),
  ]);
}

export function tokens(mv) {
  const sqs = mv.match(/[a-z][1-9][0-9]?/g);
  if (!sqs || sqs.join('') !== mv) return null;
  return sqs.map((v) => ({ k: 'sq', v }));
}

export const firstIsTarget = true;

export function prompt() {
  return t('pickTarget');
}

export function lastSquares(mv) {
  return (mv || '').match(/[a-z][1-9][0-9]?/g) || [];
}

export function panel(m) {
  return [h('p', { class: 'phase' }, m.fields.join(' '))];
}
