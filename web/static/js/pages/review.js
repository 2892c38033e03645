// The post-game review: the engine, in this browser's worker, searches
// every position of a finished game for the time a move the player
// chooses; the page draws the first player's win probability after each
// move, classes each move by the win probability it lost (evaluation.js,
// docs/review.md), shows the engine's better move as an arrow, and offers
// to play on from any position against the computer. Loaded on demand.

import { h, s, clear } from '../dom.js';
import { t, errorText } from '../i18n.js';
import { adapter as adapterOf, splitId, parsePos, levels } from '../games.js';
import { Board } from '../board.js';
import { Engine } from '../engine.js';
import * as api from '../api.js';
import { resultText, titleOf, colourOf } from './common.js';
import { positions } from './replay.js';
import { isDevice, open as openDevice, backend as deviceBackend } from '../device.js';
import { judge, lastReport, terminalWp, forFirst, percent, analysisHref, CLASSES } from '../evaluation.js';

/**
 * BUDGETS are the engine's times a position, in ms. DEFAULT reviews a
 * game of 60 moves in under 30 s even on the busy 2-core development
 * machine (docs/perf.md): 61 searches and their overhead.
 */
const BUDGETS = [100, 200, 500, 1000, 3000];
const DEFAULT = 200;
const KEPT = 'plateau:review:time';

const GW = 600, GH = 150, GP = 8; // the graph's size and padding, in SVG units

/**
 * PROVE_LAST positions before the end are also given to the solver, for
 * PROVE_MS each: near the end, a proof is often within reach, and the
 * position then shows who wins by force (issue 32).
 */
const PROVE_LAST = 12, PROVE_MS = 200;

export async function review(main, id, at) {
  let v, src = api;
  try {
    // A game kept on this device is read from this browser's storage.
    if (isDevice(id)) src = deviceBackend(await openDevice(id));
    v = await src.getGame(id);
  } catch (e) {
    clear(main, h('h1', {}, t('noGame')), h('p', {}, errorText(e)));
    return null;
  }
  document.title = t('review.title', titleOf(v)) + ' — Plateau';
  if (v.result === 'ongoing') {
    clear(main, h('h1', {}, t('review.title', titleOf(v))), h('p', {}, t('review.notOver')), h('p', {}, h('a', { href: '#/game/' + id }, t('backToGame'))));
    return null;
  }
  clear(main, h('p', {}, t('loading')));
  let pos;
  try { pos = await positions(src, v); } catch (e) {
    clear(main, h('h1', {}, t('review.title', titleOf(v))), h('p', { class: 'error' }, t('failed', errorText(e))));
    return null;
  }
  const page = new ReviewPage(main, v, pos, at);
  return () => page.close();
}

class ReviewPage {
  constructor(main, v, pos, at) {
    this.v = v;
    this.pos = pos;
    this.n = v.moves.length;
    this.adapter = adapterOf(splitId(v.game).name);
    this.evals = []; // per position: {first, wp, best, pv, over} once searched
    this.ply = at !== undefined ? Math.max(0, Math.min(this.n, +at)) : this.n;
    this.run = 0; // bumped to abandon a review under way
    this.engine = null;
    this.build(main);
    this.show(this.ply);
    this.start();
  }

  /** toActAt is the player to act in position i (after i moves). */
  toActAt(i) {
    return i < this.n ? this.v.movers[i] : this.v.toAct;
  }

