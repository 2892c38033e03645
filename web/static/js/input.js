// MoveInput guides a move click by click. It never knows the rules: the
// choices at each step are the next parts of the legal move strings the
// server sent that agree with the parts already chosen.
//
// A board module may start some moves with a mode: an option token marked
// {mode: true} that the player turns on deliberately before the squares
// (a rarer, costlier kind of move), shown as a toggle button. A click on a
// square then means the common kind of move; only when every move on the
// board needs the one mode does a click on a square turn it on by itself.

import { t } from './i18n.js';

const same = (a, b) => a.k === b.k && a.v === b.v;

export class MoveInput {
  /**
   * @param adapter the game's adapter (tokens, prompt)
   * @param model the parsed position
   * @param legal the legal move strings
   * @param onMove called with the move string once a move is complete
   */
  constructor(adapter, model, legal, onMove) {
    this.adapter = adapter;
    this.model = model;
    this.onMove = onMove;
    this.seq = [];
    this.sets = [];
    for (const mv of legal) {
      const tk = adapter.tokens(mv, model);
      if (tk && tk.set) this.sets.push({ mv, set: tk.set });
      else this.seq.push({ mv, tk: tk || [{ k: 'opt', v: mv, label: mv === 'pass' ? t('pass') : mv, whole: true }] });
    }
    this.reset();
  }

  reset() {
    this.prefix = [];
    this.chosen = new Set();
    this.message = '';
  }

  candidates() {
    return this.seq.filter((e) => e.tk.length > this.prefix.length && this.prefix.every((p, i) => same(p, e.tk[i])));
  }

  next() {
    const seen = new Map();
    for (const e of this.candidates()) {
      const tk = e.tk[this.prefix.length];
      seen.set(tk.k + ':' + tk.v, tk);
    }
    return [...seen.values()];
  }

  /** state tells the page what to show: marks, options and the prompt. */
  state() {
    const nx = this.next();
    const sqs = new Set(nx.filter((x) => x.k === 'sq').map((x) => x.v));
    const chosenSq = this.prefix.filter((x) => x.k === 'sq').map((x) => x.v);
    const on = this.prefix.find((x) => x.mode);
    const st = {
      selected: chosenSq[0], chosen: new Set([...chosenSq.slice(1), ...this.chosen]),
      targets: new Set(), selectable: new Set(),
      options: nx.filter((x) => x.k === 'opt' && !x.mode), message: this.message, confirm: null,
      // The modes on offer, or the one turned on: toggles.
      modes: on ? [{ ...on, pressed: true }] : nx.filter((x) => x.mode).map((x) => ({ ...x, pressed: false })),
      prompt: this.adapter.prompt(this.prefix.length, this.model, this.prefix.map((x) => x.v), nx),
    };
    if (this.prefix.length === 0 && !this.adapter.firstIsTarget) st.selectable = sqs;
    else st.targets = sqs;
    if (this.sets.length) {
      for (const e of this.sets) {
        if ([...this.chosen].every((q) => e.set.includes(q))) for (const q of e.set) if (!this.chosen.has(q)) st.targets.add(q);
      }
      const exact = this.sets.find((e) => e.set.length === this.chosen.size && e.set.every((q) => this.chosen.has(q)));
      if (exact) st.confirm = exact.mv;
      st.prompt = this.adapter.prompt(0, this.model, []);
    }
    return st;
  }

  /** square handles a click on a square; it returns false with a message when the click cannot be part of a legal move. */
  square(sq) {
    this.message = '';
    if (this.sets.length) return this.setSquare(sq);
    const nx = this.next();
    if (nx.some((x) => x.k === 'sq' && x.v === sq)) {
      this.prefix.push({ k: 'sq', v: sq });
      return this.advance();
    }
    const implied = this.impliedMode(nx, sq);
    if (implied) {
      this.prefix.push(implied, { k: 'sq', v: sq });
      return this.advance();
    }
    // Another first square starts the move again, in the same mode.
    const mode = this.prefix[0]?.mode ? [this.prefix[0]] : [];
    const at = mode.length;
    if (this.prefix.length > at && this.prefix[at].v === sq) { this.prefix.length = at; return true; }
    if (this.prefix.length > at && this.seq.some((e) => mode.every((m, i) => same(m, e.tk[i])) && e.tk[at]?.k === 'sq' && e.tk[at].v === sq)) {
      this.prefix = [...mode, { k: 'sq', v: sq }];
      return this.advance();
    }
    const first = this.prefix.find((x) => x.k === 'sq');
    this.message = first ? t('whyNotTarget', sq, first.v) : t('whyNoMove', sq);
    return false;
  }

  /**
   * impliedMode returns the mode a click on sq turns on by itself: when no
   * square can be clicked without a mode and exactly one mode leads to sq.
   */
  impliedMode(nx, sq) {
    if (this.prefix.length || nx.some((x) => x.k === 'sq')) return null;
    const modes = nx.filter((x) => x.mode && this.seq.some((e) => same(e.tk[0], x) && e.tk[1]?.k === 'sq' && e.tk[1].v === sq));
    return modes.length === 1 ? modes[0] : null;
  }

  setSquare(sq) {
    if (this.chosen.has(sq)) { this.chosen.delete(sq); return true; }
    const want = [...this.chosen, sq];
    if (!this.sets.some((e) => want.every((q) => e.set.includes(q)))) {
      this.message = t('whyNotTake', sq);
      return false;
    }
    this.chosen.add(sq);
    const supersets = this.sets.filter((e) => want.every((q) => e.set.includes(q)));
    if (supersets.length === 1 && supersets[0].set.length === want.length) this.submit(supersets[0].mv);
    return true;
  }

  /** option handles a choice that is not a square (a value, a push, pass); choosing a mode that is on turns it off. */
  option(v) {
    this.message = '';
    if (this.prefix.some((x) => x.mode && x.v === v)) { this.reset(); return true; }
    const tk = this.next().find((x) => x.k === 'opt' && x.v === v);
    if (!tk) { this.message = t('whyNotOption'); return false; }
    this.prefix.push(tk);
    return this.advance();
  }

  advance() {
    for (;;) {
      const done = this.seq.find((e) => e.tk.length === this.prefix.length && this.prefix.every((p, i) => same(p, e.tk[i])));
      if (done) { this.submit(done.mv); return true; }
      const nx = this.next();
      if (nx.length === 1 && nx[0].k === 'opt') { this.prefix.push(nx[0]); continue; }
      return true;
    }
  }

  submit(mv) {
    this.reset();
    this.onMove(mv);
  }
}
