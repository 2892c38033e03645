// Text mode: the board as text for screen readers (docs/accessibility.md).
// Loaded only when the mode is on (textmode.on()), so that the first load
// stays small. It names no game: the board's text comes from the game's
// board module (its view(): squares and pieces, each with its label) and
// the moves from the server's legal move strings.

import { h, clear } from './dom.js';
import { t } from './i18n.js';

// The choice is kept in localStorage ('plateau:textmode' is '1' when on),
// read by main.js (the link at the top of every page), pages/play.js and
// practice.js, which load this module only then.

/** rankOf returns the row of a square's name (its digits), '' if none. */
const rankOf = (sq) => (/\d+$/.exec(sq) || [''])[0];

/** onSquare lists the labels of what stands on a square; null for no such square. */
function onSquare(board, sq) {
  const q = board.squares.find((x) => x.sq === sq);
  const ps = board.pieces.filter((p) => p.sq === sq).map((p) => p.label);
  if (!q && !ps.length) return null;
  const parts = [...ps];
  if (q?.label) parts.push(q.label);
  return parts.length ? parts.join(', ') : t('text.empty');
}

/** rows returns the board's rows, top row first, each a list of squares. */
function rows(board) {
  const by = new Map();
  const all = [...board.squares.map((q) => q.sq), ...board.pieces.map((p) => p.sq)];
  for (const sq of all) {
    if (!sq) continue;
    const r = rankOf(sq);
    if (!by.has(r)) by.set(r, new Set());
    by.get(r).add(sq);
  }
  return [...by.entries()].sort((a, b) => Number(b[0]) - Number(a[0]))
    .map(([r, set]) => [r, [...set].sort((a, b) => a.localeCompare(b))]);
}

/** rowText reads one row, runs of empty squares said once. */
function rowText(board, r, squares) {
  const parts = [];
  let run = [];
  const flush = () => {
    if (run.length === 1) parts.push(t('text.emptyOne', run[0]));
    if (run.length > 1) parts.push(t('text.emptyRun', run[0], run[run.length - 1]));
    run = [];
  };
  for (const sq of squares) {
    const what = onSquare(board, sq);
    if (what === t('text.empty')) { run.push(sq); continue; }
    flush();
    parts.push(sq + ' ' + what);
  }
  flush();
  return t('text.row', r, parts.join(', '));
}

/** piecesText lists the squares of each kind of piece. */
function piecesText(board) {
  const by = new Map();
  for (const p of board.pieces) {
    if (!by.has(p.label)) by.set(p.label, []);
    by.get(p.label).push(p.sq);
  }
  if (!by.size) return t('text.noPieces');
  return [...by.entries()].map(([l, sqs]) => l + ': ' + sqs.sort().join(', ')).join('. ') + '.';
}

/** movesFrom lists the legal moves that start on a square. */
export function movesFrom(legal, sq) {
  return legal.filter((m) => m.startsWith(sq) && !/\d/.test(m.charAt(sq.length)));
}

/**
 * TextMode is the text form of a board: a command line, its answer and
 * a log of the game's events read out once each. host gives what it
 * shows: view() (the server's view: position, legal, moves, movers,
 * toAct, result), board() (the board module's view of the position),
 * colour(p), turn() (whose turn, as the page says it), clocks() (text),
 * play(move).
 */
export class TextMode {
  constructor(host) {
    this.host = host;
    this.input = h('input', { id: 'text-cmd', autocomplete: 'off', spellcheck: 'false', list: 'text-moves', 'aria-describedby': 'text-help' });
    this.list = h('datalist', { id: 'text-moves' });
    this.out = h('p', { id: 'text-out', role: 'status' });
    this.log = h('div', { id: 'text-log', class: 'text-log', role: 'log', tabindex: '0', 'aria-live': 'polite', 'aria-label': t('text.events') });
    const form = h('form', { class: 'text-form' }, [
      h('label', { for: 'text-cmd' }, t('text.command')), this.input, this.list,
      h('button', { type: 'submit' }, t('text.go')),
      h('small', { id: 'text-help' }, t('text.help')),
    ]);
    form.addEventListener('submit', (e) => {
      e.preventDefault();
      const line = this.input.value.trim();
      if (!line) return;
      this.input.value = '';
      this.answer(this.run(line));
    });
    this.el = h('section', { class: 'text-mode', id: 'text-mode', 'aria-label': t('text.title') }, [
      h('h2', { class: 'small' }, t('text.title')), form, this.out, this.log,
    ]);
  }

