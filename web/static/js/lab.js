// The game lab on a rules page: a game's measurements from self-play
// (internal/lab, served at /api/lab/{game}) as a small table per option
// combination and an SVG chart of the first player's win rate by level,
// with its 95% interval, drawn by the classes of app.css.

import { h, s, clear } from './dom.js';
import { t, pick } from './i18n.js';
import { call } from './api.js';
import { info, splitId } from './games.js';

const W = 360, H = 180, PAD = { l: 40, r: 10, t: 10, b: 24 };

const pct = (x) => Math.round(100 * x) + '%';
const rate = (r) => `${pct(r.rate)} [${pct(r.lo)}, ${pct(r.hi)}]`;

/** idLabel names a game id by its options' labels, defaults included. */
function idLabel(game, id) {
  const { opts } = splitId(id);
  return (info(game)?.options || []).map((o) => pick(o.labels[opts[o.name] ?? o.default])).join(', ');
}

/** column names a run: its level, or the players for human games. */
const column = (r) => (r.source === 'human' ? t('lab.human') : t('lab.level', r.level));

/** branching sums up a run's legal moves per tenth of the game: first, middle, last tenth. */
const branching = (r) => [r.branching[0], r.branching[5], r.branching[9]].map((b) => (b.plies ? Math.round(b.mean) : '-')).join(' → ');

function table(runs) {
  const rows = [
    [t('lab.games'), (r) => (r.distinct && r.distinct < r.games ? t('lab.distinct', r.games, r.distinct) : String(r.games))],
    [t('lab.opening'), (r) => (r.source === 'human' ? '-' : String(r.opening_plies))],
    [t('lab.firstWins'), (r) => rate(r.first_wins)],
    [t('lab.draws'), (r) => rate(r.draws)],
    [t('lab.length'), (r) => `${r.length.mean.toFixed(1)} [${r.length.lo.toFixed(1)}, ${r.length.hi.toFixed(1)}]`],
    [t('lab.decisive'), (r) => (r.decisive.n ? rate(r.decisive) : '-')],
    [t('lab.branching'), branching],
  ];
  return h('table', { class: 'lab-table' }, [
    h('thead', {}, h('tr', {}, [h('th', {}, ''), ...runs.map((r) => h('th', { scope: 'col' }, column(r)))])),
    h('tbody', {}, rows.map(([name, cell]) => h('tr', {}, [h('th', { scope: 'row' }, name), ...runs.map((r) => h('td', {}, cell(r)))]))),
  ]);
}

/** chart draws the first player's win rate of each run with its interval, against an even 50%. */
function chart(runs) {
  const step = (W - PAD.l - PAD.r) / runs.length;
  const x = (i) => PAD.l + step * (i + 0.5);
  const y = (v) => PAD.t + (1 - v) * (H - PAD.t - PAD.b);
  const label = t('lab.chart');
  const svg = s('svg', { class: 'lab-chart', viewBox: `0 0 ${W} ${H}`, role: 'img', 'aria-label': label }, [s('title', {}, label)]);
  for (const v of [0, 0.5, 1]) {
    svg.append(s('line', { class: v === 0.5 ? 'even' : 'axis', x1: PAD.l, x2: W - PAD.r, y1: y(v), y2: y(v) }));
    svg.append(s('text', { x: PAD.l - 4, y: y(v) + 4, 'text-anchor': 'end' }, pct(v)));
  }
  runs.forEach((r, i) => {
    const f = r.first_wins;
    svg.append(s('line', { class: 'interval', x1: x(i), x2: x(i), y1: y(f.lo), y2: y(f.hi) }));
    svg.append(s('circle', { class: 'point', cx: x(i), cy: y(f.rate), r: 4, 'data-rate': f.rate },
      s('title', {}, t('lab.pointOf', column(r), rate(f)))));
    svg.append(s('text', { x: x(i), y: H - 6, 'text-anchor': 'middle' }, column(r)));
  });
  return svg;
}

/** show fills box with the runs of one game id. */
function show(box, runs) {
  clear(box, chart(runs), table(runs));
}

/**
 * labSection returns the rules page's section on a game's measurements,
 * filled once they arrive; it removes itself when the server has none
 * (or cannot be reached), as the rules stand without it.
 */
export function labSection(game) {
  const box = h('div', { class: 'lab-runs' });
  const section = h('section', { class: 'lab', 'aria-label': t('lab.title') }, [h('h2', {}, t('lab.title'))]);
  call('GET', '/api/lab/' + encodeURIComponent(game)).then((data) => {
    const ids = [...new Set(data.runs.map((r) => r.id))];
    if (!ids.length) { section.remove(); return; }
    const runsOf = (id) => data.runs.filter((r) => r.id === id).sort((a, b) => (a.source === b.source ? a.level - b.level : a.source === 'human' ? 1 : -1));
    section.append(h('p', {}, t('lab.intro')));
    if (ids.length > 1) {
      const select = h('select', { name: 'lab-id', onchange: () => show(box, runsOf(select.value)) },
        ids.map((id) => h('option', { value: id }, idLabel(game, id))));
      section.append(h('label', { class: 'field' }, [t('lab.options'), ' ', select]));
    }
    section.append(box);
    show(box, runsOf(ids[0]));
  }).catch(() => section.remove());
  return section;
}
