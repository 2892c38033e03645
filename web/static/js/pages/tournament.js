// One tournament's page (#/tournament/<id>), see pages/tournaments.js.

import { h, clear } from '../dom.js';
import { t, errorText } from '../i18n.js';
import { call } from '../api.js';
import { title } from '../games.js';

const num = (x) => (Number.isInteger(x) ? String(x) : x.toFixed(1).replace(/\.0$/, ''));

function left(iso) {
  const ms = Math.max(0, new Date(iso) - Date.now());
  const m = Math.floor(ms / 60000);
  return m >= 1440 ? `${Math.floor(m / 1440)} d ${Math.floor((m % 1440) / 60)} h` : `${Math.floor(m / 60)} h ${m % 60} min`;
}

function standings(v) {
  return h('table', { class: 'standings' }, [
    h('thead', {}, h('tr', {}, ['tour.rank', 'tour.name', 'tour.score', 'tour.h2h', 'tour.sb', 'tour.buchholz', 'tour.pairs']
      .map((k) => h('th', { scope: 'col' }, t(k))))),
    h('tbody', {}, (v.standings || []).map((s) => h('tr', { 'data-player': s.player.id }, [
      h('td', { class: 'num' }, String(s.rank)),
      h('td', {}, [h('a', { href: '#/player/' + encodeURIComponent(s.player.id) }, s.player.name || s.player.id),
        s.withdrawn ? h('span', { class: 'note' }, ' (' + t('tour.withdrawn') + ')') : null]),
      h('td', { class: 'num score' }, num(s.score)), h('td', { class: 'num' }, num(s.headToHead)),
      h('td', { class: 'num' }, num(s.sonnebornBerger)), h('td', { class: 'num' }, num(s.buchholz)),
      h('td', { class: 'num' }, String(s.pairsWon)),
    ]))),
  ]);
}

function crosstable(v) {
  const st = v.standings || [];
  return h('table', { class: 'crosstable' }, [
    h('thead', {}, h('tr', {}, [h('th', {}, ''), ...st.map((s) => h('th', { scope: 'col' }, String(s.rank)))])),
    h('tbody', {}, st.map((s, i) => h('tr', {}, [
      h('th', { scope: 'row' }, `${s.rank}. ${s.player.name || s.player.id}`),
      ...st.map((_, j) => h('td', { class: 'num' }, i === j ? '×' : (v.crossGames[i][j] ? num(v.crosstable[i][j]) : ''))),
    ]))),
  ]);
}

function games(v) {
  const nameOf = new Map((v.standings || []).map((s) => [s.player.id, s.player.name || s.player.id]));
  const res = { first: '1-0', second: '0-1', draw: '½-½' };
  return h('ul', { class: 'tournament-games' }, v.allGames.map((g) => h('li', {}, [
    t('tour.round', g.round) + ' · ',
    g.second ? h('a', { href: '#/game/' + g.gameId }, `${nameOf.get(g.first)} – ${nameOf.get(g.second)}`) : `${nameOf.get(g.first)} (${t('tour.bye')})`,
    ' ', g.second ? (res[g.result] || t('tour.playing')) : '', g.forfeit ? ` (${t('tour.forfeit')})` : '',
  ])));
}

async function act(id, what, out, redraw) {
  try {
    await call('POST', `/api/tournaments/${id}/${what}`);
    redraw();
  } catch (e) {
    out.textContent = errorText(e);
  }
}

function head(v, redraw) {
  const out = h('p', { class: 'error', role: 'alert' });
  const open = v.state === 'open' || v.state === 'running';
  return [
    h('h1', {}, v.name),
    v.description ? h('p', { class: 'description' }, v.description) : null,
    h('p', {}, `${title(v.game.split(':')[0], v.game)} · ${t('tour.fmt.' + v.format)} · ${t('tour.st.' + v.state)} · ${t('tour.players')}: ${v.players}`),
    v.games === 2 ? h('p', { class: 'note' }, t('tour.pairNote')) : null,
    v.winner ? h('p', { class: 'winner' }, t('tour.winner', v.winner.name || v.winner.id)) : null,
    v.roundEnds && v.format !== 'arena' ? h('p', { class: 'countdown' }, t('tour.roundEnds', v.round, left(v.roundEnds))) : null,
    v.joined ? h('p', {}, t('tour.joined')) : null,
    v.nextGame ? h('p', {}, h('a', { class: 'next-game', href: '#/game/' + v.nextGame }, t('tour.nextGame'))) : null,
    open && !v.joined ? h('button', { type: 'button', class: 'join', onclick: () => act(v.id, 'join', out, redraw) }, t('tour.join')) : null,
    open && v.joined ? h('button', { type: 'button', class: 'withdraw', onclick: () => act(v.id, 'withdraw', out, redraw) }, t('tour.withdraw')) : null,
    out,
    shareLink(v.id),
  ];
}

/** shareLink is the tournament's address whose preview names it, for chats. */
function shareLink(id) {
  const field = h('input', { id: 'tour-link', readonly: true, spellcheck: 'false' });
  field.value = location.origin + '/tournament/' + encodeURIComponent(id);
  field.addEventListener('focus', () => field.select());
  return h('p', { class: 'share' }, [h('label', { for: 'tour-link' }, t('tour.shareLink')), field]);
}

/** tournament shows #/tournament/<id>, refreshed every few seconds while it is shown. */
export async function tournament(main, id) {
  let timer = null;
  const draw = async () => {
    let v;
    try {
      v = await call('GET', '/api/tournaments/' + encodeURIComponent(id));
    } catch (e) {
      clear(main, h('h1', {}, t('tour.tournaments')), h('p', { class: 'error' }, t('failed', errorText(e))));
      return;
    }
    document.title = v.name + ' — Plateau';
    clear(main, ...head(v, draw), h('h2', {}, t('tour.standings')), standings(v),
      h('h2', {}, t('tour.crosstable')), crosstable(v), h('h2', {}, t('tour.allGames')), games(v));
  };
  await draw();
  timer = setInterval(draw, 5000);
  return () => clearInterval(timer);
}
