// Games: what the server's catalog (/api/catalog) says about each game it
// offers, and the module that draws each one. The client names no game:
// the set and order of games, titles, colour names, options, start
// positions and AI levels all come from the catalog, and a game whose
// catalog entry names no hand-drawn board module is drawn by
// games/generic.js from its position string.

import * as generic from './games/generic.js';
import { catalog } from './api.js';
import { pick } from './i18n.js';

const known = {
  list: [], // catalog entries, in the server's order
  byName: new Map(), // name -> {info, adapter}
  levels: { min: 1, max: 1, default: 1 },
  ai: '',
  error: '', // why the catalog could not be read
};

/**
 * load reads the catalog and the board modules it names, and adds their
 * styles to the page; call it once before any page. On failure the client knows no game and failure()
 * says why: game pages still draw their games with the generic board.
 */
export async function load() {
  let c;
  try { c = await catalog(); } catch (e) { known.error = e.message; return; }
  // A broken board module is reported, and its game drawn generically.
  const mod = (g) => import(g.board).catch((e) => { console.error('plateau: board module ' + g.board, e); return generic; });
  const adapters = await Promise.all(c.games.map((g) => (g.board ? mod(g) : generic)));
  // Constructed style sheets, not <style> elements: the server's
  // Content-Security-Policy (style-src 'self') refuses inline styles.
  const sheets = [];
  for (const a of new Set(adapters)) {
    if (!a.CSS) continue;
    const sheet = new CSSStyleSheet();
    sheet.replaceSync(a.CSS);
    sheets.push(sheet);
  }
  document.adoptedStyleSheets = [...document.adoptedStyleSheets, ...sheets];
  known.list = c.games;
  known.byName = new Map(c.games.map((g, i) => [g.name, { info: g, adapter: adapters[i] }]));
  known.levels = c.levels;
  known.ai = c.ai;
}

/** failure says why the catalog could not be read, '' when it was. */
export const failure = () => known.error;

/** names lists the games the server offers, in its order. */
export const names = () => known.list.map((g) => g.name);

/** has tells whether the server offers a game. */
export const has = (name) => known.byName.has(name);

/** info returns a game's catalog entry, or undefined for a game not offered. */
export const info = (name) => known.byName.get(name)?.info;

/** levels returns the AI's level range and default: {min, max, default}. */
export const levels = () => known.levels;

/** aiName says what plays the AI seats. */
export const aiName = () => known.ai;

/** splitId parses "name:key=value,key=value" into name and options. */
export function splitId(id) {
  const [name, rest] = id.split(':');
  const opts = {};
  if (rest) for (const kv of rest.split(',')) { const [k, v] = kv.split('='); opts[k] = v; }
  return { name, opts };
}

/** adapter returns the module that draws a game: its own, or the generic one. */
export function adapter(name) {
  return known.byName.get(name)?.adapter || generic;
}

/** title names a game, or returns fallback for a game not offered. */
export const title = (name, fallback = name) => info(name)?.title ?? fallback;

/** summary is a game's one line, in the page's language. */
export const summary = (name) => pick(info(name)?.summary);

/** colour names player p of a game in the page's language, or returns fallback. */
export function colour(name, p, fallback = String(p + 1)) {
  const c = info(name)?.colours?.[p];
  return c ? pick(c) : fallback;
}

/** start returns the start position of a game id, options included. */
export const start = (id) => info(splitId(id).name)?.starts?.[id];

/**
 * parsePos parses a position of a game id with its module, and adds the
 * colour names the module's labels use, in the page's language.
 */
export function parsePos(id, pos) {
  const { name, opts } = splitId(id);
  const m = adapter(name).parse(pos, opts);
  m.colours = [colour(name, 0), colour(name, 1)];
  return m;
}
