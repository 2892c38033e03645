// Words shared by the game, list and replay pages.

import { h } from '../dom.js';
import { t, tr, pick, lang } from '../i18n.js';
import { splitId, colour, title, info } from '../games.js';
import { botSuffix } from '../bottag.js';
import { shareButton, gameLinks } from '../share.js';

/** colourOf names player p of a view or listed game, in the page's language when the catalog knows the game. */
export const colourOf = (v, p) => colour(splitId(v.game).name, p, (v.players && v.players[p]) || String(p + 1));

/** titleOf names the game of a view or listed game. */
export const titleOf = (v) => v.title || title(splitId(v.game).name, v.game);

/** seatName describes a seat: its colour and who sits there (you, this device, the AI, or the player's name). */
export function seatName(v, p, tokens = {}) {
  const seat = v.seats[p];
  const mine = Object.keys(tokens).length;
  let who;
  if (seat.kind === 'ai') who = t('aiLevel', seat.level);
  else if (tokens[p] !== undefined) who = mine === 2 ? t('thisDevice') : t('you');
  else who = seat.player?.name ? seat.player.name + botSuffix(seat.player) : t('human'); // a player's name: shown as text only
  return `${colourOf(v, p)} — ${who}`;
}

/**
 * reasonText says why a game ended in the page's language: the server's
 * text in every language, this client's words for the reasons it knows,
 * or the English reason, which a French page leaves out rather than show
 * English (game lists carry no reasonText).
 */
export function reasonText(v) {
  if (!v.reason) return '';
  if (v.reasonText?.[lang()]) return pick(v.reasonText);
  return tr('reason.' + v.reason, lang() === 'en' ? v.reason : '');
}

/** optionsText names a game id's options in the page's language ("Beginner (no bases)"), '' without options. */
export function optionsText(id) {
  const { name, opts } = splitId(id);
  const known = info(name)?.options || [];
  return Object.entries(opts).map(([k, val]) => {
    const o = known.find((x) => x.name === k);
    return o?.labels?.[val] ? pick(o.labels[val]) : `${k}=${val}`;
  }).join(', ');
}

/** resultText says who won and why. */
export function resultText(v, tokens = {}) {
  const why = reasonText(v);
  const mine = Object.keys(tokens).map(Number);
  let text;
  if (v.result === 'draw') text = t('draw');
  else {
    const w = v.result === 'first' ? 0 : 1;
    // "You lose" says it all; others are told who won.
    text = mine.length === 1 ? (mine[0] === w ? t('youWin') : t('youLose')) : t('wins', colourOf(v, w));
  }
  return why ? `${text} — ${why}` : text;
}

/** moveList lists a game's moves in notation, each with its mover and any note ({text, title}) note(i) gives. */
export function moveList(v, href, note = () => null) {
  return v.moves.map((mv, i) => {
    const n = note(i);
    return h('li', { class: 'mv p' + v.movers[i], value: i + 1 }, [
      h('span', { class: 'mover' }, colourOf(v, v.movers[i]) + ' '),
      href ? h('a', { href: href(i) }, mv) : h('code', {}, mv),
      n ? h('span', { class: 'now', title: n.title }, ' (' + n.text + ')') : null,
    ]);
  });
}

/** describeGame is one line about a listed game; a game where hints were used says so. */
export function describeGame(g) {
  const seats = g.seats.map((s, p) => colourOf(g, p) + ': ' + (s.kind === 'ai' ? t('aiLevel', s.level) : t('human'))).join(', ');
  return `${seats} · ${t('plies', g.plies)}` + (g.hints ? ' · ' + t('hintsUsed', g.hints) : '') + (g.rated ? ' · ' + t('ratings.ratedGame') : '');
}

/**
 * downloadLink downloads a game's record: the server's for its games,
 * or, for a game kept on this device, the line record() returns.
 */
function downloadLink(id, record) {
  const a = h('a', { href: `/api/games/${encodeURIComponent(id)}/records`, download: id + '.ndjson', class: 'button', id: 'download-record' }, t('downloadRecord'));
  if (record) {
    a.addEventListener('click', () => {
      a.href = URL.createObjectURL(new Blob([record()], { type: 'application/x-ndjson' }));
      setTimeout(() => URL.revokeObjectURL(a.href), 60000);
    });
  }
  return a;
}

/**
 * exportTools is the export block of the game and replay pages: a link
 * that downloads the game's record (one line of docs/records.md; the
 * server sends it as a file) and the position shown, in a field with a
 * button that copies it. set(position) changes the position shown.
 */
export function exportTools(id, record = null) {
  const field = h('input', { id: 'position-string', readonly: true, spellcheck: 'false', 'aria-label': t('positionString') });
  const copy = h('button', { type: 'button', id: 'copy-position' }, t('copyPosition'));
  copy.addEventListener('click', async () => {
    try { await navigator.clipboard.writeText(field.value); } catch { field.select(); document.execCommand('copy'); }
    copy.textContent = t('copied');
  });
  const el = h('div', { class: 'export' }, [
    h('h2', { class: 'small' }, t('export')),
    downloadLink(id, record),
    record ? null : shareButton(() => gameLinks(id)),
    h('label', { for: 'position-string' }, t('positionString')), field, copy,
  ]);
  return {
    el,
    set(position) {
      if (field.value === position) return;
      field.value = position;
      copy.textContent = t('copyPosition');
    },
  };
}
