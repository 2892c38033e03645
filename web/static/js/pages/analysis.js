// The analysis board: any position of any game (#/analysis/<game>?pos=
// <position>&line=<moves>), moves for both sides kept as a tree of
// variations, and the engine's three best lines, live. Two engines run in
// workers: one answers the rules (legal moves, positions, results) at
// once; the other searches, and is stopped (its worker ended) when the
// position changes or the page is left. Loaded on demand.

import { h, clear } from '../dom.js';
import { t, errorText } from '../i18n.js';
import { adapter as adapterOf, splitId, parsePos, has, start as startOf, colour, title } from '../games.js';
import { Board } from '../board.js';
import { shareButton, importForm } from '../share.js';
import { MoveInput } from '../input.js';
import { Engine } from '../engine.js';
import { lastReport, percent, analysisHref } from '../evaluation.js';

/** STEPS are the successive searches of a position, in ms: a first answer at once, then deeper ones. */
const STEPS = [300, 1000, 3000, 8000];
/** A search shorter than this is let finish rather than its worker ended. */
const WAIT = 300;
const LINES = 3;
/** PROOF_MS is the solver's budget for the proof badge, asked after the first step. */
const PROOF_MS = 1000;

/** node is one move of the tree; the root has no move. Its first child continues its line; the others are side lines. */
const node = (move, parent) => ({ move, parent, children: [], info: null });

/** path lists the moves from the root to n. */
function path(n) {
  const out = [];
  for (; n && n.parent; n = n.parent) out.unshift(n.move);
  return out;
}

/** branch returns the first move of n's line: up while n continues its parent's line. */
function branch(n) {
  while (n.parent && n.parent.parent && n.parent.children[0] === n) n = n.parent;
  return n;
}

export async function analysis(main, gameId) {
  const game = gameId;
  const name = splitId(game).name;
  if (!has(name)) {
    clear(main, h('h1', {}, t('review.analysis.noGame', game)));
    return null;
  }
  const q = new URLSearchParams(location.hash.split('?')[1] || '');
  const pos = q.get('pos') || startOf(game) || '';
  const line = (q.get('line') || '').split(/\s+/).filter(Boolean);
  const page = new AnalysisPage(main, game, pos);
  try {
    await page.load(line);
  } catch (e) {
    page.close();
    clear(main, h('h1', {}, t('review.analysis.title', title(name))), h('p', { class: 'error', id: 'analysis-error' }, t('review.analysis.badPosition', errorText(e))), page.pasteForm());
    return null;
  }
  return () => page.close();
}

class AnalysisPage {
  constructor(main, game, pos) {
    this.main = main;
    this.game = game;
    this.pos = pos.trim();
    this.adapter = adapterOf(splitId(game).name);
    this.root = node(null, null);
    this.cur = this.root;
    this.rules = new Engine();
    this.search = null;
    this.gen = 0; // bumped when the position shown changes: a search for another is dropped
    this.inflight = 0; // the budget of the search under way, 0 when idle
  }

  /** load checks the root position and plays the line given, as far as its moves are legal. */
  async load(line) {
    await this.rules.ask(`newgame ${this.game} ${this.pos}`);
    let n = this.root;
    for (const mv of line) {
      try { await this.rules.ask('play ' + mv); } catch { break; }
      const c = node(mv, n);
      n.children.push(c);
      n = c;
    }
    this.build();
    await this.go(n);
  }

  close() {
    this.gen++;
    this.rules.stop();
    this.search?.stop();
    document.removeEventListener('keydown', this.keys);
  }

  /** state returns a node's position, legal moves and result, asking the rules engine once per node. */
  async state(n) {
    if (n.info) return n.info;
    // Sent together, so that no other batch interleaves in the worker.
    const lines = [`newgame ${this.game} ${this.pos}`, ...path(n).map((m) => 'play ' + m), 'position', 'validmoves', 'result'];
    const answers = await Promise.all(lines.map((l) => this.rules.ask(l)));
    const [position] = answers[answers.length - 3];
    const [legal] = answers[answers.length - 2];
    const [result] = answers[answers.length - 1];
    n.info = { position, legal: legal ? legal.split(' ') : [], result };
    return n.info;
  }

