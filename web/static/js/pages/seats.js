// Pages of players' games (issue #13): Watch (public live games), a
// player's page, and the API keys of the settings. Loaded when first
// shown (main.js), so that the first load stays small.

import { h, clear } from '../dom.js';
import { t, lang, errorText } from '../i18n.js';
import { call, listGames, profile, apiKeys, newApiKey, revokeApiKey } from '../api.js';
import { colourOf, optionsText, reasonText } from './common.js';
import { botTag } from '../bottag.js';
import { gameSearch, playerSearch } from './search.js';
import { me } from '../player.js';
import { safetyControls } from '../safety.js';

/** who names a listed game's seat: the player (a link to their page), or the AI. */
function who(g, p) {
  const s = g.seats[p];
  if (s.kind === 'ai') return t('aiLevel', s.level);
  if (!s.player) return t('human');
  return h('span', {}, [h('a', { href: '#/player/' + encodeURIComponent(s.player.id), class: 'player-link' }, s.player.name), botTag(s.player)]);
}

function gameTitle(g) {
  return g.title + (g.game.includes(':') ? ' (' + optionsText(g.game) + ')' : '');
}

function liveItem(g) {
  return h('li', { class: 'game-item', 'data-id': g.id }, [
    h('a', { href: '#/game/' + g.id, class: 'title' }, gameTitle(g)), ' ',
    h('span', { class: 'seats' }, [colourOf(g, 0), ': ', who(g, 0), ', ', colourOf(g, 1), ': ', who(g, 1)]),
    ' · ', t('plies', g.plies), ' ', h('a', { href: '#/game/' + g.id }, t('watch')),
  ]);
}

/** watchList shows the public games being played now. */
export async function watchList(main) {
  document.title = t('seats.watchTitle') + ' — Plateau';
  const ul = h('ul', { class: 'game-list', id: 'live' }, h('li', {}, t('loading')));
  clear(main, h('h1', {}, t('seats.watchTitle')), h('p', { class: 'lead' }, t('seats.watchLead')), ul, playerSearch());
  try {
    const games = (await listGames('ongoing')).games;
    clear(ul, games.length ? games.map(liveItem) : h('li', {}, t('none')));
  } catch (e) {
    clear(ul, h('li', { class: 'error' }, t('failed', errorText(e))));
  }
}

/**
 * ratingsSection is the place of a player's ratings on their page: the
 * ratings concern fills it (issue #13, point 5) from the profile it is
 * given; null shows nothing.
 */
export function ratingsSection(profile) {
  // The ratings and their charts load with their own module, when shown.
  const el = h('div', { class: 'ratings', id: 'player-ratings' });
  import('./leaderboard.js').then((m) => m.playerRatings(el, profile.player.id));
  return el;
}

function resultsTable(results) {
  if (!results.length) return h('p', { id: 'no-results' }, t('seats.noResults'));
  return h('table', { class: 'results', id: 'results' }, [
    h('thead', {}, h('tr', {}, [t('seats.gameCol'), t('seats.wins'), t('seats.losses'), t('seats.draws')].map((x) => h('th', { scope: 'col' }, x)))),
    h('tbody', {}, results.map((r) => h('tr', { 'data-game': r.game }, [
      h('th', { scope: 'row' }, r.title), h('td', {}, String(r.wins)), h('td', {}, String(r.losses)), h('td', {}, String(r.draws)),
    ]))),
  ]);
}

function recentItem(g) {
  const live = g.result === 'ongoing';
  return h('li', { class: 'game-item', 'data-id': g.id }, [
    h('a', { href: (live ? '#/game/' : '#/replay/') + g.id, class: 'title' }, gameTitle(g)), ' ',
    h('span', { class: 'seats' }, [colourOf(g, 0), ': ', who(g, 0), ', ', colourOf(g, 1), ': ', who(g, 1)]),
    ' · ', live ? t('result.ongoing') : t('result.' + g.result) + (reasonText(g) ? ' (' + reasonText(g) + ')' : ''),
  ]);
}

