// I18n holds the interface's words in the reader's language: one catalog
// per language (web/static/i18n/<lang>.json, go-i18n's JSON: a key to a
// text, or to its CLDR plural forms), only the chosen one fetched
// (docs/translating.md). t(key, ...args) fills {0}, {1}... with args; a
// plural text's form is chosen by {0}, by the browser's CLDR rules
// (Intl.PluralRules). What belongs to a game comes from elsewhere: its
// names, colours and options from the server's catalog as texts by
// language (pick); a board module's words and rules page are keys of the
// catalog under the game's name (words).
//
// The language is the player's account setting (settings.js, kept in
// localStorage as plateau:lang so that it holds before the server
// answers), else the browser's languages (what it sends as
// Accept-Language), else English.

/** LANGUAGES are the catalogs there are, each with its own name for itself: the header's picker lists them in this order. */
export const LANGUAGES = [
  ['en', 'English'], ['fr', 'Français'], ['de', 'Deutsch'], ['es', 'Español'],
  ['it', 'Italiano'], ['nl', 'Nederlands'], ['pt', 'Português'], ['pl', 'Polski'],
];

const known = (l) => LANGUAGES.some(([c]) => c === l);

/** prefer returns the first of the browser's languages there is a catalog for, else English. */
function prefer() {
  const kept = localStorage.getItem('plateau:lang');
  if (kept && known(kept)) return kept;
  for (const l of navigator.languages || [navigator.language || 'en']) {
    const base = String(l).toLowerCase().split('-')[0];
    if (known(base)) return base;
  }
  return 'en';
}

const state = { lang: prefer(), words: {}, plural: null };

/** fetchCatalog reads a language's catalog from the server (or the offline app's cache). */
export async function fetchCatalog(l) {
  const r = await fetch(`/i18n/${l}.json`);
  if (!r.ok) throw new Error(`i18n: catalog ${l}: ${r.status}`);
  return r.json();
}

/**
 * ready loads the catalog of the chosen language; main.js awaits it
 * before drawing anything. A catalog that cannot be had (offline, never
 * cached) falls back on English, and on keys if English fails too.
 */
export async function ready() {
  for (const l of [state.lang, 'en']) {
    try {
      state.words = await fetchCatalog(l);
      state.lang = l;
      break;
    } catch (e) {
      console.error(e);
    }
  }
  state.plural = new Intl.PluralRules(state.lang);
  document.documentElement.lang = state.lang;
}

/** lang returns the current language code. */
export const lang = () => state.lang;

/** setLang switches the language, remembers it and loads its catalog; the caller draws the page again. */
export async function setLang(l) {
  if (!known(l)) return;
  state.lang = l;
  localStorage.setItem('plateau:lang', l);
  await ready();
}

const fill = (s, args) => s.replace(/\{(\d)\}/g, (_, i) => String(args[+i]));

/** form picks a plural text's form for the number in args[0]. */
function form(forms, args) {
  const n = Number(args[0]);
  const f = Number.isFinite(n) && state.plural ? state.plural.select(n) : 'other';
  return forms[f] ?? forms.other;
}

/** tr returns a translation, or fallback when there is none. */
export function tr(key, fallback, ...args) {
  const s = state.words[key];
  if (s === undefined) return fallback;
  return fill(typeof s === 'string' ? s : form(s, args), args);
}

/** pick returns a game's text ({en: ..., fr: ...}) in the current language, filled with args; English when the language is missing. */
export function pick(text, ...args) {
  if (!text) return '';
  return fill(text[state.lang] ?? text.en ?? '', args);
}

/** words returns a t for a board module's keys: words(game)(key, ...) reads the catalog's <game>.<key>. */
export function words(prefix) {
  return (key, ...args) => tr(`${prefix}.${key}`, key, ...args);
}

/** t returns a translation filled with args, or the key itself when missing. */
export function t(key, ...args) {
  return tr(key, key, ...args);
}

/**
 * errorText says what went wrong with a request to the server in the
 * page's language: the server's own words in this language when it sent
 * them (an illegal move's rule), else in English the server's message,
 * else this client's words for the server's reason code.
 */
export function errorText(e) {
  if (e.message === 'engine: locked') return t('safety.engineLocked'); // engine.js, fair play
  if (e.text && e.text[state.lang]) return e.text[state.lang];
  const own = e.code ? tr('code.' + e.code, null) : null;
  if (own !== null) return own;
  return sentence(e.message || '');
}

/**
 * sentence turns a server message the client has no words for into a
 * sentence: Go's package prefixes ("players: ...") are for logs, never
 * for a player.
 */
export function sentence(msg) {
  const s = msg.replace(/^([a-z][a-z0-9]*: )+/, '');
  return s ? s[0].toUpperCase() + s.slice(1) : tr('code.internal', '');
}
