// Board draws any game's board in SVG from a view built by the game's
// adapter, keeps one element per piece across positions so that CSS
// transitions on transforms animate moves, and turns clicks and keys on
// squares into onSquare calls.

import { s, sqCoords } from './dom.js';
import { t } from './i18n.js';

const S = 100; // one square, in SVG user units
const M = 34; // margin for coordinates

/** matchPieces pairs old and new pieces of the same kind, nearest first. */
export function matchPieces(olds, news) {
  const pairs = [];
  olds.forEach((o, i) => news.forEach((n, j) => {
    if (o.mkind === n.mkind) pairs.push([Math.hypot(o.x - n.x, o.y - n.y) + (o.look === n.look ? 0 : 0.01), i, j]);
  }));
  pairs.sort((a, b) => a[0] - b[0]);
  const usedO = new Set(), usedN = new Map();
  for (const [, i, j] of pairs) {
    if (usedO.has(i) || usedN.has(j)) continue;
    usedO.add(i);
    usedN.set(j, i);
  }
  return usedN; // new index -> old index
}

/** arrowPoints outlines an arrow from one square's centre towards another's, its head short of the centre. */
export function arrowPoints(x1, y1, x2, y2) {
  const len = Math.hypot(x2 - x1, y2 - y1);
  const ux = (x2 - x1) / len, uy = (y2 - y1) / len; // along
  const nx = -uy, ny = ux; // across
  const shaft = 9, head = 24, headLen = 38, start = 14, end = len - 16;
  const at = (a, b) => `${(x1 + ux * a + nx * b).toFixed(1)},${(y1 + uy * a + ny * b).toFixed(1)}`;
  return [at(start, shaft), at(end - headLen, shaft), at(end - headLen, head), at(end, 0),
    at(end - headLen, -head), at(end - headLen, -shaft), at(start, -shaft)].join(' ');
}

export class Board {
  /**
   * @param adapter the game's adapter (view, drawPiece, drawSquare)
   * @param opts {onSquare(sq), label}
   */
  constructor(adapter, opts = {}) {
    this.adapter = adapter;
    this.onSquare = opts.onSquare || (() => {});
    this.el = s('svg', { class: 'board', role: 'group', 'aria-label': opts.label || t('board') });
    this.ground = s('g', { class: 'ground' });
    this.marksUnder = s('g', { class: 'marks' });
    this.plate = s('g', { class: 'plate' });
    this.pieceLayer = s('g', { class: 'pieces' });
    this.marksOver = s('g', { class: 'marks over' });
    this.overlayLayer = s('g', { class: 'overlay', 'aria-hidden': 'true' });
    this.hits = s('g', { class: 'hits' });
    this.el.append(this.ground, this.plate, this.marksUnder, this.pieceLayer, this.marksOver, this.overlayLayer, this.hits);
    this.overlays = [];
    this.pieces = []; // {kind, look, x, y, el, layer}
    this.geoKey = null;
    this.hitBySq = new Map();
    this.focusSq = null;
    this.marks = {};
  }

  /** set shows a position; last lists the squares of the last turn, as names or {sq, placed} marks. */
  set(model, { last = [], flip = false, animate = true } = {}) {
    const view = this.adapter.view(model);
    this.view = view;
    this.flip = flip;
    const key = view.key + (flip ? '/f' : '');
    if (key !== this.geoKey) {
      this.geoKey = key;
      this.drawGround(view);
      for (const p of this.pieces) p.el.remove();
      this.pieces = [];
    }
    this.placePlate(view, animate);
    this.placePieces(view, animate);
    this.last = last;
    this.drawMarks();
    this.drawOverlay();
  }

  xy(f, r) {
    const v = this.view;
    return [M + (this.flip ? v.cols - 1 - f : f) * S + S / 2, M + (this.flip ? r : v.rows - 1 - r) * S + S / 2];
  }

