// Oxford: parses position strings and draws the 6x8 board, the two bases
// set apart from the field, and the two-faced O/X pieces that flip.

import { h, s, parseRows, range } from '../dom.js';
import { t, words } from '../i18n.js';

/** WORDS are this board's own words; colour names come from the game's data. */
export const WORDS = {
  en: {
    base: '{0} base', piece: '{0} piece showing {1}', counts: '{0} in play, {1} lost',
    pickO: 'Choose the square of your base for the O piece.', pickX: 'Choose the square of your base for the X piece.',
  },
  fr: {
    base: 'base {0}', piece: 'pièce {0} face {1}', counts: '{0} en jeu, {1} perdues',
    pickO: 'Choisissez la case de votre base pour la pièce O.', pickX: 'Choisissez la case de votre base pour la pièce X.',
  },
};
const w = words(WORDS);

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

/** RULES are the rules page of this game, by language. */
export const RULES = {
  en: [
    ['p', 'Red and yellow each have 12 two-faced pieces, O on one side and X on the other. The board has six files and eight ranks: rank 1 is red\'s base, rank 8 yellow\'s, and the 6x6 in between is the field. Red starts.'],
    ['fig', D.start, 'The standard start. The bases (ranks 1 and 8) are hatched. Red pieces are round, yellow ones octagonal.'],
    ['h', 'A turn'],
    ['p', 'Move one of your pieces on the field showing O or X exactly as many steps as you have pieces on the field showing that face. Each step goes forward or sideways, never back, never over a piece and never twice over a square. The last step may capture an opponent piece. Then the piece is turned over.'],
    ['fig', D.move, 'Red had three O on the field, so the O on c2 went three steps to c5 and turned into an X.'],
    ['p', 'With fewer than six pieces on the field you may instead move a piece from your base one square forward onto the field (it is not turned over).'],
    ['p', 'Entering the opponent\'s base: if you have lost a piece and at least two empty squares on your base, a field move may end on an empty square of the opponent\'s base. That piece and one lost piece return to two empty squares of your base of your choice, one showing O and one X.'],
    ['h', 'End'],
    ['p', 'After each move, a player who no longer has both an O and an X on the field loses (the mover first). A player with no move passes; two passes or a third repetition is a draw.'],
    ['fig', D.beginner, 'The beginner variant: six pieces each, no bases.'],
    ['h', 'Notation'],
    ['p', 'A move is the start and landing squares: c2c5. A base entry adds your own base squares for the O and the X piece: c6c8=b1e1. Click the piece, then its target; for a base entry, then the square for the O, then the square for the X.'],
  ],
  fr: [
    ['p', 'Rouge et jaune ont chacun 12 pièces à deux faces, O d\'un côté et X de l\'autre. Le plateau a six colonnes et huit rangées : la rangée 1 est la base de rouge, la 8 celle de jaune, et le carré 6x6 entre elles est le terrain. Rouge commence.'],
    ['fig', D.start, 'Le départ standard. Les bases (rangées 1 et 8) sont hachurées. Les pièces rouges sont rondes, les jaunes octogonales.'],
    ['h', 'Un tour'],
    ['p', 'Déplacez une de vos pièces du terrain montrant O ou X d\'exactement autant de pas que vous avez de pièces sur le terrain montrant cette face. Chaque pas va en avant ou de côté, jamais en arrière, jamais par-dessus une pièce ni deux fois par la même case. Le dernier pas peut prendre une pièce adverse. Puis la pièce est retournée.'],
    ['fig', D.move, 'Rouge avait trois O sur le terrain : le O en c2 a fait trois pas jusqu\'en c5 et est devenu un X.'],
    ['p', 'Avec moins de six pièces sur le terrain, vous pouvez à la place avancer une pièce de votre base d\'une case sur le terrain (elle n\'est pas retournée).'],
    ['p', 'Entrée dans la base adverse : si vous avez perdu une pièce et avez au moins deux cases vides dans votre base, un déplacement peut finir sur une case vide de la base adverse. Cette pièce et une pièce perdue reviennent sur deux cases vides de votre base, l\'une montrant O et l\'autre X.'],
    ['h', 'Fin'],
    ['p', 'Après chaque coup, un joueur qui n\'a plus à la fois un O et un X sur le terrain perd (le joueur qui vient de jouer d\'abord). Un joueur sans coup passe ; deux passes ou une troisième répétition font nulle.'],
    ['fig', D.beginner, 'La variante débutant : six pièces chacun, sans bases.'],
    ['h', 'Notation'],
    ['p', 'Un coup s\'écrit case de départ et case d\'arrivée : c2c5. Une entrée dans la base ajoute les cases de votre base pour le O et le X : c6c8=b1e1. Cliquez la pièce, puis sa cible ; pour une entrée, la case du O puis celle du X.'],
  ],
};