  build() {
    const name = splitId(this.game).name;
    this.board = new Board(this.adapter, { label: t('boardOf', title(name)), onSquare: (sq) => this.onSquare(sq) });
    const btn = (label, id, fn) => h('button', { type: 'button', id, onclick: fn }, label);
    this.el = {
      status: h('p', { class: 'turn', id: 'an-status', 'aria-live': 'polite' }),
      prompt: h('p', { class: 'prompt', id: 'prompt' }),
      message: h('p', { class: 'message', role: 'alert', id: 'message' }),
      options: h('div', { class: 'options', id: 'options' }),
      panel: h('div', { class: 'panel' }),
      engine: h('p', { class: 'engine-status', id: 'engine-status', role: 'status' }),
      proof: h('p', { class: 'engine-status proof', id: 'proof-badge', hidden: true }),
      lines: h('ol', { class: 'pv-lines', id: 'pv-lines' }),
      tree: h('div', { class: 'tree', id: 'tree', 'aria-label': t('review.analysis.moves') }),
      share: h('input', { id: 'share-url', readonly: true, spellcheck: 'false', 'aria-label': t('review.analysis.share') }),
      position: h('input', { id: 'position-string', readonly: true, spellcheck: 'false', 'aria-label': t('positionString') }),
    };
    const copy = this.copy = btn(t('review.analysis.copyLink'), 'copy-link', async () => {
      try { await navigator.clipboard.writeText(this.el.share.value); } catch { this.el.share.select(); document.execCommand('copy'); }
      copy.textContent = t('copied');
    });
    this.listenKeys();
    clear(this.main, h('section', { class: 'game analysis', 'data-game': name }, [
      h('div', { class: 'game-main' }, [h('h1', {}, t('review.analysis.title', title(name))), this.el.status, h('div', { class: 'board-wrap' }, this.board.el)]),
      h('div', { class: 'turnbox' }, [this.el.prompt, this.el.message, this.el.options]),
      h('aside', { class: 'side' }, [
        h('div', { class: 'actions tree-actions' }, [
          btn('◀ ' + t('review.analysis.back'), 'an-back', () => this.cur.parent && this.go(this.cur.parent)),
          btn(t('review.analysis.forward') + ' ▶', 'an-forward', () => this.cur.children[0] && this.go(this.cur.children[0])),
          btn(t('review.analysis.undo'), 'an-undo', () => this.undo()),
          btn(t('review.analysis.promote'), 'an-promote', () => this.promote()),
          btn(t('review.analysis.delete'), 'an-delete', () => this.remove()),
        ]),
        h('h2', { class: 'small' }, t('review.analysis.engine')), this.el.engine, this.el.proof, this.el.lines,
        h('h2', { class: 'small' }, t('review.analysis.moves')), this.el.tree, this.el.panel,
        h('h2', { class: 'small' }, t('review.analysis.share')), h('p', { class: 'note' }, t('review.analysis.shareAbout')),
        h('div', { class: 'share' }, [this.el.share, copy]), shareButton(() => this.shareLinks()),
        h('label', { for: 'position-string' }, t('positionString')), this.el.position,
        this.pasteForm(),
        importForm(name, (r) => { location.hash = analysisHref(r.game, r.start, r.moves); }),
      ]),
    ]));
  }

  /** listenKeys walks the line shown with the arrow keys, outside form fields. */
  listenKeys() {
    this.keys = (e) => {
      if (['INPUT', 'SELECT', 'TEXTAREA'].includes(e.target.tagName)) return;
      if (e.key === 'ArrowLeft' && this.cur.parent) this.go(this.cur.parent);
      if (e.key === 'ArrowRight' && this.cur.children[0]) this.go(this.cur.children[0]);
    };
    document.addEventListener('keydown', this.keys);
  }

  /** pasteForm opens a pasted position string of this game. */
  pasteForm() {
    const field = h('input', { id: 'paste-pos', spellcheck: 'false', autocomplete: 'off' });
    const form = h('form', { class: 'notation paste' }, [h('label', { for: 'paste-pos' }, t('review.analysis.paste')), field,
      h('button', { type: 'submit', id: 'open-pos' }, t('review.analysis.open'))]);
    form.addEventListener('submit', (e) => {
      e.preventDefault();
      if (field.value.trim()) location.hash = analysisHref(this.game, field.value.trim());
    });
    return form;
  }

