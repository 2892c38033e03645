// The rating history chart: an SVG line of a player's rating after each
// rated game, with a band of ± one deviation, built with DOM calls and
// drawn by the classes of app.css (the CSP allows no inline style).

import { s } from './dom.js';
import { t } from './i18n.js';

const W = 560, H = 200, PAD = { l: 44, r: 10, t: 10, b: 22 };

/** scale maps [a0, a1] onto [b0, b1]; a flat range maps to the middle. */
const scale = (a0, a1, b0, b1) => (x) => (a1 === a0 ? (b0 + b1) / 2 : b0 + ((x - a0) / (a1 - a0)) * (b1 - b0));

/** ticks returns about n round values covering [lo, hi]. */
function ticks(lo, hi, n) {
  const raw = (hi - lo) / n || 50;
  const step = [10, 25, 50, 100, 200, 250, 500].find((x) => x >= raw) || 1000;
  const out = [];
  for (let v = Math.ceil(lo / step) * step; v <= hi; v += step) out.push(v);
  return out;
}

/**
 * ratingChart returns an SVG chart of history ([{rating, rd, game, at}],
 * oldest first) titled title (a pool's name), starting from the rating a
 * newcomer has.
 */
export function ratingChart(history, title, start = 1500) {
  const pts = [{ rating: start, rd: 350, game: '' }, ...history];
  const lo = Math.min(...pts.map((p) => p.rating - p.rd)), hi = Math.max(...pts.map((p) => p.rating + p.rd));
  const x = scale(0, pts.length - 1, PAD.l, W - PAD.r);
  const y = scale(lo, hi, H - PAD.b, PAD.t);
  const label = t('ratings.chartOf', title);
  const svg = s('svg', { class: 'rating-chart', viewBox: `0 0 ${W} ${H}`, role: 'img', 'aria-label': label }, [s('title', {}, label)]);
  for (const v of ticks(lo, hi, 4)) {
    svg.append(s('line', { class: 'axis', x1: PAD.l, x2: W - PAD.r, y1: y(v), y2: y(v) }));
    svg.append(s('text', { x: PAD.l - 4, y: y(v) + 4, 'text-anchor': 'end' }, String(v)));
  }
  const upper = pts.map((p, i) => `${x(i)},${y(p.rating + p.rd)}`);
  const lower = pts.map((p, i) => `${x(i)},${y(p.rating - p.rd)}`).reverse();
  svg.append(s('polygon', { class: 'band', points: [...upper, ...lower].join(' ') }));
  svg.append(s('polyline', { class: 'line', points: pts.map((p, i) => `${x(i)},${y(p.rating)}`).join(' ') }));
  pts.forEach((p, i) => {
    if (i === 0) return;
    svg.append(s('circle', { class: 'point', cx: x(i), cy: y(p.rating), r: 3, 'data-rating': p.rating },
      s('title', {}, t('ratings.pointOf', p.rating, i))));
  });
  svg.append(s('text', { x: W - PAD.r, y: H - 6, 'text-anchor': 'end' }, String(history.length)));
  return svg;
}
