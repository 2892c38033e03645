// Oshi: parses position strings and draws the 9x9 board with one-, two-
// and three-tier pieces drawn as visibly different stacks.

import { h, s, parseRows, range } from '../dom.js';
import { t, words } from '../i18n.js';

/** WORDS are this board's own words; colour names come from the game's data. */
export const WORDS = {
  en: {
    piece1: '{0} one-tier piece', piece2: '{0} two-tier piece', piece3: '{0} three-tier piece', onBoard: '{0} on the board',
    count1: 'one-tier pieces: {0}', count2: 'two-tier pieces: {0}', count3: 'three-tier pieces: {0}',
  },
  fr: {
    piece1: 'pièce {0} à un étage', piece2: 'pièce {0} à deux étages', piece3: 'pièce {0} à trois étages', onBoard: '{0} sur le plateau',
    count1: 'pièces à un étage : {0}', count2: 'pièces à deux étages : {0}', count3: 'pièces à trois étages : {0}',
  },
};
const w = words(WORDS);

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

/** RULES are the rules page of this game, by language. */
export const RULES = {
  en: [
    ['p', 'Red and white each have eight pieces on a 9x9 board: four of one tier, two of two tiers, two of three tiers. A piece\'s number of tiers is its strength and its value. Red starts.'],
    ['fig', D.start, 'The start. Three-tier pieces stand in the corners.'],
    ['h', 'A turn'],
    ['p', 'Move one of your pieces in a straight line, forward, backward or sideways (never diagonally), by 1 up to its strength in squares. A piece that meets others pushes the whole line in front of it, of either colour, but never a line longer than its strength.'],
    ['fig', D.push, 'The two-tier piece on e4 may go one or two squares in each direction; going up, it pushes white\'s piece ahead of it, and going down, red\'s own pieces.'],
    ['p', 'A piece pushed off the edge scores its value for its owner\'s opponent. A piece pushed on the previous turn may not end its move on the square it was pushed from, though it may pass over it (impasse rule).'],
    ['fig', D.edge, 'Red\'s three-tier piece on e7 has these moves. Going up one square, it pushes white\'s e8 and e9: the three-tier piece on e9 falls off and red scores 3.'],
    ['h', 'End'],
    ['p', 'The first player to score 7 points wins. A player with no legal move passes; two passes in a row or the third repetition of a position is a draw.'],
    ['h', 'Notation'],
    ['p', 'A move is the start square and the landing square: e3e5. Click the piece, then its target.'],
  ],
  fr: [
    ['p', 'Rouge et blanc ont chacun huit pièces sur un plateau de 9x9 : quatre d\'un étage, deux de deux étages, deux de trois étages. Le nombre d\'étages est la force et la valeur de la pièce. Rouge commence.'],
    ['fig', D.start, 'Le départ. Les pièces à trois étages sont dans les coins.'],
    ['h', 'Un tour'],
    ['p', 'Déplacez une de vos pièces en ligne droite, en avant, en arrière ou de côté (jamais en diagonale), de 1 case jusqu\'à sa force. Une pièce qui en rencontre d\'autres pousse toute la file devant elle, de n\'importe quelle couleur, mais jamais une file plus longue que sa force.'],
    ['fig', D.push, 'La pièce à deux étages en e4 peut aller d\'une ou deux cases dans chaque direction ; vers le haut, elle pousse la pièce blanche devant elle, et vers le bas, les pièces rouges.'],
    ['p', 'Une pièce poussée hors du plateau rapporte sa valeur à l\'adversaire de son propriétaire. Une pièce poussée au tour précédent ne peut pas finir son déplacement sur la case d\'où elle a été poussée, mais peut passer par-dessus (règle d\'impasse).'],
    ['fig', D.edge, 'La pièce rouge à trois étages en e7 a ces coups. En avançant d\'une case, elle pousse e8 et e9 : la pièce blanche à trois étages en e9 tombe et rouge marque 3.'],
    ['h', 'Fin'],
    ['p', 'Le premier à marquer 7 points gagne. Un joueur sans coup légal passe ; deux passes de suite ou la troisième répétition d\'une position font nulle.'],
    ['h', 'Notation'],
    ['p', 'Un coup s\'écrit case de départ et case d\'arrivée : e3e5. Cliquez la pièce, puis sa cible.'],
  ],
};