/** player shows a player's page: name, when they joined, results per game, latest games. */
export async function player(main, ref) {
  let p;
  try {
    p = await profile(ref);
  } catch (e) {
    clear(main, h('h1', {}, t('seats.noPlayer')), h('p', {}, errorText(e)));
    return;
  }
  const self = await me().catch(() => ({}));
  document.title = p.player.name + ' — Plateau';
  // The Follow button waits for the list of friends; the page does not.
  const follow = h('span', { id: 'follow-slot' });
  import('./friends.js').then(async (m) => {
    const me = (await call('GET', '/api/me').catch(() => null))?.id;
    const b = await m.followButton(p.player.id, me);
    if (b) follow.replaceWith(b);
  });
  clear(main, h('section', { class: 'profile', 'data-player': p.player.id }, [
    h('h1', { id: 'player-name' }, [p.player.name, botTag(p.player)]),
    h('p', { class: 'joined' }, t('seats.joined', new Date(p.joined).toLocaleDateString(lang()))),
    p.player.guest ? h('p', { class: 'note', id: 'guest-note' }, t('seats.guest')) : null,
    h('p', { class: 'player-actions' }, [h('a', { href: '#/lobby/challenge/' + encodeURIComponent(p.player.name), class: 'button', id: 'challenge-player' }, t('lobby.challengeThem')), ' ', follow]),
    p.player.id !== self.id ? h('p', { class: 'safety-bar' }, safetyControls(p.player)) : null,
    ratingsSection(p),
    wonTournaments(p.player.id),
    h('h2', {}, t('seats.results')), resultsTable(p.results),
    h('h2', {}, t('seats.recent')),
    h('ul', { class: 'game-list', id: 'recent' }, p.recent.length ? p.recent.map(recentItem) : h('li', {}, t('none'))),
    gameSearch(p.player.id),
  ]));
}

/** wonTournaments is the player page's list of tournaments won, filled when pages/tournaments.js loads. */
function wonTournaments(id) {
  const el = h('section', { id: 'tournaments-won' });
  import('./tournaments.js').then((m) => m.wonSection(el, id));
  return el;
}

/** keysSection is the API keys section of the settings: create (shown once), list and revoke. */
export function keysSection() {
  const list = h('ul', { class: 'keys', id: 'keys' });
  const shown = h('div', { class: 'key-shown', id: 'key-shown', hidden: true });
  const err = h('p', { class: 'error', role: 'alert' });
  const label = h('input', { id: 'key-label', maxlength: 60, autocomplete: 'off' });
  const refresh = async () => {
    try {
      const keys = (await apiKeys()).keys;
      clear(list, keys.length ? keys.map((k) => h('li', { 'data-key': k.id }, [
        h('span', { class: 'key-label' }, k.label || k.id), ' ',
        h('small', {}, t('seats.keyCreated', new Date(k.createdAt).toLocaleDateString(lang()))), ' ',
        h('button', { type: 'button', class: 'revoke', onclick: () => revoke(k.id) }, t('seats.revoke')),
      ])) : h('li', {}, t('seats.noKeys')));
    } catch (e) {
      err.textContent = t('failed', errorText(e));
    }
  };
  const revoke = async (id) => {
    try { await revokeApiKey(id); } catch (e) { err.textContent = t('failed', errorText(e)); }
    shown.hidden = true;
    refresh();
  };
  const form = h('form', { class: 'new-key' }, [
    h('label', { for: 'key-label' }, t('seats.keyLabel')), label,
    h('button', { type: 'submit', id: 'new-key' }, t('seats.newKey')),
  ]);
  form.addEventListener('submit', async (e) => {
    e.preventDefault();
    err.textContent = '';
    try {
      const k = await newApiKey(label.value.trim());
      label.value = '';
      clear(shown, h('p', {}, t('seats.keyShown')), h('input', { readonly: true, id: 'new-key-value', value: k.key, 'aria-label': t('seats.keys') }));
      shown.hidden = false;
    } catch (ex) {
      err.textContent = t('failed', errorText(ex));
    }
    refresh();
  });
  refresh();
  return h('section', { class: 'api-keys', id: 'api-keys', 'aria-labelledby': 'api-keys-title' }, [
    h('h2', { id: 'api-keys-title' }, t('seats.keys')), h('p', {}, t('seats.keysLead')), form, shown, err, list,
  ]);
}

/** keys is the settings page of the API keys, until the settings have a page of their own. */
export function keys(main) {
  document.title = t('seats.keys') + ' — Plateau';
  clear(main, h('h1', {}, t('seats.settings')), keysSection());
}