  drawGround(view) {
    const W = view.cols * S + 2 * M, H = view.rows * S + 2 * M;
    this.el.setAttribute('viewBox', `0 0 ${W} ${H}`);
    const g = [s('rect', { class: 'frame', x: 0, y: 0, width: W, height: H, rx: 18 })];
    for (let f = 0; f < view.cols; f++) {
      const [x] = this.xy(f, 0);
      g.push(s('text', { class: 'coord', x, y: H - 9, 'aria-hidden': 'true' }, String.fromCharCode(97 + f)));
      g.push(s('text', { class: 'coord', x, y: 24, 'aria-hidden': 'true' }, String.fromCharCode(97 + f)));
    }
    for (let r = 0; r < view.rows; r++) {
      const [, y] = this.xy(0, r);
      g.push(s('text', { class: 'coord', x: M / 2, y: y + 8, 'aria-hidden': 'true' }, String(r + 1)));
      g.push(s('text', { class: 'coord', x: W - M / 2, y: y + 8, 'aria-hidden': 'true' }, String(r + 1)));
    }
    for (const q of view.squares) {
      const [f, r] = sqCoords(q.sq);
      const [x, y] = this.xy(f, r);
      const cell = s('g', { transform: `translate(${x},${y})`, class: 'sq ' + (q.cls || '') });
      this.adapter.drawSquare(cell, q, S);
      g.push(cell);
    }
    this.ground.replaceChildren(...g);
    this.hits.replaceChildren();
    this.hitBySq.clear();
    for (const q of view.squares) {
      const [f, r] = sqCoords(q.sq);
      const [x, y] = this.xy(f, r);
      const hit = s('rect', {
        class: 'hit', x: x - S / 2, y: y - S / 2, width: S, height: S,
        tabindex: -1, role: 'button', 'data-sq': q.sq,
      });
      hit.addEventListener('click', () => this.onSquare(q.sq));
      hit.addEventListener('keydown', (e) => this.key(e, q.sq));
      hit.addEventListener('focus', () => { this.focusSq = q.sq; });
      this.hits.append(hit);
      this.hitBySq.set(q.sq, hit);
    }
    const first = this.focusSq && this.hitBySq.has(this.focusSq) ? this.focusSq : view.squares[0].sq;
    this.hitBySq.get(first).setAttribute('tabindex', 0);
    this.focusSq = first;
  }

  key(e, sq) {
    const dirs = { ArrowUp: [0, 1], ArrowDown: [0, -1], ArrowLeft: [-1, 0], ArrowRight: [1, 0] };
    if (e.key === 'Enter' || e.key === ' ') {
      e.preventDefault();
      this.onSquare(sq);
      return;
    }
    const d = dirs[e.key];
    if (!d) return;
    e.preventDefault();
    let [f, r] = sqCoords(sq);
    const sign = this.flip ? -1 : 1;
    for (let i = 0; i < 9; i++) {
      f += d[0] * sign; r += d[1] * sign;
      const next = String.fromCharCode(97 + f) + (r + 1);
      const hit = this.hitBySq.get(next);
      if (hit) { this.focus(next); return; }
      if (f < 0 || r < 0 || f >= this.view.cols || r >= this.view.rows) return;
    }
  }

  /** focus moves the keyboard focus to a square. */
  focus(sq) {
    for (const [q, hit] of this.hitBySq) hit.setAttribute('tabindex', q === sq ? 0 : -1);
    this.focusSq = sq;
    this.hitBySq.get(sq)?.focus();
  }

  placePlate(view, animate) {
    if (!view.plate) { this.plate.replaceChildren(); this.plateKey = null; return; }
    const p = view.plate;
    if (this.plateKey !== this.geoKey) {
      this.plateKey = this.geoKey;
      this.plate.replaceChildren(this.adapter.drawPlate(p, S));
      this.plate.style.transition = 'none';
    } else {
      this.plate.style.transition = animate ? '' : 'none';
    }
    const x = M + (this.flip ? view.cols - p.f0 - p.w : p.f0) * S;
    const y = M + (this.flip ? p.r0 : view.rows - p.r0 - p.h) * S;
    this.plate.style.transform = `translate(${x}px, ${y}px)`;
    this.plate.classList.toggle('ghost', !!p.ghost);
  }

