// The replay page: any game, step by step, with jumps and autoplay.

import { h, clear } from '../dom.js';
import { t, errorText } from '../i18n.js';
import { adapter as adapterOf, splitId, parsePos } from '../games.js';
import { Board } from '../board.js';
import * as api from '../api.js';
import { resultText, moveList, titleOf, exportTools } from './common.js';
import { isDevice, open as openDevice, backend as deviceBackend, record as deviceRecord } from '../device.js';
import { analysisHref } from '../evaluation.js';

/**
 * positions returns the position before each move and the final one, as
 * the server computed them: the client never runs the rules itself. A
 * move made between the two requests changes the count, so it asks again.
 */
export async function positions(src, v) {
  for (let i = 0; i < 3; i++) {
    const res = await src.getPositions(v.id);
    if (res.positions.length === v.moves.length + 1) return res.positions;
    v = await src.getGame(v.id);
  }
  throw new Error('the game kept changing');
}

export async function replay(main, id, at) {
  let v, src = api, dg = null;
  try {
    // A game kept on this device is replayed by the engine in this browser.
    if (isDevice(id)) { dg = await openDevice(id); src = deviceBackend(dg); }
    v = await src.getGame(id);
  } catch (e) {
    clear(main, h('h1', {}, t('noGame')), h('p', {}, errorText(e)));
    return null;
  }
  const { name } = splitId(v.game);
  const adapter = adapterOf(name);
  document.title = t('replayOf', titleOf(v)) + ' — Plateau';
  clear(main, h('p', {}, t('loading')));
  let pos;
  try { pos = await positions(src, v); } catch (e) {
    clear(main, h('h1', {}, t('replayOf', titleOf(v))), h('p', { class: 'error' }, t('failed', errorText(e))));
    return null;
  }
  const board = new Board(adapter, { label: t('boardOf', titleOf(v)), onSquare: () => {} });
  const n = v.moves.length;
  let ply = at !== undefined ? Math.max(0, Math.min(n, +at)) : n, timer = null;
  const counter = h('p', { class: 'ply', id: 'ply', 'aria-live': 'polite' });
  const slider = h('input', { type: 'range', min: 0, max: n, value: ply, id: 'jump', 'aria-label': t('jump') });
  const list = h('ol', { class: 'movelist', id: 'movelist' }, moveList(v, null));
  const playBtn = h('button', { type: 'button', id: 'play', onclick: () => toggle() }, t('autoplay'));
  const show = (p, animate = true) => {
    ply = p;
    const model = parsePos(v.game, pos[p]);
    board.set(model, { last: p ? adapter.lastSquares(v.moves[p - 1], model) : [], animate });
    counter.textContent = t('plyOf', p, n) + (p ? ' — ' + v.moves[p - 1] : '');
    slider.value = p;
    exporter.set(pos[p]); // the position of the ply shown
    analyse.href = analysisHref(v.game, pos[p]);
    [...list.children].forEach((li, i) => li.classList.toggle('current', i === p - 1));
    list.children[p - 1]?.scrollIntoView?.({ block: 'nearest' });
  };
  const toggle = () => {
    if (timer) { clearInterval(timer); timer = null; playBtn.textContent = t('autoplay'); return; }
    if (ply >= n) show(0, false);
    playBtn.textContent = t('pause');
    timer = setInterval(() => { if (ply >= n) toggle(); else show(ply + 1); }, 900);
  };
  slider.addEventListener('input', () => show(+slider.value, false));
  [...list.children].forEach((li, i) => {
    const code = li.querySelector('code');
    code.replaceWith(h('button', { type: 'button', class: 'link', onclick: () => show(i + 1) }, code.textContent));
  });
  const exporter = exportTools(id, dg && (() => deviceRecord(dg.g)));
  const analyse = h('a', { class: 'button', id: 'analyse' }, t('review.analyse'));
  const btn = (label, id2, fn) => h('button', { type: 'button', id: id2, onclick: fn }, label);
  const keys = (e) => {
    if (e.target.tagName === 'INPUT') return;
    if (e.key === 'ArrowLeft') show(Math.max(0, ply - 1));
    if (e.key === 'ArrowRight') show(Math.min(n, ply + 1));
  };
  document.addEventListener('keydown', keys);
  clear(main, h('section', { class: 'game' }, [
    h('div', { class: 'game-main' }, [
      h('h1', {}, t('replayOf', titleOf(v))),
      v.hints ? h('p', { class: 'note hints-used', id: 'hints-used' }, t('hintsUsedGame', v.hints)) : null,
      v.result !== 'ongoing' ? h('div', { class: 'banner' }, [h('strong', {}, resultText(v)), ' ', t('finalScore', v.scores[0], v.scores[1])]) : h('p', {}, h('a', { href: '#/game/' + id }, t('backToGame'))),
      h('div', { class: 'board-wrap' }, board.el),
    ]),
    h('aside', { class: 'side' }, [
      counter,
      h('div', { class: 'actions replay-controls' }, [
        btn('|◀ ' + t('first'), 'first', () => show(0)),
        btn('◀ ' + t('prev'), 'prev', () => show(Math.max(0, ply - 1))),
        playBtn,
        btn(t('next') + ' ▶', 'next', () => show(Math.min(n, ply + 1))),
        btn(t('last') + ' ▶|', 'last', () => show(n)),
      ]),
      slider,
      h('div', { class: 'actions' }, [v.result !== 'ongoing' ? h('a', { class: 'button', id: 'review', href: '#/review/' + id }, t('review.link')) : null, analyse]),
      h('h2', { class: 'small' }, t('moveList')), list,
      exporter.el,
    ]),
  ]));
  show(ply, false);
  return () => { clearInterval(timer); document.removeEventListener('keydown', keys); dg?.close(); };
}
