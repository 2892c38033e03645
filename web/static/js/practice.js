// Practice is a board to try moves on without a game on the server: the
// lesson and puzzle pages give it a position, its legal moves and the
// position each one leads to (the server sends them all), and hear of
// the move chosen, or of a click the rules refuse, to explain. Clicks are
// guided by MoveInput as on the game page.

import { h, clear } from './dom.js';
import { t } from './i18n.js';
import { adapter as adapterOf, splitId, parsePos, info } from './games.js';
import { Board } from './board.js';
import { MoveInput } from './input.js';

export class Practice {
  /**
   * @param game the game name (its board module draws the board)
   * @param opts {label, onMove(mv), onRefused(move so far, message)}
   */
  constructor(game, opts) {
    this.game = game;
    this.adapter = adapterOf(game);
    this.opts = opts;
    this.locked = false;
    this.board = new Board(this.adapter, { onSquare: (sq) => this.square(sq), label: opts.label });
    this.prompt = h('p', { class: 'prompt', id: 'prompt' });
    this.options = h('div', { class: 'options', id: 'options' });
    this.el = h('div', { class: 'practice' }, [h('div', { class: 'board-wrap' }, this.board.el), this.prompt, this.options]);
    this.textMode();
  }

  /** textMode adds the board as text when the player chose it (textmode.js, loaded only then). */
  async textMode() {
    if (localStorage.getItem('plateau:textmode') !== '1') return;
    const { TextMode } = await import('./textmode.js');
    this.text = new TextMode({
      view: () => ({ legal: this.locked ? [] : this.legal || [], moves: [], movers: [], toAct: this.toAct, result: 'ongoing' }),
      board: () => this.adapter.view(this.shown),
      colour: (p) => this.shown?.colours[p] || '',
      mine: () => true,
      turn: () => this.prompt.textContent || t('yourTurn'),
      clocks: () => '',
      resultText: () => '',
      play: (mv) => { if (this.locked) return false; this.opts.onMove(mv); return true; },
    });
    this.el.prepend(this.text.el);
    if (this.shown) this.text.update(this.text.host.view(), null);
  }

  /** show sets a position of game id with its legal moves; toAct says which side looks up the board. */
  show(id, position, legal, toAct, last = []) {
    this.id = id;
    this.model = parsePos(id, position);
    this.flip = !info(splitId(id).name)?.fixedBoard && toAct === 1;
    this.board.set(this.model, { flip: this.flip, animate: false, last });
    this.input = new MoveInput(this.adapter, this.model, legal, (mv) => this.opts.onMove(mv));
    this.locked = false;
    this.render();
    this.shown = this.model;
    this.legal = legal;
    this.toAct = toAct;
    this.text?.update(this.text.host.view(), null);
  }

  /** play shows the position a move led to and stops taking clicks until the next show. */
  play(mv, after) {
    const model = parsePos(this.id, after);
    this.shown = model;
    this.locked = true;
    this.board.set(model, { flip: this.flip, last: this.adapter.lastSquares(mv, model) });
    this.board.mark({});
    this.render();
  }

  square(sq) {
    if (this.locked || !this.input) return;
    const clicked = this.input.prefix.filter((x) => x.k === 'sq').map((x) => x.v);
    const chosen = [...this.input.chosen];
    const ok = this.input.square(sq);
    const msg = this.input.state().message;
    this.render();
    if (ok !== false) return;
    // The squares clicked, written together (a take as its notation),
    // are what the server is asked to explain.
    const move = this.input.sets.length ? 'x' + [...chosen, sq].sort().join(',') : clicked.join('') + sq;
    this.opts.onRefused(move, msg);
  }

  render() {
    if (this.locked || !this.input) {
      this.prompt.textContent = '';
      clear(this.options);
      return;
    }
    const st = this.input.state();
    this.board.mark(st);
    this.prompt.textContent = st.prompt;
    const opts = [...(st.modes || []), ...st.options].map((o) => this.button(o));
    if (st.confirm) opts.push(h('button', { type: 'button', class: 'opt primary', 'data-opt': 'confirm', onclick: () => this.input.submit(st.confirm) }, t('confirmTake', st.confirm)));
    if (this.input.prefix.length || this.input.chosen.size) {
      opts.push(h('button', { type: 'button', class: 'opt', 'data-opt': 'cancel', onclick: () => { this.input.reset(); this.render(); } }, t('cancelMove')));
    }
    clear(this.options, opts);
  }

  button(o) {
    const icon = this.adapter.optIcon && !o.whole ? this.adapter.optIcon(o, this.model) : null;
    const attrs = { type: 'button', class: 'opt' + (o.mode ? ' mode' : ''), 'data-opt': o.v };
    if (o.mode) attrs['aria-pressed'] = String(!!o.pressed);
    return h('button', { ...attrs, onclick: () => { this.input.option(o.v); this.render(); } }, [icon, o.v === 'pass' ? t('pass') : o.label]);
  }
}

/** request calls the server's JSON API; an error carries the server's message and, when sent, its text in every language. */
export async function request(method, path, body) {
  const res = await fetch(path, {
    method,
    headers: body ? { 'Content-Type': 'application/json' } : {},
    body: body ? JSON.stringify(body) : undefined,
  });
  const data = await res.json().catch(() => null);
  if (!res.ok) {
    const e = new Error(data?.error || res.statusText);
    e.status = res.status;
    e.code = data?.code || '';
    e.text = data?.text || null;
    throw e;
  }
  return data;
}
