// My games: the player's own games, those where it is their turn first,
// each with its opponent (a player, the AI, this device, or an invite not
// yet accepted), and a link to play or replay it. Public games of others
// are on the Watch page (pages/seats.js).

import { h, clear } from '../dom.js';
import { t, lang, errorText } from '../i18n.js';
import { myGames } from '../api.js';
import { me } from '../player.js';
import { describeGame, reasonText, optionsText } from './common.js';
import { list as deviceGames, remove as removeDevice } from '../device.js';
import { title } from '../games.js';
import { challengesBox } from './lobby.js';
import { botTag } from '../bottag.js';
import { gameSearch } from './search.js';

/** opponentOf names who plays against the player: a link to a player's page, or words. */
export function opponentOf(o) {
  switch (o.kind) {
    case 'ai': return t('seats.opp.ai', o.level);
    case 'device': return t('seats.opp.device');
    case 'invite': return t('seats.opp.invite');
    default: return o.player ? h('span', {}, [h('a', { href: '#/player/' + encodeURIComponent(o.player.id), class: 'player-link' }, o.player.name), botTag(o.player)]) : '?';
  }
}

function item(g) {
  const when = new Date(g.updatedAt).toLocaleString(lang());
  const live = g.result === 'ongoing';
  return h('li', { class: 'game-item' + (g.yourTurn ? ' your-turn' : ''), 'data-id': g.id }, [
    h('a', { href: (live ? '#/game/' : '#/replay/') + g.id, class: 'title' }, g.title + (g.game.includes(':') ? ' (' + optionsText(g.game) + ')' : '')),
    live ? h('span', { class: 'tag' + (g.yourTurn ? ' turn' : '') }, g.yourTurn ? t('seats.yourTurn') : t('seats.theirTurn')) : null,
    g.private ? h('span', { class: 'tag' }, t('seats.privateTag')) : null,
    ' ', h('span', { class: 'opponent' }, [t('seats.vs', ''), opponentOf(g.opponent)]),
    !live ? h('span', { class: 'res' }, ' · ' + t('result.' + g.result) + (reasonText(g) ? ' (' + reasonText(g) + ')' : '')) : null,
    g.hints ? h('span', { class: 'hints' }, ' · ' + t('hintsUsed', g.hints)) : null,
    ' · ', h('time', { datetime: g.updatedAt }, when),
    ' ', live ? h('a', { href: '#/game/' + g.id }, t('resume')) : h('a', { href: '#/replay/' + g.id }, t('replay')),
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
  document.title = t('seats.myGames') + ' — Plateau';
  const ongoing = h('ul', { class: 'game-list', id: 'ongoing' }, h('li', {}, t('loading')));
  const finished = h('ul', { class: 'game-list', id: 'finished' }, h('li', {}, t('loading')));
  const device = h('ul', { class: 'game-list', id: 'device-games' });
  renderDevice(device);
  clear(main, h('h1', {}, t('seats.myGames')), h('p', { class: 'links' }, [h('a', { href: '#/friends', id: 'friends-link' }, t('friends.title')), ' · ', h('a', { href: '#/tournaments', id: 'tournaments-link' }, t('tour.tournaments')), ' · ', h('a', { href: '#/bots', id: 'bots-link' }, t('bots.title'))]), challengesBox(), h('h2', {}, t('ongoing')), ongoing, h('h2', {}, t('finishedGames')), finished,
    h('h2', {}, t('device.games')), device,
    h('p', { class: 'watch-more' }, h('a', { href: '#/watch', id: 'watch-more' }, t('seats.watchMore'))),
    h('p', {}, h('a', { href: '#/keys', id: 'keys-link' }, t('seats.keysLink'))));
  me().then((p) => finished.after(gameSearch(p.id, true))).catch(() => {});
  for (const [status, ul] of [['ongoing', ongoing], ['finished', finished]]) {
    try {
      const games = (await myGames(status)).games;
      clear(ul, games.length ? games.map(item) : h('li', {}, status === 'ongoing' ? t('seats.noMine') : t('none')));
    } catch (e) {
      clear(ul, h('li', { class: 'error' }, t('failed', errorText(e))));
    }
  }
}