  build(main) {
    const v = this.v;
    this.board = new Board(this.adapter, { label: t('boardOf', titleOf(v)), onSquare: () => {} });
    const select = this.budgetSelect();
    this.el = {
      progress: h('p', { class: 'review-progress', id: 'review-progress', role: 'status' }),
      bar: h('progress', { max: this.n + 1, value: 0, id: 'review-bar' }),
      graph: s('svg', { class: 'wp-graph', id: 'wp-graph', viewBox: `0 0 ${GW} ${GH}`, role: 'img', 'aria-label': t('review.graph', colourOf(v, 0)) }),
      ply: h('p', { class: 'ply', id: 'ply', 'aria-live': 'polite' }),
      judged: h('p', { class: 'judged', id: 'judged' }),
      proof: h('p', { class: 'engine-status proof', id: 'review-proof', hidden: true }),
      better: h('p', { class: 'better', id: 'better' }),
      wp: h('p', { class: 'wp-now', id: 'wp-now' }),
      summary: h('ul', { class: 'review-summary', id: 'review-summary' }),
      list: h('ol', { class: 'movelist review-moves', id: 'movelist', 'aria-label': t('moveList') }),
      actions: h('div', { class: 'actions' }),
    };
    this.el.graph.addEventListener('click', (e) => this.graphClick(e));
    this.el.list.append(...v.moves.map((mv, i) => h('li', { class: 'mv p' + v.movers[i], value: i + 1 }, [
      h('span', { class: 'mover' }, colourOf(v, v.movers[i]) + ' '),
      h('button', { type: 'button', class: 'link', 'data-ply': i + 1, onclick: () => this.show(i + 1) }, mv),
      h('span', { class: 'judgement' }),
    ])));
    this.listenKeys();
    const btn = (label, id, fn) => h('button', { type: 'button', id, onclick: fn }, label);
    clear(main, h('section', { class: 'game review', 'data-game': splitId(v.game).name }, [
      h('div', { class: 'game-main' }, [
        h('h1', {}, t('review.title', titleOf(v))),
        h('div', { class: 'banner' }, [h('strong', {}, resultText(v)), ' ', t('finalScore', v.scores[0], v.scores[1])]),
        h('div', { class: 'board-wrap' }, this.board.el),
      ]),
      h('aside', { class: 'side' }, [
        h('label', { class: 'field', for: 'review-budget' }, t('review.budget')), select,
        this.el.progress, this.el.bar, this.el.graph, this.el.summary,
        this.el.ply,
        h('div', { class: 'actions replay-controls' }, [
          btn('|◀', 'first', () => this.show(0)), btn('◀ ' + t('prev'), 'prev', () => this.show(Math.max(0, this.ply - 1))),
          btn(t('next') + ' ▶', 'next', () => this.show(Math.min(this.n, this.ply + 1))), btn('▶|', 'last', () => this.show(this.n)),
        ]),
        this.el.wp, this.el.proof, this.el.judged, this.el.better, this.el.actions,
        h('h2', { class: 'small' }, t('moveList')), this.el.list,
        h('p', {}, h('a', { href: '#/replay/' + v.id }, t('replay'))),
      ]),
    ]));
  }

  /** budgetSelect chooses the engine's time a position, kept for the next review; a change reviews the game again. */
  budgetSelect() {
    const kept = +localStorage.getItem(KEPT);
    this.budget = BUDGETS.includes(kept) ? kept : DEFAULT;
    const select = h('select', { id: 'review-budget' }, BUDGETS.map((ms) => h('option', { value: ms, selected: ms === this.budget }, t('review.budget.' + ms))));
    select.addEventListener('change', () => {
      this.budget = +select.value;
      localStorage.setItem(KEPT, String(this.budget));
      this.start();
    });
    return select;
  }

  /** listenKeys steps through the game with the arrow keys, outside form fields. */
  listenKeys() {
    this.keys = (e) => {
      if (['INPUT', 'SELECT'].includes(e.target.tagName)) return;
      if (e.key === 'ArrowLeft') this.show(Math.max(0, this.ply - 1));
      if (e.key === 'ArrowRight') this.show(Math.min(this.n, this.ply + 1));
    };
    document.addEventListener('keydown', this.keys);
  }

  close() {
    this.run++;
    this.engine?.stop();
    document.removeEventListener('keydown', this.keys);
  }

  /**
   * start reviews the game afresh with the budget chosen; a review under
   * way is abandoned. Every command is sent at once: the worker runs them
   * one after the other with no wait for the page between searches, and
   * the answers come back in order.
   */
  async start() {
    const run = ++this.run;
    this.engine?.stop();
    const e = this.engine = new Engine();
    this.evals = [];
    this.render();
    const v = this.v;
    // A refusal is kept as the answer, so that no promise is left to fail unheard.
    const ask = (line) => e.ask(line).catch((err) => err);
    const setup = ask(`newgame ${v.game} ${v.start}`);
    const steps = [];
    for (let i = 0; i <= this.n; i++) {
      steps.push([i > 0 ? ask('play ' + v.moves[i - 1]) : null, ask('result'), ask(`go movetime ${this.budget} multipv 1`),
        i >= this.n - PROVE_LAST ? ask(`solve movetime ${PROVE_MS}`) : null]);
    }
    try {
      const ready = await setup;
      if (ready instanceof Error) throw ready;
      for (let i = 0; i <= this.n; i++) {
        const [played, res, go, solve] = await Promise.all(steps[i]);
        if (run !== this.run) return;
        const ev = this.evaluation(i, played, res, go);
        this.evals[i] = { ...ev, proof: ev.over ? null : proofOf(solve) };
        this.render();
      }
    } catch (err) {
      if (run === this.run) this.el.progress.textContent = t('review.failed', errorText(err));
    }
  }

