// Friends (issue 30, point 15): the players this player follows, who is
// online, who is playing (to watch), and a challenge for each; and the
// Follow button of a player page. A follow is one way and private.

import { h, clear } from '../dom.js';
import { t, errorText } from '../i18n.js';
import { call } from '../api.js';

/** followButton follows or unfollows the player of a player page. */
export async function followButton(id, me) {
  if (!id || id === me) return null;
  let following = false;
  try { following = (await call('GET', '/api/friends')).friends.some((f) => f.id === id); } catch { return null; }
  const err = h('span', { class: 'error', role: 'alert' });
  const b = h('button', { type: 'button', id: 'follow', 'aria-pressed': String(following) });
  const label = () => { b.textContent = following ? t('friends.unfollow') : t('friends.follow'); b.setAttribute('aria-pressed', String(following)); };
  b.addEventListener('click', async () => {
    err.textContent = '';
    try {
      const l = await call(following ? 'DELETE' : 'PUT', '/api/friends/' + encodeURIComponent(id));
      following = l.friends.some((f) => f.id === id);
      label();
    } catch (e) { err.textContent = errorText(e); }
  });
  label();
  return h('span', { class: 'follow' }, [b, ' ', err]);
}

function item(f) {
  return h('li', { class: 'friend', 'data-player': f.id }, [
    h('span', { class: 'dot' + (f.online ? ' on' : ''), 'aria-hidden': 'true' }), ' ',
    h('a', { href: '#/player/' + encodeURIComponent(f.id) }, f.name), ' ',
    h('span', { class: 'note' }, f.online ? t('online') : t('offline')),
    f.game ? [' · ', h('a', { href: '#/game/' + f.game, class: 'watch' }, t('friends.watch'))] : null, ' ',
    h('a', { href: '#/lobby/challenge/' + encodeURIComponent(f.name), class: 'button challenge' }, t('lobby.challengeThem')),
  ]);
}

/** friendsPage shows #/friends. */
export async function friendsPage(main) {
  document.title = t('friends.title') + ' — Plateau';
  let list;
  try {
    list = (await call('GET', '/api/friends')).friends;
  } catch (e) {
    clear(main, h('h1', {}, t('friends.title')), h('p', { class: 'error' }, errorText(e)));
    return;
  }
  clear(main, h('h1', {}, t('friends.title')), h('p', { class: 'note' }, t('friends.lead')),
    h('ul', { class: 'friends', id: 'friends' }, list.length ? list.map(item) : h('li', { class: 'note' }, t('friends.none'))));
}
