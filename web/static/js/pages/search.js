// The search of a player's finished games (by game, opponent, result,
// rated, dates), paged, and the export of all of them, on the player
// page; the server checks every filter and says what is wrong.

import { h, clear } from '../dom.js';
import { t, lang } from '../i18n.js';
import { names, title } from '../games.js';

const field = (id, label, el) => [h('label', { for: id }, label), el];

/** gameSearch is the player page's search section for player id. */
export function gameSearch(id) {
  const game = h('select', { id: 'gs-game' }, [h('option', { value: '' }, t('search.any')), ...names().map((n) => h('option', { value: n }, title(n)))]);
  const result = h('select', { id: 'gs-result' }, ['', 'win', 'loss', 'draw'].map((r) => h('option', { value: r }, r ? t('search.' + r) : t('search.any'))));
  const opponent = h('input', { id: 'gs-opponent', autocomplete: 'off', maxlength: 100 });
  const from = h('input', { id: 'gs-from', type: 'date' });
  const to = h('input', { id: 'gs-to', type: 'date' });
  const list = h('ul', { class: 'game-list', id: 'gs-results' });
  const more = h('button', { type: 'button', id: 'gs-more', hidden: true }, t('search.more'));
  const msg = h('p', { class: 'error', id: 'gs-error', role: 'alert' });
  let next = '';
  const run = async (append) => {
    const q = new URLSearchParams({ player: id, limit: '20' });
    for (const [k, el] of [['game', game], ['result', result], ['opponent', opponent], ['from', from], ['to', to]]) if (el.value) q.set(k, el.value.trim());
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
    ...field('gs-game', t('search.game'), game), ...field('gs-result', t('search.result'), result),
    ...field('gs-opponent', t('search.opponent'), opponent), ...field('gs-from', t('search.from'), from), ...field('gs-to', t('search.to'), to),
    h('button', { type: 'submit', id: 'gs-go' }, t('search.go')),
  ]);
  form.addEventListener('submit', (e) => { e.preventDefault(); run(false); });
  const ex = (f) => h('a', { href: `/api/players/${encodeURIComponent(id)}/export?format=${f}`, download: '', class: 'button', id: 'export-' + f }, t('search.export.' + f));
  return h('section', { class: 'search' }, [h('h2', {}, t('search.title')), form, msg, list, more, h('p', {}, [ex('txt'), ' ', ex('ndjson')])]);
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
