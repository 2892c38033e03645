// Player is this browser's player (issue #13): a guest from the first
// visit, or an account. The header shows its name, a link to the account
// page; the server keeps who it is in an HttpOnly session cookie, which
// no script reads.

import { call } from './api.js';
import { h } from './dom.js';
import { t } from './i18n.js';

let current = null; // the promise of GET /api/me, asked once per page load

/** me returns this browser's player, {id, name, guest, username?, password?}. */
export function me() {
  if (!current) {
    current = call('GET', '/api/me');
    current.catch(() => { current = null; }); // asked again next time
  }
  return current;
}

/** setMe records the player as the server last answered, and shows its name. */
export function setMe(p) {
  current = Promise.resolve(p);
  const link = document.getElementById('me');
  if (link) fill(link, p);
}

// fill shows a name as text (names are untrusted input): in full, and
// its first letter for a phone's header, where there is room for no more.
function fill(link, p) {
  link.replaceChildren(
    h('span', { class: 'me-name', text: p.name }),
    h('span', { class: 'me-initial', 'aria-hidden': 'true', text: Array.from(p.name)[0] || '?' }),
  );
  link.setAttribute('aria-label', t('players.you', p.name));
}

/** nameLink is the header's link to the account page, named once the player is known. */
export function nameLink() {
  const link = h('a', { href: '#/account', id: 'me', class: 'me' }, t('players.account'));
  me().then((p) => fill(link, p), () => {});
  return link;
}

/** The account endpoints (docs/api.md). */
export const rename = (name) => call('PATCH', '/api/me', { name });
export const signUp = (username, password) => call('POST', '/api/account/signup', { username, password });
export const logIn = (username, password) => call('POST', '/api/account/login', { username, password });
export const logOut = () => call('POST', '/api/account/logout');
export const changePassword = (old, next) => call('POST', '/api/account/password', { old, new: next });
export const deleteAccount = (confirm) => call('DELETE', '/api/account', { confirm });
export const passkeys = () => call('GET', '/api/account/passkeys');
export const removePasskey = (id) => call('DELETE', `/api/account/passkeys/${encodeURIComponent(id)}`);
