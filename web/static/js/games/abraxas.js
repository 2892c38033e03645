// Abraxas: parses position strings and draws the dotted 9x9 board, the
// 8x8 plate of holes that slides between corners carrying its pawns, and
// the blue stop pawns.

import { h, s, parseRows, range } from '../dom.js';
import { words } from '../i18n.js';

/**
 * WORDS are this board's own words: what its pieces and choices are
 * called, and what to click. Colour names and phase descriptions come
 * from the game's data.
 */
export const WORDS = {
  en: {
    dot: 'red dot', red: 'red pawn', stop: 'blue stop pawn',
    corner_bl: 'Bottom left', corner_br: 'Bottom right', corner_tl: 'Top left', corner_tr: 'Top right',
    push_right: 'Push right →', push_left: 'Push left ←', push_up: 'Push up ↑', push_down: 'Push down ↓',
    placeStop: 'Stop pawn', stopNow: 'Stop!', noPush: 'Don\'t push',
    pickCorner: 'Choose the plate\'s starting corner.', pickTake: 'Click the pawns to take from a line.',
    interrupt: 'Your opponent will play again. Interrupt with a stop pawn (Stop!) or pass.',
    pickHole: 'Click an empty hole for a red pawn.', pickLift: 'The pool is empty: click a red pawn to move.',
    orStop: ' Or press Stop pawn first.', pickStop: 'Click the empty hole for your stop pawn.',
    pickDest: 'Click the empty hole to move it to.', pickPush: 'Choose the push.',
    now: 'now {0}', nowTitle: 'Squares are named as before the push; the board shows them now on {0}.',

    pool: 'Pool', poolN: 'red pawns in the pool: {0}', taken: '{0} taken', takenN: 'pawns taken: {0}', stopsN: 'stop pawns left: {0}',
  },
  fr: {
    dot: 'point rouge', red: 'pion rouge', stop: 'pion stop bleu',
    corner_bl: 'En bas à gauche', corner_br: 'En bas à droite', corner_tl: 'En haut à gauche', corner_tr: 'En haut à droite',
    push_right: 'Pousser à droite →', push_left: 'Pousser à gauche ←', push_up: 'Pousser en haut ↑', push_down: 'Pousser en bas ↓',
    placeStop: 'Pion stop', stopNow: 'Stop !', noPush: 'Ne pas pousser',
    pickCorner: 'Choisissez le coin de départ de la plaque.', pickTake: 'Cliquez les pions à prendre dans une ligne.',
    interrupt: 'Votre adversaire va rejouer. Interrompez avec un pion stop (Stop !) ou passez.',
    pickHole: 'Cliquez un trou vide pour un pion rouge.', pickLift: 'La réserve est vide : cliquez un pion rouge à déplacer.',
    orStop: ' Ou appuyez d\'abord sur Pion stop.', pickStop: 'Cliquez le trou vide pour votre pion stop.',
    pickDest: 'Cliquez le trou vide où le déplacer.', pickPush: 'Choisissez la poussée.',
    now: 'maintenant {0}', nowTitle: 'Les cases sont nommées comme avant la poussée ; le plateau les montre maintenant en {0}.',

    pool: 'Réserve', poolN: 'pions rouges en réserve : {0}', taken: '{0} pris', takenN: 'pions pris : {0}', stopsN: 'pions stop restants : {0}',
  },
};
const w = words(WORDS);

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

