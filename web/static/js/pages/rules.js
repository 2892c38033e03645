// Rules pages: each game's rules, from its board module, with diagrams
// drawn from position strings by the game page's own Board. A game whose
// module has no rules text shows its one line.

import { h, clear } from '../dom.js';
import { t } from '../i18n.js';
import { names, has, adapter, title, summary, parsePos } from '../games.js';
import { Board } from '../board.js';
import { labSection } from '../lab.js';

function diagram(game, d, caption) {
  const a = adapter(game);
  const board = new Board(a, { label: caption });
  const model = parsePos(d.id || game, d.pos);
  board.set(model, { animate: false, last: d.last ? a.lastSquares(d.last, model) : [] });
  board.mark({ targets: new Set(d.targets || []), selected: d.selected });
  return h('figure', { class: 'diagram', 'data-pos': d.pos, 'data-id': d.id || game }, [board.el, h('figcaption', {}, caption)]);
}

function body(game) {
  const rules = adapter(game).RULES;
  if (!rules) return [h('p', {}, summary(game))];
  return rules.map(([kind, a], i) => {
    const text = t(`${game}.rules.${i}`);
    if (kind === 'p') return h('p', {}, text);
    if (kind === 'h') return h('h2', {}, text);
    if (kind === 'fig') return diagram(game, a, text);
    return h('div', { class: 'board-grid' }, a.map((d) => diagram(game, d, t('boardN', d.caption))));
  });
}

export function rules(main, game) {
  if (!has(game)) { clear(main, h('h1', {}, t('notFound'))); return; }
  document.title = t('rulesOf', title(game)) + ' — Plateau';
  const others = names().filter((g) => adapter(g).RULES);
  clear(main, h('article', { class: 'rules' }, [
    h('h1', {}, t('rulesOf', title(game))),
    h('nav', { class: 'rules-nav', 'aria-label': t('otherRules') }, others.map((g) => h('a', { href: '#/rules/' + g, 'aria-current': g === game ? 'page' : undefined }, title(g)))),
    ...body(game),
    labSection(game),
    h('p', {}, h('a', { href: '#/new/' + game, class: 'button primary' }, t('newGame'))),
  ]));
}
