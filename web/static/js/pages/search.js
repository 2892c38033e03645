// The search of a player's finished games (by game and options, result,
// rated, time control, opponent, dates), paged, and the export of all of
// them, on the player page and one's own games list; the server checks
// every filter and says what is wrong.

import { h, clear } from '../dom.js';
import { t, lang } from '../i18n.js';
import { names, title, info } from '../games.js';
import { CONTROLS, controlLabel } from '../clock.js';
import { optionsText } from './common.js';

const field = (id, label, el) => [h('div', { class: 'field' }, [h('label', { for: id }, label), el])];
const choices = (id, values, text) => h('select', { id }, values.map((v) => h('option', { value: v }, v ? text(v) : t('search.any'))));

/** variants fills the options select with a game's variants: any, the standard options ("name:"), each other set. */
function variants(select, game) {
  const ids = game ? Object.keys(info(game)?.starts || {}).filter((id) => id !== game) : [];
  select.replaceChildren(h('option', { value: '' }, t('search.any')),
    ...(ids.length ? [h('option', { value: game + ':' }, t('search.standard')), ...ids.map((id) => h('option', { value: id }, optionsText(id)))] : []));
  select.disabled = !ids.length;
}

/**
 * gameSearch is the search section of player id's finished games (on
 * their page, and on one's own games list with mine set: the unlisted
 * games are found there too).
 */
export function gameSearch(id, mine = false) {
  const game = choices('gs-game', ['', ...names()], (n) => title(n));
  const variant = h('select', { id: 'gs-variant' });
  variants(variant, '');
  game.addEventListener('change', () => variants(variant, game.value));
  const result = choices('gs-result', ['', 'win', 'loss', 'draw'], (r) => t('search.' + r));
  const rated = choices('gs-rated', ['', 'yes', 'no'], (r) => t('search.rated.' + r));
  const control = choices('gs-control', ['', ...CONTROLS], (c) => controlLabel(c));
  const opponent = h('input', { id: 'gs-opponent', autocomplete: 'off', maxlength: 100 });
  const from = h('input', { id: 'gs-from', type: 'date' });
  const to = h('input', { id: 'gs-to', type: 'date' });
  const list = h('ul', { class: 'game-list', id: 'gs-results' });
  const more = h('button', { type: 'button', id: 'gs-more', hidden: true }, t('search.more'));
  const msg = h('p', { class: 'error', id: 'gs-error', role: 'alert' });
  let next = '';
  const run = async (append) => {
    const q = new URLSearchParams({ player: id, limit: '20' });
    const fields = [['game', variant.value ? variant : game], ['result', result], ['rated', rated], ['control', control], ['opponent', opponent], ['from', from], ['to', to]];
    for (const [k, el] of fields) if (el.value) q.set(k, el.value.trim());
    if (append && next) q.set('cursor', next);
    msg.textContent = '';
    const res = await fetch('/api/search/games?' + q);
    const data = await res.json().catch(() => ({}));
    if (!res.ok) { msg.textContent = data.error || res.statusText; return; }
    if (!append) clear(list);
    list.append(...data.games.map((g) => h('li', { class: 'game-item', 'data-id': g.id }, [
      h('a', { href: '#/replay/' + g.id }, g.title), ' · ', t('result.' + g.result), ' · ',
      h('time', { datetime: g.updatedAt }, new Date(g.updatedAt).toLocaleDateString(lang())),
    ])));
    if (!list.children.length) list.append(h('li', {}, t('none')));
    next = data.next || '';
    more.hidden = !next;
  };
  more.addEventListener('click', () => run(true));
  const form = h('form', { class: 'game-search' }, [
    ...field('gs-game', t('search.game'), game), ...field('gs-variant', t('search.variant'), variant),
    ...field('gs-result', t('search.result'), result), ...field('gs-rated', t('search.rated'), rated),
    ...field('gs-control', t('search.control'), control), ...field('gs-opponent', t('search.opponent'), opponent),
    ...field('gs-from', t('search.from'), from), ...field('gs-to', t('search.to'), to),
    h('button', { type: 'submit', id: 'gs-go' }, t('search.go')),
  ]);
  form.addEventListener('submit', (e) => { e.preventDefault(); run(false); });
  const ex = (f) => h('a', { href: `/api/players/${encodeURIComponent(id)}/export?format=${f}`, download: '', class: 'button', id: 'export-' + f }, t('search.export.' + f));
  return h('section', { class: 'search' }, [h('h2', {}, t(mine ? 'search.mine' : 'search.title')), form, msg, list, more, h('p', {}, [ex('txt'), ' ', ex('ndjson')])]);
}

/** playerSearch finds players by the start of their name, with their rating in each game. */
export function playerSearch() {
  const q = h('input', { id: 'ps-q', autocomplete: 'off', maxlength: 40 });
  const list = h('ul', { class: 'game-list', id: 'ps-results' });
  const msg = h('p', { class: 'error', id: 'ps-error', role: 'alert' });
  const form = h('form', { class: 'player-search' }, [h('label', { for: 'ps-q' }, t('search.players')), q,
    h('button', { type: 'submit', id: 'ps-go' }, t('search.go'))]);
  form.addEventListener('submit', async (e) => {
    e.preventDefault();
    msg.textContent = '';
    const res = await fetch('/api/search/players?q=' + encodeURIComponent(q.value.trim()));
    const data = await res.json().catch(() => null);
    if (!res.ok) { msg.textContent = (data && data.error) || res.statusText; return; }
    clear(list, data.length ? data.map((p) => h('li', { 'data-id': p.id }, [
      h('a', { href: '#/player/' + encodeURIComponent(p.id), class: 'player-link' }, p.name),
      ...Object.entries(p.ratings).map(([g, r]) => ' · ' + title(g.split(':')[0], g) + ' ' + r),
    ])) : h('li', {}, t('none')));
  });
  return h('section', { class: 'search' }, [form, msg, list]);
}