  pieceXY(p) {
    const v = this.view;
    if (p.layer === 'plate') {
      const pl = v.plate;
      return [(this.flip ? pl.w - 1 - p.f : p.f) * S + S / 2, (this.flip ? p.r : pl.h - 1 - p.r) * S + S / 2];
    }
    return this.xy(p.f, p.r);
  }

  placePieces(view, animate) {
    const news = view.pieces.map((p) => {
      const [x, y] = this.pieceXY(p);
      return { ...p, x, y, mkind: (p.layer || 'board') + ':' + p.kind };
    });
    const m = matchPieces(this.pieces, news);
    const kept = new Set();
    const next = news.map((n, j) => {
      const oi = m.get(j);
      let el;
      if (oi === undefined) {
        el = s('g', { class: 'pc' + (animate ? ' enter' : ''), role: 'img' });
        el.append(this.adapter.drawPiece(n, S));
        el.style.transition = 'none';
        el.style.transform = `translate(${n.x}px, ${n.y}px)`;
        (n.layer === 'plate' ? this.plate : this.pieceLayer).append(el);
        requestAnimationFrame(() => { el.style.transition = ''; });
      } else {
        const o = this.pieces[oi];
        kept.add(oi);
        el = o.el;
        el.style.transition = animate ? '' : 'none';
        el.style.transform = `translate(${n.x}px, ${n.y}px)`;
        if (o.look !== n.look) this.restyle(el, n, animate);
      }
      el.setAttribute('data-sq', n.sq);
      el.setAttribute('aria-label', `${n.sq}: ${n.label}`);
      el.setAttribute('data-kind', n.kind);
      el.setAttribute('data-layer', n.layer || 'board');
      if (n.look) el.setAttribute('data-look', n.look); else el.removeAttribute('data-look');
      return { ...n, el };
    });
    this.pieces.forEach((o, i) => {
      if (kept.has(i)) return;
      if (!animate) { o.el.remove(); return; }
      o.el.classList.add('leave');
      setTimeout(() => o.el.remove(), 400);
    });
    this.pieces = next;
  }

  restyle(el, n, animate) {
    el.replaceChildren(this.adapter.drawPiece(n, S));
    if (!animate) return;
    // The new face unfolds from edge-on: the piece turning over.
    el.classList.remove('flip');
    el.getBoundingClientRect(); // restart the animation
    el.classList.add('flip');
    setTimeout(() => el.classList.remove('flip'), 500);
  }

  /** mark shows the selection state: {selected, targets, selectable}, the squares of a hint (hinted) and of a premove waiting (premove). */
  mark(marks = {}) {
    this.marks = marks;
    this.drawMarks();
  }

