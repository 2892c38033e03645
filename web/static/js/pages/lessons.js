// Lessons: a game's lesson, step by step (GET /api/lessons/{game}). Each
// step sets a position, says one rule and asks for a move that uses it;
// a refused click is explained by the rule that forbids it (the server
// asks the game, GET /api/lessons/{game}/{step}/explain), a legal move
// that misses the point is said so, and the right one moves on. The
// steps are data of each game; this page names none.

import { h, clear } from '../dom.js';
import { t, pick } from '../i18n.js';
import { has, title } from '../games.js';
import { Practice, request } from '../practice.js';

const get = (path) => request('GET', path);

/** lesson shows game's lesson, from its first step or the one kept from an earlier visit. */
export async function lesson(main, game) {
  document.title = t('lessons.title', title(game)) + ' — Plateau';
  let data;
  try {
    if (!has(game)) throw new Error(t('notFound'));
    data = await get('/api/lessons/' + encodeURIComponent(game));
  } catch (e) {
    clear(main, h('h1', {}, t('lessons.title', title(game))), h('p', { class: 'error' }, t('lessons.none', e.message)));
    return null;
  }
  new LessonPage(main, game, data).go(0);
  return null;
}

class LessonPage {
  constructor(main, game, data) {
    this.game = game;
    this.data = data;
    this.el = {
      progress: h('p', { class: 'lesson-progress', id: 'lesson-progress' }),
      says: h('p', { class: 'lesson-rule', id: 'lesson-rule' }),
      task: h('p', { class: 'lesson-task', id: 'lesson-task' }),
      message: h('p', { class: 'message', role: 'alert', id: 'lesson-message' }),
      actions: h('div', { class: 'actions', id: 'lesson-actions' }),
    };
    this.practice = new Practice(game, {
      label: t('boardOf', title(game)),
      onMove: (mv) => this.moved(mv),
      onRefused: (mv, msg) => this.refused(mv, msg),
    });
    clear(main, h('article', { class: 'lesson', 'data-game': game }, [
      h('h1', {}, t('lessons.title', title(game))),
      // The rule and the task come before the board on a phone, the
      // answer to a move after it; beside the board on a wide screen.
      h('div', { class: 'lesson-body' }, [
        h('div', { class: 'lesson-head' }, [this.el.progress, this.el.says, this.el.task]),
        this.practice.el,
        h('div', { class: 'lesson-foot' }, [this.el.message, this.el.actions]),
      ]),
    ]));
  }

  go(i) {
    this.i = i;
    const st = this.data.steps[i];
    this.el.progress.textContent = t('lessons.step', i + 1, this.data.steps.length);
    this.el.says.textContent = pick(st.says);
    this.el.task.textContent = pick(st.task);
    this.say('');
    this.practice.show(st.id, st.position, st.legal, st.toAct);
    clear(this.el.actions, this.data.steps.length > 1 ? this.skipButton() : null);
  }

  say(msg) { this.el.message.textContent = msg; }

  skipButton() {
    const last = this.i === this.data.steps.length - 1;
    return last ? null : h('button', { type: 'button', class: 'link', id: 'lesson-skip', onclick: () => this.go(this.i + 1) }, t('lessons.skip'));
  }

  moved(mv) {
    const st = this.data.steps[this.i];
    this.practice.play(mv, st.after[mv]);
    const right = st.accept.includes(mv);
    this.el.message.classList.toggle('good', right);
    if (!right) {
      this.say(pick(st.miss));
      clear(this.el.actions, h('button', { type: 'button', class: 'primary', id: 'lesson-retry', onclick: () => this.go(this.i) }, t('lessons.retry')));
      return;
    }
    this.say(t('lessons.right') + ' ' + pick(st.done));
    const last = this.i === this.data.steps.length - 1;
    clear(this.el.actions, last
      ? [h('p', { class: 'lesson-done', id: 'lesson-done' }, t('lessons.finished', title(this.game))),
        h('a', { href: '#/puzzles/' + this.game, class: 'button primary' }, t('lessons.toPuzzles')),
        h('a', { href: '#/new/' + this.game, class: 'button' }, t('newGame'))]
      : h('button', { type: 'button', class: 'primary', id: 'lesson-next', onclick: () => this.go(this.i + 1) }, t('lessons.next')));
  }

  /** refused shows why a click is refused: the input's words at once, then the rule, when the server names it. */
  async refused(move, msg) {
    this.el.message.classList.remove('good');
    this.say(msg || t('lessons.refused'));
    const i = this.i;
    let text = null;
    try {
      text = (await get(`/api/lessons/${encodeURIComponent(this.game)}/${i + 1}/explain?move=${encodeURIComponent(move)}`)).text;
    } catch { return; }
    if (text && this.i === i && this.el.message.textContent === (msg || t('lessons.refused'))) this.say(pick(text));
  }
}
