// Home lists the games the server offers, each with its line, a rules
// link and a New game button that opens the new-game dialog.

import { h, clear } from '../dom.js';
import { t } from '../i18n.js';
import { names, has, adapter, title, summary, start, parsePos, failure } from '../games.js';
import { Board } from '../board.js';
import { newGameDialog } from './newgame.js';

function card(g) {
  const board = new Board(adapter(g), { label: t('startOf', title(g)) });
  board.set(parsePos(g, start(g)), { animate: false });
  board.el.setAttribute('aria-hidden', 'true');
  board.hits.remove();
  return h('li', { class: 'card', id: 'card-' + g }, [
    h('div', { class: 'thumb' }, board.el),
    h('div', { class: 'card-text' }, [
      h('h2', {}, title(g)),
      h('p', {}, summary(g)),
      h('div', { class: 'actions' }, [
        h('button', { type: 'button', class: 'primary', 'data-new': g, onclick: () => newGameDialog(g) }, t('newGame')),
        adapter(g).RULES ? h('a', { href: '#/rules/' + g, class: 'button' }, t('rules')) : null,
        h('a', { href: '#/lessons/' + g, class: 'button', 'data-lesson': g }, t('lessons.link')),
        h('a', { href: '#/puzzles/' + g, class: 'button', 'data-puzzles': g }, t('puzzles.link')),
        h('a', { href: '#/leaderboard/' + g, class: 'button' }, t('ratings.leaderboard')),
      ]),
    ]),
  ]);
}

export function home(main, open) {
  document.title = 'Plateau';
  const daily = h('section', { class: 'daily', id: 'daily', hidden: true, 'aria-label': t('puzzles.daily') });
  clear(main,
    h('h1', {}, t('welcome')),
    h('p', { class: 'lead' }, t('tagline')),
    h('p', { class: 'lobby-link' }, h('a', { href: '#/lobby', class: 'button primary', id: 'lobby-link' }, t('lobby.find'))),
    names().length ? h('ul', { class: 'cards' }, names().map(card)) : h('p', { class: 'error' }, t('noCatalog', failure())),
    daily,
  );
  // The puzzle of the day loads with its page's module, after the rest,
  // so it comes below the games: above them, its arrival would move the
  // New game buttons under a finger about to tap one.
  import('./puzzles.js').then((m) => m.daily(daily)).catch(() => {});
  if (open && has(open)) newGameDialog(open);
}
