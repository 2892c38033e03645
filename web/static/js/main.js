// Main wires the header, the language switch and the hash router. An
// invite link (/g/{id}#seat=1&token=...) is presented to the server,
// which seats this browser's player if the seat is still free, and
// becomes the game's hash route, so the token leaves the address bar at
// once; the game page then says if the seat was taken. Seat tokens kept
// by older versions are presented once, then dropped.

import { h, s as svg, clear } from './dom.js';
import { t, lang, setLang, ready, LANGUAGES } from './i18n.js';
import { claim, claimOldSeats } from './api.js';
import { load } from './games.js';
import * as sound from './sound.js';
import { home } from './pages/home.js';
import { rules } from './pages/rules.js';
import { notifySettings, notifyLink } from './pages/notify.js';
import { nameLink } from './player.js';
import { watchChallenges } from './challenges.js';
import * as settings from './settings.js';

// ratingsPage loads a page of pages/leaderboard.js when first shown.
const ratingsPage = (name) => async (...args) => (await import('./pages/leaderboard.js'))[name](...args);
// seatsPage loads a page of pages/seats.js when first shown: the first
// load stays within its budget.
const seatsPage = (name) => async (...args) => (await import('./pages/seats.js'))[name](...args);

// accountPage loads pages/account.js when first shown.
const accountPage = async (...args) => (await import('./pages/account.js')).account(...args);

/** lazy loads a page's module when its route is first opened, so that the first load stays small. */
const lazy = (path, name) => async (...args) => (await import(path))[name](...args);

const ROUTES = [
  [/^\/?$/, home],
  [/^\/new\/(\w+)$/, (el, g) => home(el, g)],
  [/^\/rules\/(\w+)$/, rules],
  // The game, lists, replay and lobby pages load with their first visit:
  // the home page's first load stays within its budget.
  [/^\/game\/([\w-]+)$/, lazy('./pages/play.js', 'play')],
  [/^\/games$/, lazy('./pages/lists.js', 'lists')],
  [/^\/replay\/([\w-]+)(?:\/(\d+))?$/, lazy('./pages/replay.js', 'replay')],
  [/^\/leaderboard\/(\w+)$/, ratingsPage('leaderboard')],
  [/^\/ratings\/([^/]+)$/, ratingsPage('ratingsPage')],
  [/^\/lobby(?:\/challenge\/([^/]+))?$/, lazy('./pages/lobby.js', 'lobby')],
  [/^\/watch$/, seatsPage('watchList')],
  [/^\/player\/([^/]+)$/, seatsPage('player')],
  [/^\/keys$/, seatsPage('keys')],
  [/^\/settings\/notifications$/, notifySettings],
  [/^\/lessons\/(\w+)$/, (el, g) => import('./pages/lessons.js').then((m) => m.lesson(el, g))],
  [/^\/puzzles\/(\w+)(?:\/(\w+))?$/, (el, g, id) => import('./pages/puzzles.js').then((m) => m.puzzles(el, g, id))],
  [/^\/account$/, accountPage],
  [/^\/settings$/, lazy('./pages/settings.js', 'settingsPage')],
  [/^\/friends$/, lazy('./pages/friends.js', 'friendsPage')],
  [/^\/bots$/, lazy('./pages/bots.js', 'bots')],
  [/^\/review\/([\w-]+)(?:\/(\d+))?$/, lazy('./pages/review.js', 'review')],
  [/^\/analysis\/([^?/]+)(?:\?.*)?$/, lazy('./pages/analysis.js', 'analysis')],
  [/^\/tournaments(?:\/(\w+))?$/, lazy('./pages/tournaments.js', 'tournaments')],
  [/^\/tournament\/(\w+)$/, lazy('./pages/tournament.js', 'tournament')],
  [/^\/safety$/, lazy('./pages/safety.js', 'safetyPage')],
  [/^\/mod$/, lazy('./pages/safety.js', 'modPage')],
];

let cleanup = null;

function header() {
  const top = document.getElementById('top');
  clear(top,
    h('a', { href: '#/', class: 'brand' }, 'Plateau'),
    h('nav', { 'aria-label': t('nav') }, [
      h('a', { href: '#/' }, t('home')),
      h('a', { href: '#/games' }, t('seats.myGames')),
      h('a', { href: '#/watch', class: 'watch-link' }, t('seats.watch')),
      h('a', { href: '#/tournaments', class: 'tour-link' }, t('tour.tournaments')),
      h('a', { href: '#/bots', class: 'bots-link' }, t('bots.title')),
    ]),
    // Out of the nav, which scrolls sideways on a phone: the bell is never
    // hidden under the account chip.
    notifyLink(),
    nameLink(),
    soundSwitch(),
    languagePicker(),
  );
  document.documentElement.lang = lang();
  document.getElementById('skip').textContent = t('skip');
  textModeLink();
}

/**
 * languagePicker chooses the interface's language among the catalogs;
 * each language is named in itself. The choice is the account's setting
 * (settings.js), kept in this browser too. A phone's one-line header
 * shows the language's code in its place (the select lies over it,
 * transparent, and the wrapper draws the focus: .focus-ring).
 */