  /** evaluation reads the answers for position i: a finished game's result, or the search's win probability and move. */
  evaluation(i, played, res, go) {
    for (const a of [played, res]) if (a instanceof Error) throw a;
    if (res[0] !== 'ongoing') return { first: terminalWp(res[0]), over: true };
    if (go instanceof Error) throw go;
    const { lines, best } = lastReport(go);
    const wp = lines[0]?.wp ?? 0.5;
    return { first: forFirst(wp, this.toActAt(i)), best, pv: lines[0]?.pv || [best] };
  }

  /** showProof shows who wins position p by force, when the solver proved it. */
  showProof(p) {
    const pr = this.evals[p]?.proof;
    this.el.proof.hidden = !pr;
    if (!pr) return;
    const winner = pr.result === 'win' ? this.toActAt(p) : 1 - this.toActAt(p);
    this.el.proof.textContent = pr.result === 'draw' ? t('review.analysis.provenDraw') : t('review.analysis.provenWin', pr.plies, colourOf(this.v, winner));
    this.el.proof.dataset.result = pr.result;
  }

  /** judgement of move i (1-based): {cls, loss}, or null before both its positions are searched. */
  judgement(i) {
    const a = this.evals[i - 1], b = this.evals[i];
    if (!a || !b) return null;
    const m = this.v.movers[i - 1];
    const mine = (ev) => (m === 0 ? ev.first : 1 - ev.first);
    const loss = Math.max(0, mine(a) - mine(b));
    return { cls: judge(loss, a.best === this.v.moves[i - 1]), loss };
  }

  render() {
    const done = this.evals.length;
    this.el.bar.value = done;
    this.el.progress.textContent = done > this.n ? t('review.done', done) : t('review.progress', done, this.n + 1);
    this.el.progress.dataset.done = String(done > this.n);
    [...this.el.list.children].forEach((li, k) => {
      const j = this.judgement(k + 1);
      CLASSES.forEach((c) => li.classList.toggle('cls-' + c, j?.cls === c));
      if (j) li.dataset.class = j.cls; else delete li.dataset.class;
      li.querySelector('.judgement').textContent = j && j.cls !== 'best' && j.cls !== 'good' ? ' ' + t('review.class.' + j.cls) : '';
    });
    this.renderSummary();
    this.drawGraph();
    this.show(this.ply, false);
  }

  renderSummary() {
    const count = [0, 1].map(() => ({ inaccuracy: 0, mistake: 0, blunder: 0 }));
    for (let i = 1; i <= this.n; i++) {
      const j = this.judgement(i);
      if (j && j.cls in count[0]) count[this.v.movers[i - 1]][j.cls]++;
    }
    clear(this.el.summary, [0, 1].map((p) => h('li', { 'data-player': p },
      t('review.summary', colourOf(this.v, p), count[p].inaccuracy, count[p].mistake, count[p].blunder))));
  }

  x(i) { return GP + (i * (GW - 2 * GP)) / Math.max(this.n, 1); }

  y(first) { return GP + (1 - first) * (GH - 2 * GP); }

  drawGraph() {
    const pts = this.evals.map((ev, i) => [this.x(i), this.y(ev.first)]);
    const line = pts.map(([x, y]) => `${x.toFixed(1)},${y.toFixed(1)}`).join(' ');
    const kids = [
      s('rect', { class: 'wp-bg', x: 0, y: 0, width: GW, height: GH }),
      s('line', { class: 'wp-mid', x1: 0, x2: GW, y1: GH / 2, y2: GH / 2 }),
    ];
    if (pts.length) {
      kids.push(s('polygon', { class: 'wp-area', points: `${this.x(0)},${GH - GP} ${line} ${pts[pts.length - 1][0].toFixed(1)},${GH - GP}` }));
      kids.push(s('polyline', { class: 'wp-line', points: line }));
    }
    pts.forEach(([x, y], i) => {
      const j = i > 0 ? this.judgement(i) : null;
      kids.push(s('circle', { class: 'wp-pt' + (j ? ' cls-' + j.cls : ''), cx: x, cy: y, r: j && j.cls !== 'best' && j.cls !== 'good' ? 5 : 3, 'data-ply': i }));
    });
    this.cursor = s('line', { class: 'wp-cursor', x1: this.x(this.ply), x2: this.x(this.ply), y1: 0, y2: GH });
    kids.push(this.cursor);
    this.el.graph.replaceChildren(...kids);
  }

