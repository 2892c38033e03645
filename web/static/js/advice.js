// Level advice after a game against the AI: one level up after a win,
// one down after two losses in a row at the same level, else the same
// level again. The results are kept in this browser, per game (options
// apart), so that the advice follows the person across server games and
// games on this device alike.

import { h } from './dom.js';
import { t } from './i18n.js';
import { levels } from './games.js';

const KEY = (name) => 'plateau:advice:' + name;
const kept = 20; // results remembered per game

/** results returns the results kept for a game: [{id, level, outcome}], oldest first. */
export function results(name) {
  try {
    const r = JSON.parse(localStorage.getItem(KEY(name)));
    return Array.isArray(r) ? r : [];
  } catch {
    return [];
  }
}

/** note keeps a finished game's result once (its id makes a second call a no-op). */
export function note(name, id, level, outcome) {
  const r = results(name);
  if (r.some((x) => x.id === id)) return;
  r.push({ id, level, outcome });
  localStorage.setItem(KEY(name), JSON.stringify(r.slice(-kept)));
}

/**
 * advise returns the level to suggest after the results, the last one
 * against level: {level, why} with why 'up', 'down' or 'again'.
 */
export function advise(r, level, min, max) {
  const last = r[r.length - 1];
  if (last?.outcome === 'win' && level < max) return { level: level + 1, why: 'up' };
  const prev = r[r.length - 2];
  if (last?.outcome === 'loss' && prev?.outcome === 'loss' && prev.level === level && level > min) return { level: level - 1, why: 'down' };
  return { level, why: 'again' };
}

/**
 * adviceFor is the advice block of a finished game of one person against
 * the AI: it notes the result and offers the advised level with one
 * click (start(level) starts that game). null for any other game.
 */
export function adviceFor(v, me, name, start) {
  if (v.result === 'ongoing' || me === undefined || v.seats[1 - me]?.kind !== 'ai') return null;
  const level = v.seats[1 - me].level;
  const outcome = v.result === 'draw' ? 'draw' : (v.result === 'first') === (me === 0) ? 'win' : 'loss';
  note(name, v.id, level, outcome);
  const { min, max } = levels() || { min: 1, max: 8 };
  const a = advise(results(name), level, min, max);
  const text = a.why === 'again' ? t('advice.again', a.level) : t('advice.' + a.why, level, a.level);
  const btn = h('button', { type: 'button', class: 'primary', id: 'advice-play', 'data-level': a.level }, t('advice.play', a.level));
  btn.addEventListener('click', () => start(a.level));
  return h('p', { class: 'advice', id: 'advice', 'data-why': a.why }, [h('span', {}, text), btn]);
}