function languagePicker() {
  const pick = h('select', { class: 'lang', id: 'lang', 'aria-label': t('language') },
    LANGUAGES.map(([code, name]) => h('option', { value: code, lang: code, selected: code === lang() ? '' : undefined }, name)));
  pick.addEventListener('change', async () => {
    await setLang(pick.value);
    settings.save({ ...settings.get(), lang: pick.value }).catch(() => { /* no player yet: kept in this browser */ });
    await route();
    document.getElementById('lang')?.focus();
  });
  return h('span', { class: 'lang-pick focus-ring' }, [h('span', { class: 'lang-code', 'aria-hidden': 'true' }, lang().toUpperCase()), pick]);
}

/** textModeLink turns the text mode for screen readers on and off (textmode.js); the choice is kept. */
function textModeLink() {
  const a = document.getElementById('textmode');
  const on = localStorage.getItem('plateau:textmode') === '1';
  a.textContent = t(on ? 'text.linkOff' : 'text.link');
  a.onclick = (e) => {
    e.preventDefault();
    if (on) localStorage.removeItem('plateau:textmode'); else localStorage.setItem('plateau:textmode', '1');
    route();
  };
}

/** speaker draws a loudspeaker, with its sound waves when on. */
function speaker(on) {
  return svg('svg', { viewBox: '0 0 24 24', width: 20, height: 20, focusable: 'false' }, [
    svg('path', { fill: 'currentColor', d: 'M3 9v6h4l5 5V4L7 9z' }),
    svg('path', { fill: 'none', stroke: 'currentColor', 'stroke-width': 2, d: on ? 'M15.5 8.5a5 5 0 0 1 0 7M18.5 5.5a9 9 0 0 1 0 13' : 'M16 9l6 6M22 9l-6 6' }),
  ]);
}

/** soundSwitch turns the move sounds on and off; the choice is kept. */
function soundSwitch() {
  const label = () => (sound.on() ? t('soundOn') : t('soundOff'));
  // A phone's header shows the short form, an icon: its words are the
  // button's name all the same.
  const body = () => [h('span', { class: 'long' }, label()), h('span', { class: 'short', 'aria-hidden': 'true' }, speaker(sound.on()))];
  const b = h('button', { class: 'sound', type: 'button', id: 'sound', 'aria-pressed': String(sound.on()), 'aria-label': label() }, body());
  b.addEventListener('click', () => {
    sound.setOn(!sound.on());
    b.replaceChildren(...body());
    b.setAttribute('aria-label', label());
    b.setAttribute('aria-pressed', String(sound.on()));
  });
  return b;
}

// shown counts the routes shown: a page whose module or data arrives
// after the player has gone elsewhere must neither render nor rewrite
// the address (a slow analysis board once pulled the player back to it).
let shown = 0;

// challenges asks for the challenges to this player: at every page, and
// every few seconds (challenges.js).
let challenges = () => {};

async function route() {
  header();
  challenges();
  if (cleanup) { cleanup(); cleanup = null; }
  const mine = ++shown;
  const path = location.hash.replace(/^#/, '') || '/';
  const main = document.getElementById('main');
  for (const [re, page] of ROUTES) {
    const m = re.exec(path);
    if (!m) continue;
    // Each route renders into a view of its own, dropped from the page
    // when the next route starts: a late page renders out of sight.
    const view = h('div', { class: 'view' });
    clear(main, view);
    const done = (await page(view, ...m.slice(1).map((x) => (x === undefined ? undefined : decodeURIComponent(x))))) || null;
    if (mine === shown) cleanup = done;
    else if (done) done();
    // A route's page replaces the element that had the focus: the
    // keyboard starts again from the page, not from the top of the body.
    if (mine === shown && (!document.activeElement || document.activeElement === document.body)) main.focus({ preventScroll: true });
    return;
  }
  clear(main, h('h1', {}, t('notFound')), h('p', {}, h('a', { href: '#/' }, t('home'))));
}

/**
 * claimInvite accepts an invite link: the server seats this browser's
 * player, or says who took the seat; the game page shows the outcome
 * (kept for it in sessionStorage).
 */
async function claimInvite() {
  const m = /^\/g\/([\w-]+)\/?$/.exec(location.pathname);
  if (!m) return;
  const id = m[1];
  const token = new URLSearchParams(location.hash.slice(1)).get('token');
  history.replaceState(null, '', '/#/game/' + id);
  if (!token) return;
  let outcome;
  try {
    outcome = await claim(id, [token]);
  } catch (e) {
    outcome = { seats: [], error: e.code || 'failed' };
  }
  sessionStorage.setItem('plateau:claim:' + id, JSON.stringify(outcome));
}

/**
 * offline installs the service worker that keeps the app for use with
 * the network off (sw.js), once the page has loaded so that it never
 * competes with the first visit, and says when the network is gone.
 */
function offline() {
  if ('serviceWorker' in navigator) {
    const register = () => navigator.serviceWorker.register('/sw.js').catch((e) => console.warn('plateau: no offline copy', e));
    if (document.readyState === 'complete') register(); else window.addEventListener('load', register);
  }
  const toast = document.getElementById('toast');
  const show = () => { toast.textContent = navigator.onLine ? '' : t('device.offline'); };
  window.addEventListener('online', show);
  window.addEventListener('offline', show);
  show();
}

await Promise.all([claimOldSeats().then(claimInvite), load(), ready()]);
// The player's settings arrive while the first page renders; the page
// applies the last kept ones at once, and draws itself again in the
// account's language when it is not this browser's.
settings.load().then(async (v) => {
  if (v.lang && v.lang !== lang()) { await setLang(v.lang); route(); }
});
window.addEventListener('hashchange', route);
offline();
challenges = watchChallenges();
route();
