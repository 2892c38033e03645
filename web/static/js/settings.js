// Settings that follow the player to every browser (issue 30, point 14):
// read from the server at start (GET /api/settings), kept in localStorage
// for a page offline, applied to the whole page (root classes and CSS
// variables) and read by the game page (confirmation, board side) and
// the sounds (volume).

import { call } from './api.js';

const KEY = 'plateau:settings';

/** DEFAULTS mirror the server's settings.Default. */
export const DEFAULTS = { confirm: 'off', premove: true, flip: false, coordinates: true, animation: 'normal', zen: false, volume: 70, lang: '' };

let current = { ...DEFAULTS, ...read() };

function read() {
  try { return JSON.parse(localStorage.getItem(KEY)) || {}; } catch { return {}; }
}

/** get returns the settings in force. */
export const get = () => current;

/** SPEEDS are the animation speeds, as factors of the pieces' transition times. */
const SPEEDS = { off: 0, fast: 0.5, normal: 1, slow: 2 };

/** apply shows the settings on the page: coordinates, animation speed, zen mode. */
export function apply() {
  const root = document.documentElement;
  root.classList.toggle('no-coords', !current.coordinates);
  root.classList.toggle('zen', !!current.zen);
  root.style.setProperty('--anim', String(SPEEDS[current.animation] ?? 1));
}

function keep(v) {
  current = { ...DEFAULTS, ...v };
  try { localStorage.setItem(KEY, JSON.stringify(current)); } catch { /* private mode: kept for this page */ }
  apply();
}

/** load reads the player's settings from the server, keeping the last known ones offline. */
export async function load() {
  apply();
  try { keep(await call('GET', '/api/settings')); } catch { /* offline or no player yet: the kept ones stay */ }
  return current;
}

/** save sends new settings; the server checks them and answers what it kept. */
export async function save(v) {
  keep(await call('PUT', '/api/settings', v));
  return current;
}

/** confirms tells whether a move in a game with clock c waits for a confirming click. */
export function confirms(c) {
  return current.confirm === 'always' || (current.confirm === 'correspondence' && c?.kind === 'correspondence');
}