  /** go shows node n: the board, the move input, the tree, the link; then the engine analyses it. */
  async go(n) {
    this.cur = n;
    const gen = ++this.gen;
    let st;
    try { st = await this.state(n); } catch (e) {
      // A page left meanwhile ended the rules engine: nothing to say.
      if (gen === this.gen) this.el.message.textContent = errorText(e);
      return;
    }
    if (gen !== this.gen) return;
    this.model = parsePos(this.game, st.position);
    this.board.set(this.model, { last: n.move ? this.adapter.lastSquares(n.move, this.model) : [] });
    this.board.overlay();
    this.input = new MoveInput(this.adapter, this.model, st.result === 'ongoing' ? st.legal : [], (mv) => this.play(mv));
    this.el.message.textContent = '';
    this.showInput();
    const colours = [colour(splitId(this.game).name, 0), colour(splitId(this.game).name, 1)];
    this.el.status.textContent = st.result === 'ongoing' ? t('toPlay', colours[this.model.toAct] ?? '') : t('review.analysis.over', this.resultText(st.result));
    clear(this.el.panel, this.adapter.panel(this.model));
    this.renderTree();
    this.share(st.position);
    this.analyse(n, gen, st);
  }

  resultText(r) {
    if (r === 'draw') return t('draw');
    return t('wins', colour(splitId(this.game).name, r === 'first' ? 0 : 1));
  }

  /** shareLinks are the Share dialog's links of the position shown. */
  shareLinks() {
    const g = encodeURIComponent(this.game), pos = encodeURIComponent(this.el.position.value);
    return { link: `/analysis/${g}?pos=${pos}`, embed: `/embed/position/${g}?pos=${pos}`, png: `/api/picture.png?game=${g}&pos=${pos}` };
  }

  /** share keeps the address, the link to copy and the position field up to date with the line shown. */
  share(position) {
    // A board the player has left must not take the address back.
    if (!this.main.isConnected) return;
    const href = analysisHref(this.game, this.pos, path(this.cur));
    history.replaceState(null, '', href);
    this.el.share.value = location.origin + '/' + href;
    this.el.position.value = position;
    this.copy.textContent = t('review.analysis.copyLink');
  }

  onSquare(sq) {
    if (!this.input) return;
    this.input.square(sq);
    this.showInput();
  }

  showInput() {
    const st = this.input.state();
    this.board.mark(st);
    this.el.prompt.textContent = this.input.seq.length || this.input.sets.length ? st.prompt : '';
    this.el.message.textContent = st.message || '';
    const button = (label, fn, attrs) => h('button', { type: 'button', class: 'opt', ...attrs, onclick: () => { fn(); this.showInput(); } }, label);
    const opts = [
      ...(st.modes || []).map((o) => button([this.adapter.optIcon?.(o, this.model), o.label], () => this.input.option(o.v), { 'data-opt': o.v, class: 'opt mode', 'aria-pressed': String(o.pressed) })),
      ...st.options.map((o) => button([o.whole ? null : this.adapter.optIcon?.(o, this.model), o.v === 'pass' ? t('pass') : o.label], () => this.input.option(o.v), { 'data-opt': o.v })),
    ];
    if (st.confirm) opts.push(button(t('confirmTake', st.confirm), () => this.play(st.confirm), { 'data-opt': 'confirm', class: 'opt primary' }));
    clear(this.el.options, opts);
  }

  /** play adds a move after the node shown, or follows it when the tree has it already. */
  play(mv) {
    let c = this.cur.children.find((x) => x.move === mv);
    if (!c) {
      c = node(mv, this.cur);
      this.cur.children.push(c);
    }
    this.go(c);
  }

  /** undo takes back the move shown: it leaves the tree, with what followed it. */
  undo() {
    const n = this.cur;
    if (!n.parent) return;
    n.parent.children.splice(n.parent.children.indexOf(n), 1);
    this.go(n.parent);
  }

  /** promote makes the line shown its parent's main continuation, one level up. */
  promote() {
    const b = branch(this.cur);
    if (!b.parent) return;
    const kids = b.parent.children;
    kids.splice(kids.indexOf(b), 1);
    kids.unshift(b);
    this.renderTree();
    this.share(this.cur.info.position);
  }

  /** remove deletes the line shown, from its first move, and shows the position before it. */
  remove() {
    const b = branch(this.cur);
    if (!b.parent) return;
    b.parent.children.splice(b.parent.children.indexOf(b), 1);
    this.go(b.parent);
  }

