// Challenges reach a player on any page (issue 30, stumble 5): a panel
// over the page lists the challenges to them that arrived, each with its
// Accept and Decline, until answered or put aside. The lobby page lists
// them itself, live, so the panel stays away from it.

import { h, clear } from './dom.js';
import { t, errorText } from './i18n.js';
import { call } from './api.js';

/** every is how often, in milliseconds, the challenges are asked for. */
const every = 15000;

/**
 * watchChallenges starts asking for the challenges to this player; the
 * returned check asks at once (the router calls it at every page).
 */
export function watchChallenges() {
  const el = h('section', { class: 'challenge-alerts', id: 'challenge-alerts', role: 'region', 'aria-label': t('lobby.challenges'), hidden: true });
  document.body.append(el);
  const aside = new Set(); // challenges put aside on this page's visit
  let busy = false;
  const check = async () => {
    if (busy) return;
    busy = true;
    try { await show(await call('GET', '/api/lobby')); } catch { /* offline, or no player yet */ } finally { busy = false; }
  };
  const act = async (fn) => {
    try { await fn(); } catch (e) { el.append(h('p', { class: 'error' }, errorText(e))); return; }
    check();
  };
  async function show(l) {
    // The language may have changed since the last time.
    el.setAttribute('aria-label', t('lobby.challenges'));
    // The lobby and My games list the challenges themselves.
    const open = /^#\/(lobby|games)/.test(location.hash) ? [] : (l.challenges || []).filter((k) => !aside.has(k.id));
    // The lobby's page module draws a challenge: loaded with the first one.
    const { challengeItem, goTo } = open.length ? await import('./pages/lobby.js') : {};
    el.hidden = !open.length;
    clear(el, open.length ? [
      h('h2', { class: 'small' }, t('lobby.challenges')),
      h('ul', {}, open.map((k) => challengeItem(k, k.owner.name,
        () => act(async () => { el.hidden = true; goTo(await call('POST', `/api/lobby/seeks/${k.id}/accept`)); }),
        () => act(() => call('POST', `/api/lobby/seeks/${k.id}/decline`))))),
      h('button', { type: 'button', class: 'link', id: 'challenges-later', onclick: () => { open.forEach((k) => aside.add(k.id)); el.hidden = true; } }, t('lobby.later')),
    ] : []);
  }
  setInterval(check, every);
  window.addEventListener('focus', check);
  return check;
}
