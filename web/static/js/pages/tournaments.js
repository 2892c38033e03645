// Tournament pages: #/tournaments[/<game>] lists the events (upcoming,
// running, finished) with a form to create one (pages/tournament.js
// shows one event). Names are the organisers' text: shown as text only
// (h() sets textContent). Loaded when first shown (main.js).

import { h, clear } from '../dom.js';
import { t, errorText } from '../i18n.js';
import { call } from '../api.js';
import { names, title, has } from '../games.js';

const fmtName = (f) => t('tour.fmt.' + f);
const when = (iso) => new Date(iso).toLocaleString();

function eventRow(ev) {
  return h('tr', { 'data-tournament': ev.id }, [
    h('td', {}, h('a', { href: '#/tournament/' + ev.id }, ev.name)),
    h('td', {}, title(ev.game.split(':')[0], ev.game)),
    h('td', {}, fmtName(ev.format)),
    h('td', {}, when(ev.startsAt)),
    h('td', {}, t('tour.st.' + ev.state)),
  ]);
}

function eventTable(list) {
  if (!list.length) return h('p', { class: 'note' }, t('tour.none'));
  return h('table', { class: 'tournaments' }, [
    h('thead', {}, h('tr', {}, ['tour.name', 'tour.game', 'tour.format', 'tour.starts', 'tour.state']
      .map((k) => h('th', { scope: 'col' }, t(k))))),
    h('tbody', {}, list.map(eventRow)),
  ]);
}

/** tournaments shows #/tournaments[/<game>]: the events, and the create form. */
export async function tournaments(main, game) {
  document.title = t('tour.tournaments') + ' — Plateau';
  const tabs = h('nav', { class: 'tabs', 'aria-label': t('tour.tournaments') }, [
    h('a', { href: '#/tournaments', 'aria-current': game ? null : 'page' }, t('tour.all')),
    ...names().map((g) => h('a', { href: '#/tournaments/' + g, 'aria-current': g === game ? 'page' : null }, title(g))),
  ]);
  const body = h('div', {}, t('loading'));
  clear(main, h('h1', {}, t('tour.tournaments')), tabs, body, createForm(game));
  let list;
  try {
    list = await call('GET', '/api/tournaments' + (game && has(game) ? '?game=' + encodeURIComponent(game) : ''));
  } catch (e) {
    clear(body, h('p', { class: 'error' }, t('failed', errorText(e))));
    return;
  }
  const part = (key, states) => h('section', {}, [h('h2', {}, t(key)), eventTable(list.filter((e) => states.includes(e.state)))]);
  clear(body, part('tour.upcoming', ['open']), part('tour.running', ['running']), part('tour.finished', ['finished', 'cancelled']));
}

function field(label, input) {
  return h('label', {}, [h('span', {}, label), input]);
}

function createForm(game) {
  const name = h('input', { name: 'name', maxlength: '80', required: true });
  const gameSel = h('select', { name: 'game' }, names().map((g) => h('option', { value: g, selected: g === game ? true : null }, title(g))));
  const format = h('select', { name: 'format' }, ['swiss', 'roundrobin', 'arena', 'knockout', 'league'].map((f) => h('option', { value: f }, fmtName(f))));
  const rounds = h('input', { name: 'rounds', type: 'number', min: '1', max: '50', value: '5' });
  const minPlayers = h('input', { name: 'minPlayers', type: 'number', min: '2', value: '4' });
  const division = h('input', { name: 'division', type: 'number', min: '2', max: '10', value: '10' });
  const hours = h('input', { name: 'roundHours', type: 'number', min: '0.2', step: 'any', value: '72' });
  const start = h('input', { name: 'startsAt', type: 'datetime-local', required: true });
  const games = h('select', { name: 'games' }, [['0', 'tour.gamesLab'], ['1', 'tour.games1'], ['2', 'tour.games2']].map(([v, k]) => h('option', { value: v }, t(k))));
  const casual = h('input', { name: 'casual', type: 'checkbox' });
  const out = h('p', { class: 'error', role: 'alert' });
  const form = h('form', { class: 'tournament-create' }, [
    h('h2', {}, t('tour.create')), h('p', { class: 'note' }, t('tour.createNote')),
    field(t('tour.name'), name), field(t('tour.game'), gameSel), field(t('tour.format'), format),
    field(t('tour.rounds'), rounds), field(t('tour.minPlayers'), minPlayers), field(t('tour.division'), division),
    field(t('tour.roundHours'), hours), field(t('tour.startAt'), start), field(t('tour.games'), games),
    h('label', {}, [casual, h('span', {}, t('tour.casual'))]),
    h('button', { type: 'submit' }, t('tour.createGo')), out,
  ]);
  form.addEventListener('submit', async (ev) => {
    ev.preventDefault();
    const req = {
      game: gameSel.value, format: format.value, name: name.value, rounds: +rounds.value, minPlayers: +minPlayers.value,
      division: +division.value, roundTime: Math.round(+hours.value * 3600), games: +games.value, casual: casual.checked,
      startsAt: start.value ? new Date(start.value).toISOString() : '',
    };
    try {
      const made = await call('POST', '/api/tournaments', req);
      location.hash = '#/tournament/' + made.id;
    } catch (e) {
      out.textContent = errorText(e);
    }
  });
  return form;
}

/** wonSection fills el with the tournaments a player won, for the player page; nothing when none. */
export async function wonSection(el, player) {
  let list;
  try {
    list = await call('GET', '/api/tournaments?winner=' + encodeURIComponent(player));
  } catch {
    return; // the player page stands without it
  }
  if (!list.length) return;
  clear(el, h('h2', {}, t('tour.won')), h('ul', { class: 'tournaments-won' },
    list.map((ev) => h('li', {}, h('a', { href: '#/tournament/' + ev.id }, `${ev.name} (${title(ev.game.split(':')[0], ev.game)})`)))));
}
