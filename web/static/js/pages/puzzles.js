// Puzzles: a game's puzzles one after the other (GET
// /api/puzzles/{game}/next), each a position where exactly one move
// forces a win, or (kind "save") where exactly one move does not lose;
// the answer is checked by the server (POST .../answer),
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

  async load(url, after = '') {
    let p;
    try {
      p = await request('GET', url);
    } catch (e) {
      // No answer at all (no status): the network is gone, and the pack the
      // offline app keeps stands in for the server.
      if (e.status === undefined) p = await this.offline(url, after).catch((x) => { console.warn('plateau: no puzzle offline', x); return null; });
      if (!p) { this.say(t('puzzles.none', errorText(e)), 'bad'); return; }
    }
    this.p = p;
    const name = splitId(p.game).name;
    const save = p.kind === 'save';
    this.el.turn.textContent = save ? t('puzzles.findSave', colour(name, p.toAct)) : t('puzzles.find', colour(name, p.toAct));
    if (save) this.el.about.textContent = t('puzzles.saveAbout');
    else this.el.about.textContent = p.plies === 1 ? t('puzzles.inOne') : t('puzzles.within', p.plies);
    this.say('');
    clear(this.el.themes);
    this.showRating(p.player, null, p.rating);
    if (p.offline) this.el.rating.textContent = t('puzzles.offline');
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
    return h('button', { type: 'button', id, class: cls, onclick: () => this.load(path(this.game, '/next?after=' + encodeURIComponent(this.p.id)), this.p.id) }, label);
  }

  /**
   * offline returns a puzzle from the pack the offline app keeps (GET
   * .../pack, answered by the service worker's copy): the one url names,
   * or the one after the puzzle after; its legal moves and their
   * positions come from the engine in this browser. It is checked here
   * and rated by nobody.
   */
  async offline(url, after) {
    const pack = (await request('GET', path(this.game, '/pack'))).puzzles;
    const named = decodeURIComponent(url.split('/').pop().split('?')[0]);
    let i = pack.findIndex((x) => x.id === named);
    if (i < 0) i = (pack.findIndex((x) => x.id === after) + 1) % pack.length;
    const pz = pack[i];
    const { Engine } = await import('../engine.js');
    this.engine ||= new Engine();
    await this.engine.ask(`newgame ${pz.game} ${pz.position}`);
    const v = JSON.parse((await this.engine.ask('view'))[0]);
    const out = { ...pz, toAct: v.toAct, legal: v.legal, after: {}, tags: [], themes: [], offline: true, player: null, rating: 0 };
    for (const mv of v.legal) {
      out.after[mv] = (await this.engine.ask('play ' + mv))[0];
      await this.engine.ask('undo');
    }
    return out;
  }

  /** verdict says whether mv solved p, a win or a save puzzle, whose solution is solution. */
  verdict(p, mv, solution) {
    const save = p.kind === 'save';
    if (mv === solution) this.say(save ? t('puzzles.saved', mv) : t('puzzles.right', mv), 'good');
    else this.say(save ? t('puzzles.wrongSave', mv, solution) : t('puzzles.wrong', mv, solution), 'bad');
  }

  /** answerOffline checks a move against the pack's solution: no server, so no rating. */
  answerOffline(p, mv) {
    this.verdict(p, mv, p.solution);
    if (mv !== p.solution) {
      setTimeout(() => { if (this.p === p) this.practice.play(p.solution, p.after[p.solution]); }, 900);
    }
    this.el.rating.textContent = t('puzzles.offline');
    clear(this.el.actions, this.nextButton(t('puzzles.next'), 'puzzle-next', 'primary'));
  }

  async answer(mv) {
    const p = this.p;
    this.practice.play(mv, p.after[mv]);
    if (p.offline) { this.answerOffline(p, mv); return; }
    let r;
    try {
      r = await request('POST', path(this.game, `/${encodeURIComponent(p.id)}/answer`), { move: mv });
    } catch (e) {
      this.say(errorText(e), 'bad');
      return;
    }
    this.verdict(p, mv, r.correct ? mv : r.solution);
    if (!r.correct) {
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
      h('p', {}, p.kind === 'save' ? t('puzzles.dailySave', title(name), colour(name, p.toAct), p.day) : t('puzzles.dailyAbout', title(name), colour(name, p.toAct), p.day)),
      h('a', { href: `#/puzzles/${name}/${p.id}`, class: 'button primary', id: 'daily-solve' }, t('puzzles.solve')),
    ]),
  ]));
  el.hidden = false;
}
