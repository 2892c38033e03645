// The online bots page (#/bots): every bot account, connected first,
// with its games now and its ratings in the bots' pools, and a way to
// challenge it (the lobby's challenge form, filled in).

import { h, clear } from '../dom.js';
import { t, errorText } from '../i18n.js';
import { title } from '../games.js';
import { botTag } from '../bottag.js';

async function getBots() {
  const res = await fetch('/api/bots');
  const data = await res.json().catch(() => null);
  if (!res.ok) throw Object.assign(new Error(data?.error || res.statusText), { code: data?.code || '' });
  return data.bots;
}

/** poolName names a bots' pool, "bot:" and a game's pool: the game's title and options. */
function poolName(group) {
  const [name, ...opts] = group.replace(/^bot:/, '').split(':');
  return title(name) + (opts.length ? ' (' + opts.join(':') + ')' : '');
}

function ratings(b) {
  if (!b.ratings.length) return t('bots.unrated');
  return b.ratings.map((r) => `${poolName(r.group)} ${r.rating}${r.provisional ? '?' : ''}`).join(' · ');
}

function row(b) {
  return h('li', { class: 'bot-item', 'data-player': b.id }, [
    h('a', { href: '#/player/' + encodeURIComponent(b.id), class: 'player-link' }, b.name), botTag(b), ' ',
    h('span', { class: b.online ? 'tag turn' : 'tag' }, t(b.online ? 'bots.online' : 'bots.offline')), ' ',
    b.playing.length ? h('span', {}, [t('bots.playing', ''), ...b.playing.map((id) => h('a', { href: '#/game/' + id }, id + ' '))]) : null,
    h('div', { class: 'note' }, ratings(b)),
    h('a', { href: '#/lobby/challenge/' + encodeURIComponent(b.name), class: 'button' }, t('bots.challenge')),
  ]);
}

/** bots shows #/bots. */
export async function bots(main) {
  document.title = t('bots.heading') + ' — Plateau';
  clear(main, h('h1', {}, t('bots.heading')), h('p', { class: 'note' }, t('bots.about')), h('p', {}, t('loading')));
  let list;
  try {
    list = await getBots();
  } catch (e) {
    clear(main, h('h1', {}, t('bots.heading')), h('p', { class: 'error' }, t('failed', errorText(e))));
    return;
  }
  clear(main, h('h1', {}, t('bots.heading')), h('p', { class: 'note' }, t('bots.about')),
    list.length ? h('ul', { class: 'game-list', id: 'bots' }, list.map(row)) : h('p', {}, t('bots.none')));
}