  renderTree() {
    const moveButton = (n, ply) => h('button', {
      type: 'button', class: 'tree-move' + (n === this.cur ? ' current' : ''), 'data-path': path(n).join(' '),
      'aria-current': n === this.cur ? 'true' : null, onclick: () => this.go(n),
    }, [h('span', { class: 'tree-ply' }, ply + '.'), n.move]);
    // from lists n's line: its main continuation, each side line in brackets where it branches.
    const from = (n, ply) => {
      const out = [];
      for (; n.children.length; n = n.children[0], ply++) {
        out.push(moveButton(n.children[0], ply));
        for (const side of n.children.slice(1)) {
          out.push(h('span', { class: 'variation' }, [moveButton(side, ply), ...from(side, ply + 1)]));
        }
      }
      return out;
    };
    clear(this.el.tree, h('button', { type: 'button', class: 'tree-move root' + (this.cur === this.root ? ' current' : ''), 'data-path': '', onclick: () => this.go(this.root) }, t('review.analysis.start')),
      ...from(this.root, 1));
  }

  /**
   * analyse runs the engine's steps on node n while it is shown. A
   * search under way for another position is dropped: a short one is
   * let finish, a long one's worker is ended and a fresh one started.
   */
  async analyse(n, gen, st) {
    clear(this.el.lines);
    this.el.engine.textContent = '';
    this.el.proof.hidden = true;
    if (this.inflight > WAIT) { this.search.stop(); this.search = null; }
    if (st.result !== 'ongoing') return;
    this.search ||= new Engine();
    const eng = this.search;
    this.el.engine.textContent = t('review.analysis.thinking');
    this.el.engine.dataset.busy = 'true';
    try {
      await Promise.all([`newgame ${this.game} ${this.pos}`, ...path(n).map((m) => 'play ' + m)].map((l) => eng.ask(l)));
      for (const ms of STEPS) {
        if (gen !== this.gen) return;
        this.inflight = ms;
        const answer = await eng.ask(`go movetime ${ms} multipv ${LINES}`);
        this.inflight = 0;
        if (gen !== this.gen) return;
        this.showLines(lastReport(answer));
        if (ms === STEPS[0]) await this.prove(eng, gen);
      }
      this.el.engine.dataset.busy = 'false';
    } catch (e) {
      this.inflight = 0;
      if (gen === this.gen && eng === this.search) this.el.engine.textContent = errorText(e);
    }
  }

  /**
   * prove asks the engine to prove the position within PROOF_MS and, when
   * it does, shows a badge: who wins by force and within how many moves,
   * or a proven draw. An engine without the solve command (an older
   * build) or a proof not found shows nothing.
   */
  async prove(eng, gen) {
    let answer;
    this.inflight = PROOF_MS;
    try { answer = await eng.ask(`solve movetime ${PROOF_MS}`); } catch { return; } finally { this.inflight = 0; }
    const m = /^solve (win|loss|draw) plies (\d+)/.exec(answer[0] || '');
    if (!m || gen !== this.gen) return;
    const name = splitId(this.game).name;
    const winner = m[1] === 'win' ? this.model.toAct : 1 - this.model.toAct;
    this.el.proof.textContent = m[1] === 'draw' ? t('review.analysis.provenDraw') : t('review.analysis.provenWin', Number(m[2]), colour(name, winner));
    this.el.proof.dataset.result = m[1];
    this.el.proof.hidden = false;
  }

  /** showLines shows the engine's lines, the best as an arrow; clicking a line plays its first move. */
  showLines({ lines }) {
    const top = lines[0];
    if (!top) return;
    const colours = [colour(splitId(this.game).name, 0), colour(splitId(this.game).name, 1)];
    this.el.engine.textContent = t('review.analysis.depth', top.depth, top.nodes) + ' · ' + t('review.wpOf', colours[this.model.toAct] ?? '', percent(top.wp));
    this.el.engine.dataset.depth = String(top.depth);
    clear(this.el.lines, lines.map((l) => h('li', { 'data-move': l.pv[0] }, h('button', { type: 'button', class: 'link pv', onclick: () => this.play(l.pv[0]) }, [
      h('strong', {}, percent(l.wp)), ' ', h('code', {}, l.pv.join(' ')),
    ]))));
    let sqs = [];
    try { sqs = this.adapter.lastSquares(top.pv[0], this.model).map((e) => (typeof e === 'string' ? e : e.sq)); } catch { sqs = []; }
    this.board.overlay(sqs.length ? [{ from: sqs[0], to: sqs[sqs.length - 1], cls: 'engine' }] : []);
  }
}
