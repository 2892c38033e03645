// Lists of ongoing and finished games, with links to play or replay them.

import { h, clear } from '../dom.js';
import { t, lang, errorText } from '../i18n.js';
import { listGames, seats } from '../api.js';
import { describeGame, reasonText, optionsText } from './common.js';
import { list as deviceGames, remove as removeDevice } from '../device.js';
import { title } from '../games.js';

function item(g) {
  const mine = Object.keys(seats(g.id)).length > 0;
  const when = new Date(g.updatedAt).toLocaleString(lang());
  return h('li', { class: 'game-item', 'data-id': g.id }, [
    h('a', { href: (g.result === 'ongoing' ? '#/game/' : '#/replay/') + g.id, class: 'title' }, g.title + (g.game.includes(':') ? ' (' + optionsText(g.game) + ')' : '')),
    mine ? h('span', { class: 'tag' }, t('yours')) : null,
    ' ', h('span', {}, describeGame(g)),
    g.result !== 'ongoing' ? h('span', { class: 'res' }, ' · ' + t('result.' + g.result) + (reasonText(g) ? ' (' + reasonText(g) + ')' : '')) : null,
    ' ', h('time', { datetime: g.updatedAt }, when),
    ' ', g.result === 'ongoing' ? h('a', { href: '#/game/' + g.id }, mine ? t('resume') : t('watch')) : h('a', { href: '#/replay/' + g.id }, t('replay')),
  ]);
}

/** deviceItem lists a game kept on this device, which its owner may delete (twice clicked). */
function deviceItem(g, ul) {
  const plies = g.moves.length;
  const del = h('button', { type: 'button', class: 'link danger-link' }, t('device.remove'));
  del.addEventListener('click', () => {
    if (del.dataset.armed) { removeDevice(g.id); renderDevice(ul); return; }
    del.dataset.armed = '1';
    del.textContent = t('device.removeConfirm');
  });
  const v = { ...g, title: title(g.game.split(':')[0]), plies };
  return h('li', { class: 'game-item', 'data-id': g.id }, [
    h('a', { href: (g.result === 'ongoing' ? '#/game/' : '#/replay/') + g.id, class: 'title' }, v.title + (g.game.includes(':') ? ' (' + optionsText(g.game) + ')' : '')),
    h('span', { class: 'tag' }, t('device.tag')),
    ' ', h('span', {}, describeGame(v)),
    g.result !== 'ongoing' ? h('span', { class: 'res' }, ' · ' + t('result.' + g.result) + (reasonText(g) ? ' (' + reasonText(g) + ')' : '')) : null,
    ' ', h('time', { datetime: g.updatedAt }, new Date(g.updatedAt).toLocaleString(lang())),
    ' ', del,
  ]);
}

function renderDevice(ul) {
  const games = deviceGames();
  clear(ul, games.length ? games.map((g) => deviceItem(g, ul)) : h('li', {}, t('device.none')));
}

export async function lists(main) {
  document.title = t('myGames') + ' — Plateau';
  const ongoing = h('ul', { class: 'game-list', id: 'ongoing' }, h('li', {}, t('loading')));
  const finished = h('ul', { class: 'game-list', id: 'finished' }, h('li', {}, t('loading')));
  const device = h('ul', { class: 'game-list', id: 'device-games' });
  renderDevice(device);
  clear(main, h('h1', {}, t('myGames')), h('h2', {}, t('ongoing')), ongoing, h('h2', {}, t('finishedGames')), finished,
    h('h2', {}, t('device.games')), device);
  for (const [status, ul] of [['ongoing', ongoing], ['finished', finished]]) {
    try {
      const games = (await listGames(status)).games;
      clear(ul, games.length ? games.map(item) : h('li', {}, t('none')));
    } catch (e) {
      clear(ul, h('li', { class: 'error' }, t('failed', errorText(e))));
    }
  }
}