  /** graphClick jumps to the ply nearest the click, so that a tap need not hit a point. */
  graphClick(e) {
    const m = this.el.graph.getScreenCTM();
    if (!m) return;
    const x = (e.clientX - m.e) / m.a;
    const i = Math.round(((x - GP) * Math.max(this.n, 1)) / (GW - 2 * GP));
    this.show(Math.max(0, Math.min(this.n, i)));
  }

  /** show puts position p on the board with the last move marked and the engine's better move as an arrow. */
  show(p, animate = true) {
    const v = this.v;
    const moved = p !== this.ply;
    this.ply = p;
    const model = parsePos(v.game, this.pos[p]);
    this.board.set(model, { last: p ? this.adapter.lastSquares(v.moves[p - 1], model) : [], animate: animate && moved });
    this.el.ply.textContent = t('plyOf', p, this.n) + (p ? ' — ' + v.moves[p - 1] : '');
    this.cursor?.setAttribute('x1', this.x(p));
    this.cursor?.setAttribute('x2', this.x(p));
    [...this.el.list.children].forEach((li, i) => li.classList.toggle('current', i === p - 1));
    if (moved) this.el.list.children[p - 1]?.scrollIntoView?.({ block: 'nearest' });
    const ev = this.evals[p];
    this.el.wp.textContent = ev ? [0, 1].map((q) => t('review.wpOf', colourOf(v, q), percent(q === 0 ? ev.first : 1 - ev.first))).join(' · ') : '';
    this.showProof(p);
    this.showJudgement(p, model);
    this.renderActions(p);
  }

  /** showJudgement says how move p was judged and, when it was not the best, draws the engine's move from the position before. */
  showJudgement(p, model) {
    const j = p ? this.judgement(p) : null;
    const before = this.evals[p - 1];
    this.el.judged.textContent = j ? t('review.judged', t('review.class.' + j.cls), percent(j.loss)) : '';
    this.el.judged.dataset.class = j?.cls || '';
    const better = j && j.cls !== 'best' ? before.best : '';
    this.el.better.textContent = better ? t('review.better', better) + ' — ' + t('review.line', before.pv.join(' ')) : '';
    this.el.better.dataset.move = better;
    let sqs = [];
    try { sqs = better ? this.adapter.lastSquares(better, model).map((e) => (typeof e === 'string' ? e : e.sq)) : []; } catch { sqs = []; }
    this.board.overlay(sqs.length ? [{ from: sqs[0], to: sqs[sqs.length - 1], cls: 'better' }] : []);
  }

  renderActions(p) {
    const v = this.v;
    const acts = [h('a', { class: 'button', id: 'analyse', href: analysisHref(v.game, this.pos[p]) }, t('review.analyse'))];
    const ev = this.evals[p];
    const over = ev ? ev.over : p === this.n && v.reason !== 'resignation' && v.reason !== 'draw agreed';
    if (!over) {
      const me = this.toActAt(p);
      acts.push(h('button', { type: 'button', id: 'play-from-here', title: t('review.playFromAbout', levels().default, colourOf(v, me)), onclick: () => this.playFrom(p, me) }, t('review.playFrom')));
    }
    clear(this.el.actions, acts);
  }

  /** playFrom creates a game from position p against the computer, this browser playing the side to act there. */
  async playFrom(p, me) {
    const seats = [{ kind: 'human' }, { kind: 'human' }];
    seats[1 - me] = { kind: 'ai', level: levels().default };
    try {
      const res = await api.createGame({ game: this.v.game, position: this.pos[p], seats, me });
      for (const seat of res.seats) if (seat.token) api.saveSeat(res.id, seat.player, seat.token);
      location.hash = '#/game/' + res.id;
    } catch (e) {
      this.el.better.textContent = t('createFailed', errorText(e));
    }
  }
}

/** proofOf reads the solver's answer: {result, plies} when it proved the position; an engine without the command, or no proof, gives null. */
function proofOf(answer) {
  const m = Array.isArray(answer) && /^solve (win|loss|draw) plies (\d+)/.exec(answer[0] || '');
  return m ? { result: m[1], plies: Number(m[2]) } : null;
}
