// Puzzles: a game's puzzles one after the other (GET
// /api/puzzles/{game}/next), each a position where exactly one move
// forces a win; the answer is checked by the server (POST .../answer),
// which rates the player and the puzzle (Glicko-2) on a first attempt.
// Also the puzzle of the day, shown on the home page. No game is named.

import { h, clear } from '../dom.js';
import { t, pick, errorText } from '../i18n.js';
import { has, title, colour, adapter, parsePos, splitId } from '../games.js';
import { Board } from '../board.js';
import { Practice, request } from '../practice.js';

const path = (game, rest = '') => `/api/puzzles/${encodeURIComponent(game)}${rest}`;

/** puzzles shows a game's puzzles: puzzle id, or the next one for this player. */
export async function puzzles(main, game, id) {
  document.title = t('puzzles.title', title(game)) + ' — Plateau';
  if (!has(game)) { clear(main, h('h1', {}, t('notFound'))); return null; }
  const page = new PuzzlePage(main, game);
  await page.load(id ? path(game, '/' + encodeURIComponent(id)) : path(game, '/next'));
  return null;
}

function ratingText(r) {
  return r ? String(Math.round(r.rating)) + (r.provisional ? '?' : '') : t('puzzles.unrated');
}

class PuzzlePage {
  constructor(main, game) {
    this.game = game;
    this.el = {
      turn: h('p', { class: 'puzzle-turn', id: 'puzzle-turn' }),
      about: h('p', { class: 'puzzle-about', id: 'puzzle-about' }),
      message: h('p', { class: 'message', role: 'alert', id: 'puzzle-message' }),
      rating: h('p', { class: 'puzzle-rating', id: 'puzzle-rating' }),
      themes: h('p', { class: 'puzzle-themes', id: 'puzzle-themes' }),
      actions: h('div', { class: 'actions', id: 'puzzle-actions' }),
    };
    this.practice = new Practice(game, {
      label: t('boardOf', title(game)),
      onMove: (mv) => this.answer(mv),
      onRefused: (_, msg) => this.say(msg),
    });
    clear(main, h('article', { class: 'puzzle', 'data-game': game }, [
      h('h1', {}, t('puzzles.title', title(game))),
      h('div', { class: 'lesson-body' }, [
        h('div', { class: 'lesson-head' }, [this.el.turn, this.el.about]),
        this.practice.el,
        h('div', { class: 'lesson-foot' }, [this.el.message, this.el.themes, this.el.rating, this.el.actions]),
      ]),
    ]));
  }

  say(msg, cls = '') {
    this.el.message.textContent = msg;
    this.el.message.className = 'message ' + cls;
  }

  async load(url) {
    let p;
    try { p = await request('GET', url); } catch (e) { this.say(t('puzzles.none', errorText(e)), 'bad'); return; }
    this.p = p;
    const name = splitId(p.game).name;
    this.el.turn.textContent = t('puzzles.find', colour(name, p.toAct));
    this.el.about.textContent = p.plies === 1 ? t('puzzles.inOne') : t('puzzles.within', p.plies);
    this.say('');
    clear(this.el.themes);
    this.showRating(p.player, null, p.rating);
    clear(this.el.actions, this.nextButton(t('puzzles.skip'), 'puzzle-skip', ''));
    this.practice.el.parentNode.parentNode.dataset.puzzle = p.id;
    this.practice.show(p.game, p.position, p.legal, p.toAct);
  }

  showRating(player, before, puzzle) {
    let mine = ratingText(player);
    if (before && player) {
      const d = Math.round(player.rating - before.rating);
      mine += ' ' + t('puzzles.change', d > 0 ? '+' + d : String(d));
    }
    const parts = [t('puzzles.yours', mine), t('puzzles.its', Math.round(puzzle))];
    this.el.rating.textContent = parts.join(' ');
  }

  nextButton(label, id, cls) {
    return h('button', { type: 'button', id, class: cls, onclick: () => this.load(path(this.game, '/next?after=' + encodeURIComponent(this.p.id))) }, label);
  }

  async answer(mv) {
    const p = this.p;
    this.practice.play(mv, p.after[mv]);
    let r;
    try {
      r = await request('POST', path(this.game, `/${encodeURIComponent(p.id)}/answer`), { move: mv });
    } catch (e) {
      this.say(errorText(e), 'bad');
      return;
    }
    if (r.correct) this.say(t('puzzles.right', mv), 'good');
    else {
      this.say(t('puzzles.wrong', mv, r.solution), 'bad');
      // The solution is shown on the board after a moment's look at the move tried.
      setTimeout(() => { if (this.p === p) this.practice.play(r.solution, r.after); }, 900);
    }
    this.showRating(r.player, r.rated ? r.before : null, r.puzzle.rating);
    clear(this.el.themes, p.themes.length ? t('puzzles.theme', p.themes.map((x) => pick(x.title)).join(', ')) : null);
    clear(this.el.actions, this.nextButton(t('puzzles.next'), 'puzzle-next', 'primary'));
  }
}

/** daily adds the puzzle of the day to el: a small board, its game and a link to solve it. */
export async function daily(el) {
  let p;
  try { p = await request('GET', '/api/puzzles/daily'); } catch { return; }
  const name = splitId(p.game).name;
  if (!has(name)) return;
  const board = new Board(adapter(name), { label: t('puzzles.daily') });
  board.set(parsePos(p.game, p.position), { animate: false });
  board.el.setAttribute('aria-hidden', 'true');
  board.hits.remove();
  clear(el, h('h2', {}, t('puzzles.daily')), h('div', { class: 'daily-body' }, [
    h('div', { class: 'thumb' }, board.el),
    h('div', {}, [
      h('p', {}, t('puzzles.dailyAbout', title(name), colour(name, p.toAct), p.day)),
      h('a', { href: `#/puzzles/${name}/${p.id}`, class: 'button primary', id: 'daily-solve' }, t('puzzles.solve')),
    ]),
  ]));
  el.hidden = false;
}
