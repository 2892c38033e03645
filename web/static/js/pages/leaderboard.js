// Ratings pages: a game's leaderboard (a table per rating pool) and a
// player's ratings with their history charts, which the player page
// shows too. Loaded when first shown (main.js), with the chart module.

import { h, clear } from '../dom.js';
import { t, pick, errorText } from '../i18n.js';
import { names, info, title, has } from '../games.js';
import { ratingChart } from '../ratingchart.js';

async function get(path) {
  const res = await fetch(path);
  const data = await res.json().catch(() => null);
  if (!res.ok) throw Object.assign(new Error(data?.error || res.statusText), { code: data?.code || '' });
  return data;
}

/** ratingText shows a rating, with "?" when provisional. */
export const ratingText = (p) => String(p.rating) + (p.provisional ? '?' : '');

/** poolTitle names a rating pool: the game, and what sets the pool apart. */
function poolTitle(game, pool) {
  const label = pick(pool.label);
  return label ? `${title(game)} — ${label}` : title(game);
}

const playerLink = (p) => h('a', { href: '#/player/' + encodeURIComponent(p.player) }, p.name || t('ratings.guest'));

function table(rows) {
  if (!rows.length) return h('p', { class: 'note' }, t('ratings.none'));
  return h('table', { class: 'leaderboard' }, [
    h('thead', {}, h('tr', {}, [
      h('th', { class: 'num', scope: 'col' }, t('ratings.rank')), h('th', { scope: 'col' }, t('ratings.player')),
      h('th', { class: 'num', scope: 'col' }, t('ratings.rating')), h('th', { class: 'num', scope: 'col' }, t('ratings.games')),
    ])),
    h('tbody', {}, rows.map((p) => h('tr', { 'data-player': p.player }, [
      h('td', { class: 'num' }, String(p.rank)), h('td', {}, playerLink(p)),
      h('td', { class: 'num rating' + (p.provisional ? ' provisional' : ''), title: p.provisional ? t('ratings.provisional') : null }, ratingText(p)),
      h('td', { class: 'num' }, String(p.games)),
    ]))),
  ]);
}

/** leaderboard shows #/leaderboard/<game>: one table per rating pool. */
export async function leaderboard(main, game) {
  if (!has(game)) { clear(main, h('h1', {}, t('notFound'))); return; }
  document.title = t('ratings.leaderboardOf', title(game)) + ' — Plateau';
  const others = h('nav', { class: 'tabs', 'aria-label': t('ratings.leaderboard') },
    names().map((g) => h('a', { href: '#/leaderboard/' + g, 'aria-current': g === game ? 'page' : null }, title(g))));
  const pools = info(game).ratingPools || [{ group: game }];
  const body = h('div', {}, t('loading'));
  clear(main, h('h1', {}, t('ratings.leaderboardOf', title(game))), others, body, h('p', { class: 'note' }, t('ratings.provisionalNote')));
  const parts = [];
  for (const pool of pools) {
    let content;
    try {
      content = table((await get('/api/leaderboard/' + encodeURIComponent(pool.group))).players);
    } catch (e) {
      content = h('p', { class: 'error' }, t('failed', errorText(e)));
    }
    parts.push(h('section', { class: 'pool', 'data-group': pool.group }, [h('h2', {}, poolTitle(game, pool)), content]));
  }
  clear(body, parts);
}

/** playerRatings fills el with a player's ratings, each pool with its chart; nothing when they have none. */
export async function playerRatings(el, player) {
  let data;
  try { data = await get('/api/ratings/' + encodeURIComponent(player)); } catch (e) {
    clear(el, h('p', { class: 'error' }, t('failed', errorText(e))));
    return;
  }
  if (!data.ratings.length) { clear(el); return; }
  const poolOf = (group) => {
    const bot = group.startsWith('bot:'); // the bots' pool of a game's pool (docs/bots.md)
    const base = bot ? group.slice('bot:'.length) : group;
    const game = base.split(':')[0];
    return { game, bot, pool: (info(game)?.ratingPools || []).find((p) => p.group === base) || { group: base } };
  };
  clear(el, h('h2', {}, t('ratings.ratings')), data.ratings.map((r) => {
    const { game, bot, pool } = poolOf(r.group);
    const name = poolTitle(game, pool) + (bot ? ` (${t('bots.tag')})` : '');
    return h('section', { class: 'pool-rating', 'data-group': r.group }, [
      h('h3', {}, [name, ': ', h('span', { class: 'rating' + (r.provisional ? ' provisional' : '') }, ratingText(r)),
        ' ', h('small', { class: 'note' }, `(${t('ratings.games')}: ${r.games})`)]),
      h('p', {}, bot ? h('a', { href: '#/bots' }, t('bots.heading'))
        : h('a', { href: '#/leaderboard/' + game }, t('ratings.leaderboardOf', title(game)))),
      ratingChart(r.history, name),
    ]);
  }));
}

/** ratingsPage shows #/ratings/<player>: the player's ratings alone. */
export async function ratingsPage(main, player) {
  document.title = t('ratings.ratings') + ' — Plateau';
  const el = h('div', { id: 'player-ratings' });
  clear(main, h('h1', {}, t('ratings.ratings')), el);
  await playerRatings(el, player);
  if (!el.children.length) el.append(h('p', { class: 'note' }, t('ratings.none')));
}