/** RULES are the rules page of this game, by language. */
export const RULES = {
  en: [
    ['p', 'An 8x8 plate of holes lies on a 9x9 board marked with red dots, in one of its four corners. Players share 24 red pawns and each has 3 blue stop pawns. The goal: take 11 red pawns.'],
    ['fig', D.start, 'Before the game, player 2 chooses the plate\'s starting corner.'],
    ['h', 'A turn'],
    ['p', 'Place a red pawn in an empty hole, then push the plate one square to the next corner counter-clockwise (with the option "free push", to either neighbouring corner). The pawns travel with the plate. Once the pool is empty, move a red pawn from one hole to another instead.'],
    ['p', 'After the push, a square is red if it holds a red pawn, or shows a dot and holds no stop pawn. Four or more red squares in a row, column or diagonal with at least one pawn form a line: you take pawns from it (the length minus 3), and if a red pawn turn made you take, you play again.'],
    ['fig', D.line, 'A pawn placed in the centre and pushed right makes f5-i5 a line of four with the dots: player 1 takes the pawn.'],
    ['h', 'Stop pawns'],
    ['p', 'Instead of a red pawn you may place one of your stop pawns, and push or not. A stop pawn hides the dot below it. The opponent may not answer a stop with a stop. When a player earned a replay, the opponent may first interrupt with a stop pawn — the Stop! button — or pass.'],
    ['p', 'With the option Replays: one at a time, a replay earns no other: after the takes of a replay (interrupted or not), the turn passes to the opponent. Between strong players the first player can otherwise chain replays, a take each turn, up to 11; the option bounds that run.'],
    ['fig', D.stop, 'Board 4, the plate in the top-left corner, red pawns and a blue stop pawn on e6.'],
    ['h', 'The six boards'],
    ['p', 'Board 1 is for beginners; the dots grow denser up to board 6.'],
    ['boards', D.boards],
    ['h', 'Notation'],
    ['p', 'Corner choice @bl; red turn e5@br (with an empty pool c3e5@br); stop turn !e5 or !e5@br; take xc5,e5; pass. Click a hole for a red pawn, then the push if there is a choice; for a stop pawn press Stop pawn (Stop! after a replay) first, then click its hole. In the move list, squares are named as before the push; the turn just played shows where they stand now.'],
  ],
  fr: [
    ['p', 'Une plaque de 8x8 trous est posée dans un des quatre coins d\'un plateau de 9x9 marqué de points rouges. Les joueurs partagent 24 pions rouges et chacun a 3 pions stop bleus. Le but : prendre 11 pions rouges.'],
    ['fig', D.start, 'Avant la partie, le joueur 2 choisit le coin de départ de la plaque.'],
    ['h', 'Un tour'],
    ['p', 'Posez un pion rouge dans un trou vide, puis poussez la plaque d\'une case vers le coin suivant dans le sens inverse des aiguilles d\'une montre (avec l\'option « poussée libre », vers l\'un ou l\'autre coin voisin). Les pions voyagent avec la plaque. Quand la réserve est vide, déplacez à la place un pion rouge d\'un trou à un autre.'],
    ['p', 'Après la poussée, une case est rouge si elle porte un pion rouge, ou un point sans pion stop. Quatre cases rouges ou plus alignées (rangée, colonne ou diagonale) avec au moins un pion forment une ligne : vous y prenez des pions (la longueur moins 3), et si un tour de pion rouge vous a fait prendre, vous rejouez.'],
    ['fig', D.line, 'Un pion posé au centre puis poussé à droite forme avec les points la ligne de quatre f5-i5 : le joueur 1 prend le pion.'],
    ['h', 'Pions stop'],
    ['p', 'Au lieu d\'un pion rouge, vous pouvez poser un de vos pions stop, et pousser ou non. Un pion stop cache le point sous lui. L\'adversaire ne peut pas répondre à un stop par un stop. Quand un joueur a gagné le droit de rejouer, l\'adversaire peut d\'abord l\'interrompre avec un pion stop — le bouton Stop ! — ou passer.'],
    ['p', 'Avec l\'option Rejeux : un à la fois, un rejeu n\'en donne pas d\'autre : après les prises d\'un rejeu (interrompu ou non), la main passe à l\'adversaire. Sans elle, entre joueurs forts, le premier joueur peut enchaîner les rejeux, une prise à chaque tour, jusqu\'à 11 ; l\'option borne cette série.'],
    ['fig', D.stop, 'Plateau 4, la plaque dans le coin en haut à gauche, des pions rouges et un pion stop bleu en e6.'],
    ['h', 'Les six plateaux'],
    ['p', 'Le plateau 1 est pour débuter ; les points sont de plus en plus denses jusqu\'au plateau 6.'],
    ['boards', D.boards],
    ['h', 'Notation'],
    ['p', 'Choix du coin @bl ; tour rouge e5@br (réserve vide : c3e5@br) ; tour stop !e5 ou !e5@br ; prise xc5,e5 ; pass. Cliquez un trou pour un pion rouge, puis la poussée s\'il y a le choix ; pour un pion stop, appuyez d\'abord sur Pion stop (Stop ! après un droit de rejouer), puis cliquez son trou. Dans la liste des coups, les cases sont nommées comme avant la poussée ; le tour qui vient d\'être joué montre où elles sont maintenant.'],
  ],
};
