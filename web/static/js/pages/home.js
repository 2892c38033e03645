// Home lists the four games, each with a line, a rules link and a New
// game button that opens the new-game dialog.

import { h, s, clear } from '../dom.js';
import { t } from '../i18n.js';
import { ADAPTERS, ORDER, START, parsePos } from '../games.js';
import { Board } from '../board.js';
import { newGameDialog } from './newgame.js';

export function home(main, open) {
  document.title = 'Plateau';
  const cards = ORDER.map((g) => {
    const board = new Board(ADAPTERS[g], { label: t('startOf', t(g + '.title')) });
    board.set(parsePos(g, START[g]), { animate: false });
    board.el.setAttribute('aria-hidden', 'true');
    board.hits.remove();
    return h('li', { class: 'card', id: 'card-' + g }, [
      h('div', { class: 'thumb' }, board.el),
      h('div', { class: 'card-text' }, [
        h('h2', {}, t(g + '.title')),
        h('p', {}, t(g + '.line')),
        h('div', { class: 'actions' }, [
          h('button', { type: 'button', class: 'primary', 'data-new': g, onclick: () => newGameDialog(g) }, t('newGame')),
          h('a', { href: '#/rules/' + g, class: 'button' }, t('rules')),
        ]),
      ]),
    ]);
  });
  clear(main,
    h('h1', {}, t('welcome')),
    h('p', { class: 'lead' }, t('tagline')),
    h('ul', { class: 'cards' }, cards),
  );
  if (open && ADAPTERS[open]) newGameDialog(open);
}