  drawMarks() {
    const { selected, targets = new Set(), selectable = new Set(), chosen = new Set(), hinted = [], premove = [] } = this.marks;
    const under = [], over = [];
    for (const sq of premove) {
      const [x, y] = this.xy(...sqCoords(sq));
      under.push(s('rect', { class: 'premove', 'data-sq': sq, x: x - S / 2 + 2, y: y - S / 2 + 2, width: S - 4, height: S - 4, rx: 6 }));
    }
    for (const sq of hinted) {
      const [x, y] = this.xy(...sqCoords(sq));
      over.push(s('rect', { class: 'hinted', 'data-sq': sq, x: x - S / 2 + 2, y: y - S / 2 + 2, width: S - 4, height: S - 4, rx: 6 }));
    }
    for (const { sq, placed } of this.lastMarks()) {
      const [x, y] = this.xy(...sqCoords(sq));
      // Over a plate a fill would hide the pawns: draw a ring on top instead.
      const cls = (this.view.plate ? 'last ring' : 'last') + (placed ? ' placed' : '');
      (this.view.plate ? over : under).push(s('rect', { class: cls, 'data-sq': sq, x: x - S / 2 + 3, y: y - S / 2 + 3, width: S - 6, height: S - 6, rx: 8 }));
      over.push(s('path', { class: 'last-tick', d: `M${x - S / 2 + 4},${y - S / 2 + 4} l22,0 l-22,22 z` }));
      // A pawn just put down is marked new, whatever kind it is.
      if (placed) over.push(s('circle', { class: 'last-new', cx: x + S / 2 - 14, cy: y - S / 2 + 14, r: 9 }));
    }
    for (const sq of selectable) {
      const [x, y] = this.xy(...sqCoords(sq));
      over.push(s('rect', { class: 'selectable', 'data-sq': sq, x: x - S / 2 + 6, y: y - S / 2 + 6, width: S - 12, height: S - 12, rx: 10 }));
    }
    for (const sq of chosen) {
      const [x, y] = this.xy(...sqCoords(sq));
      over.push(s('rect', { class: 'chosen', 'data-sq': sq, x: x - S / 2 + 4, y: y - S / 2 + 4, width: S - 8, height: S - 8, rx: 10 }));
    }
    if (selected) {
      const [x, y] = this.xy(...sqCoords(selected));
      over.push(s('rect', { class: 'selected', 'data-sq': selected, x: x - S / 2 + 4, y: y - S / 2 + 4, width: S - 8, height: S - 8, rx: 10 }));
    }
    for (const sq of targets) {
      const [x, y] = this.xy(...sqCoords(sq));
      over.push(s('circle', { class: 'target', cx: x, cy: y, r: 18, 'data-sq': sq }));
    }
    this.marksUnder.replaceChildren(...under);
    this.marksOver.replaceChildren(...over);
    this.labelSquares(targets, selectable, selected);
  }

  /**
   * overlay draws arrows over the board, in its squares' coordinates
   * whatever the game: [{from, to, cls}] (square names), an arrow from
   * one square to another, or a ring around from when to is missing or
   * the same. cls adds classes (the stylesheet colours them); the layer
   * lets clicks through to the squares. overlay() clears it.
   */
  overlay(items = []) {
    this.overlays = items;
    this.drawOverlay();
  }

  drawOverlay() {
    if (!this.view) return;
    const out = [];
    for (const { from, to, cls = '' } of this.overlays) {
      const [x1, y1] = this.xy(...sqCoords(from));
      if (!to || to === from) {
        out.push(s('circle', { class: 'arrow ring ' + cls, 'data-from': from, cx: x1, cy: y1, r: S / 2 - 8 }));
        continue;
      }
      const [x2, y2] = this.xy(...sqCoords(to));
      out.push(s('polygon', { class: 'arrow ' + cls, 'data-from': from, 'data-to': to, points: arrowPoints(x1, y1, x2, y2) }));
    }
    this.overlayLayer.replaceChildren(...out);
  }

  /** lastMarks returns the last turn's marks as {sq, placed}: set() takes square names or such marks. */
  lastMarks() {
    return (this.last || []).map((e) => (typeof e === 'string' ? { sq: e, placed: false } : e));
  }

  labelSquares(targets, selectable, selected) {
    const bySq = new Map();
    for (const p of this.pieces) bySq.set(p.sq, (bySq.has(p.sq) ? bySq.get(p.sq) + ', ' : '') + p.label);
    const last = new Set(this.lastMarks().map((e) => e.sq));
    for (const q of this.view.squares) {
      const parts = [q.sq];
      if (q.label) parts.push(q.label);
      parts.push(bySq.get(q.sq) || t('empty'));
      if (q.sq === selected) parts.push(t('selected'));
      if (targets.has(q.sq)) parts.push(t('legalTarget'));
      else if (selectable.has(q.sq)) parts.push(t('canMove'));
      if (last.has(q.sq)) parts.push(t('lastMove'));
      this.hitBySq.get(q.sq)?.setAttribute('aria-label', parts.join(', '));
    }
  }
}