  /** watch announces each line added to the chat lists under el, once. */
  watch(el) {
    if (!el) return;
    const seen = new WeakSet(el.querySelectorAll('li'));
    new MutationObserver((recs) => {
      for (const r of recs) for (const n of r.addedNodes) {
        if (n.nodeName !== 'LI' || seen.has(n)) continue;
        seen.add(n);
        this.say(t('text.chat', n.textContent.trim()));
      }
    }).observe(el, { childList: true, subtree: true });
  }

  /** answer shows a command's answer, read at once. */
  answer(text) {
    this.out.textContent = text;
  }

  /** say adds an event to the log: each is read once. */
  say(text) {
    if (!text) return;
    this.log.append(h('p', {}, text));
    while (this.log.children.length > 50) this.log.firstChild.remove();
  }

  /** update follows a new view: the suggestions and its events. */
  update(v, prev) {
    clear(this.list, v.legal.map((m) => h('option', { value: m })));
    if (!prev) { this.say(this.host.turn()); return; }
    for (let i = prev.moves.length; i < v.moves.length; i++) {
      if (!this.host.mine(v.movers[i])) this.say(t('played', this.host.colour(v.movers[i]), v.moves[i]));
    }
    if (prev.result === 'ongoing' && v.result !== 'ongoing') { this.say(this.host.resultText()); return; }
    const offer = (x) => x !== null && x !== undefined && x >= 0 && !this.host.mine(x);
    if (offer(v.drawOffer) && v.drawOffer !== prev.drawOffer) this.say(t('drawOfferedToYou'));
    if (offer(v.takeBack) && v.takeBack !== prev.takeBack) this.say(t('takeBackAskedOfYou'));
    if (v.result === 'ongoing' && (v.toAct !== prev.toAct || v.moves.length !== prev.moves.length)) this.say(this.host.turn());
  }

  /** run answers one line: a command or a move. */
  run(line) {
    const v = this.host.view();
    const [cmd, arg = ''] = line.toLowerCase().split(/\s+/, 2);
    const board = this.host.board();
    switch (cmd) {
      case 'b': case 'board': return rows(board).map(([r, sqs]) => rowText(board, r, sqs)).join(' ');
      case 'r': case 'row': {
        const row = rows(board).find(([r]) => r === arg);
        return row ? rowText(board, row[0], row[1]) : t('text.noRow', arg);
      }
      case 'p': case 'pieces': return piecesText(board);
      case 'l': case 'last': return this.last(v);
      case 'c': case 'clocks': return this.host.clocks() || t('text.noClock');
      case 't': case 'turn': return this.host.turn();
      case 's': case 'square': return onSquare(board, arg) === null ? t('text.noSquare', arg) : arg + ': ' + onSquare(board, arg);
      case 'm': case 'moves': {
        const ms = movesFrom(v.legal, arg);
        return ms.length ? t('text.movesFrom', arg, ms.join(', ')) : t('text.noMovesFrom', arg);
      }
      case 'a': case 'all': return v.legal.length ? t('text.legal', v.legal.join(', ')) : t('text.noLegal');
      case 'h': case 'help': case '?': return t('text.commands');
      default: return this.move(v, line.toLowerCase());
    }
  }

  /** last says the last turn: its moves and who made them. */
  last(v) {
    if (!v.moves.length) return t('text.noMove');
    const who = v.movers[v.moves.length - 1];
    let from = v.moves.length;
    while (from > 0 && v.movers[from - 1] === who) from--;
    return t('played', this.host.colour(who), v.moves.slice(from).join(', '));
  }

  /** move plays a typed move, or says which moves start the same way. */
  move(v, mv) {
    if (v.legal.includes(mv)) {
      if (!this.host.play(mv)) return t('text.cannotPlay');
      return t('text.sent', mv);
    }
    const near = v.legal.filter((m) => m.startsWith(mv.slice(0, 2)));
    return near.length ? t('text.notLegalNear', mv, near.slice(0, 12).join(', ')) : t('text.notLegal', mv);
  }
}
