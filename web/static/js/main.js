// Main wires the header, the language switch and the hash router. Invite
// links (/g/{id}#seat=1&token=...) are turned into a kept seat token and
// the game's hash route, so the token leaves the address bar at once.

import { h, clear } from './dom.js';
import { t, lang, setLang } from './i18n.js';
import { saveSeat, whoami } from './api.js';
import { load } from './games.js';
import * as sound from './sound.js';
import { home } from './pages/home.js';
import { rules } from './pages/rules.js';
import { play } from './pages/play.js';
import { lists } from './pages/lists.js';
import { replay } from './pages/replay.js';

/** lazy loads a page's module when its route is first opened, so that the first load stays small. */
const lazy = (path, name) => async (...args) => (await import(path))[name](...args);

const ROUTES = [
  [/^\/?$/, home],
  [/^\/new\/(\w+)$/, (el, g) => home(el, g)],
  [/^\/rules\/(\w+)$/, rules],
  [/^\/game\/([\w-]+)$/, play],
  [/^\/games$/, lists],
  [/^\/replay\/([\w-]+)(?:\/(\d+))?$/, replay],
  [/^\/review\/([\w-]+)(?:\/(\d+))?$/, lazy('./pages/review.js', 'review')],
  [/^\/analysis\/([^?/]+)(?:\?.*)?$/, lazy('./pages/analysis.js', 'analysis')],
];

let cleanup = null;

function header() {
  const top = document.getElementById('top');
  const other = lang() === 'en' ? 'fr' : 'en';
  clear(top,
    h('a', { href: '#/', class: 'brand' }, 'Plateau'),
    h('nav', { 'aria-label': t('nav') }, [
      h('a', { href: '#/' }, t('home')),
      h('a', { href: '#/games' }, t('myGames')),
    ]),
    soundSwitch(),
    h('button', {
      class: 'lang', type: 'button', lang: other, 'aria-label': t('switchLang'),
      onclick: () => { setLang(other); route(); },
    }, other === 'fr' ? 'Français' : 'English'),
  );
  document.documentElement.lang = lang();
  document.getElementById('skip').textContent = t('skip');
}

/** soundSwitch turns the move sounds on and off; the choice is kept. */
function soundSwitch() {
  const label = () => (sound.on() ? t('soundOn') : t('soundOff'));
  const b = h('button', { class: 'sound', type: 'button', id: 'sound', 'aria-pressed': String(sound.on()) }, label());
  b.addEventListener('click', () => {
    sound.setOn(!sound.on());
    b.textContent = label();
    b.setAttribute('aria-pressed', String(sound.on()));
  });
  return b;
}

async function route() {
  header();
  if (cleanup) { cleanup(); cleanup = null; }
  const path = location.hash.replace(/^#/, '') || '/';
  const main = document.getElementById('main');
  for (const [re, page] of ROUTES) {
    const m = re.exec(path);
    if (!m) continue;
    clear(main);
    cleanup = (await page(main, ...m.slice(1).map((x) => (x === undefined ? undefined : decodeURIComponent(x))))) || null;
    return;
  }
  clear(main, h('h1', {}, t('notFound')), h('p', {}, h('a', { href: '#/' }, t('home'))));
}

async function claimInvite() {
  const m = /^\/g\/([\w-]+)\/?$/.exec(location.pathname);
  if (!m) return;
  const id = m[1];
  const frag = new URLSearchParams(location.hash.slice(1));
  const token = frag.get('token');
  let seat = frag.get('seat');
  if (token) {
    if (seat === null) seat = (await whoami(id, token).catch(() => ({ player: 1 }))).player;
    saveSeat(id, +seat, token);
  }
  history.replaceState(null, '', '/#/game/' + id);
}

await Promise.all([claimInvite(), load()]);
window.addEventListener('hashchange', route);
route();
