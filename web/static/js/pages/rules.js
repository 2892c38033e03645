// Rules pages: each game's rules with diagrams drawn from position
// strings by the game page's own Board.

import { h, clear } from '../dom.js';
import { t, lang } from '../i18n.js';
import { ADAPTERS, ORDER, parsePos } from '../games.js';
import { Board } from '../board.js';
import { RULES } from '../rules-text.js';

function diagram(game, d, caption) {
  const board = new Board(ADAPTERS[game], { label: caption });
  const model = parsePos(d.id || game, d.pos);
  board.set(model, { animate: false, last: d.last ? ADAPTERS[game].lastSquares(d.last, model) : [] });
  board.mark({ targets: new Set(d.targets || []), selected: d.selected });
  return h('figure', { class: 'diagram', 'data-pos': d.pos, 'data-id': d.id || game }, [board.el, h('figcaption', {}, caption)]);
}

export function rules(main, game) {
  if (!ADAPTERS[game]) { clear(main, h('h1', {}, t('notFound'))); return; }
  document.title = t('rulesOf', t(game + '.title')) + ' — Plateau';
  const body = RULES[lang()][game].map(([kind, a, b]) => {
    if (kind === 'p') return h('p', {}, a);
    if (kind === 'h') return h('h2', {}, a);
    if (kind === 'fig') return diagram(game, a, b);
    return h('div', { class: 'board-grid' }, a.map((d) => diagram(game, d, t('abraxas.boardN', d.caption))));
  });
  clear(main, h('article', { class: 'rules' }, [
    h('h1', {}, t('rulesOf', t(game + '.title'))),
    h('nav', { class: 'rules-nav', 'aria-label': t('otherRules') }, ORDER.map((g) => h('a', { href: '#/rules/' + g, 'aria-current': g === game ? 'page' : undefined }, t(g + '.title')))),
    ...body,
    h('p', {}, h('a', { href: '#/new/' + game, class: 'button primary' }, t('newGame'))),
  ]));
}
