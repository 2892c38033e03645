// Clocks of timed games: the time controls the new-game dialog offers,
// and the ticking clocks of the game page. The server owns the time: a
// view carries what each player has left when it is sent, and the page
// only counts the running clock down from when the view arrived, until
// the next view corrects it. Nothing here is ever sent to the server.

import { h } from './dom.js';
import { t } from './i18n.js';
import * as sound from './sound.js';

/** CONTROLS are the time controls the new-game dialog offers, as the server reads them. */
export const CONTROLS = ['untimed', '1+0', '3+2', '5+3', '10+5', '15+10', '30+0', '1d/14', '3d/14', '7d/14'];

/** controlLabel names a time control ("5+3", "3d/14") in the page's language. */
export function controlLabel(c) {
  let m = /^(\d+)(s?)\+(\d+)$/.exec(c);
  if (m) return t('clock.realtime') + ' — ' + t('clock.rt', m[2] ? +m[1] / 60 : +m[1], m[3]);
  m = /^(\d+)d\/(\d+)$/.exec(c);
  if (m) return t('clock.correspondence') + ' — ' + t(m[1] === '1' ? 'clock.corr1' : 'clock.corr', m[1], m[2]);
  return t('clock.untimed');
}

const pad = (n) => String(n).padStart(2, '0');

/** format shows a time left: days and hours, hours and minutes, m:ss, or s.t under ten seconds. */
export function format(ms) {
  ms = Math.max(0, ms);
  const s = Math.floor(ms / 1000);
  if (s >= 86400) return t('clock.days', Math.floor(s / 86400), Math.floor((s % 86400) / 3600));
  if (s >= 3600 * 10) return t('clock.hours', Math.floor(s / 3600), pad(Math.floor((s % 3600) / 60)));
  if (s >= 3600) return `${Math.floor(s / 3600)}:${pad(Math.floor((s % 3600) / 60))}:${pad(s % 60)}`;
  if (ms < 10000) return `0:0${Math.floor(ms / 1000)}.${Math.floor((ms % 1000) / 100)}`;
  return `${Math.floor(s / 60)}:${pad(s % 60)}`;
}

/**
 * Clocks keeps the two clock elements of a game page ticking. set(view,
 * mine) takes each new view; el(p) is player p's element, made once and
 * kept across renders. The low-time sound plays once per game, in real
 * time, when a clock of this browser's seat goes under a tenth of the base.
 */
export class Clocks {
  constructor() {
    this.els = [0, 1].map((p) => h('span', { class: 'clock', 'data-clock': p, role: 'timer', hidden: true }));
    this.clock = null;
    this.mine = [];
    this.warned = false;
    this.timer = setInterval(() => this.tick(), 100);
  }

  el(p) { return this.els[p]; }

  set(view, mine) {
    this.clock = view.clock || null;
    this.over = view.result !== 'ongoing';
    this.mine = mine;
    this.received = performance.now();
    this.tick();
  }

  /** left is what player p has now, as far as this page can tell. */
  left(p) {
    const c = this.clock;
    const ms = c.remaining[p];
    return c.running === p && !this.over ? ms - (performance.now() - this.received) : ms;
  }

  tick() {
    const c = this.clock;
    for (const [p, el] of this.els.entries()) {
      el.hidden = !c;
      if (!c) continue;
      const left = this.left(p);
      const text = format(left);
      if (el.textContent !== text) el.textContent = text;
      el.dataset.ms = String(Math.max(0, Math.round(left)));
      el.classList.toggle('running', c.running === p && !this.over);
      el.classList.toggle('low', left < c.base / 10);
      el.title = c.firstMove[p] && !this.over ? t('clock.firstMove', text) : '';
      if (c.kind === 'realtime' && !this.over && c.running === p && this.mine.includes(p) && this.mine.length === 1 &&
          !c.firstMove[p] && left < c.base / 10 && !this.warned) {
        this.warned = true;
        sound.play('lowTime');
      }
    }
  }

  stop() { clearInterval(this.timer); }
}

/**
 * ratedNeedsTime keeps a form's rated box and time-control select
 * consistent: an untimed game is casual, so ticking "rated" on an
 * untimed game picks a clock, and choosing "untimed" unticks "rated".
 */
export function ratedNeedsTime(rated, time, fallback = '5+3') {
  rated.addEventListener('change', () => {
    if (!rated.checked || time.value !== 'untimed') return;
    time.value = typeof fallback === 'function' ? fallback() : fallback;
    time.dispatchEvent(new Event('change')); // for the fields that follow the time
  });
  time.addEventListener('change', () => { if (time.value === 'untimed') rated.checked = false; });
}

/** controlKind is the kind of game a time control is: 'realtime' (minutes), 'correspondence' (days a move), '' when untimed (either). */
export function controlKind(c) {
  if (/^\d+d\//.test(c)) return 'correspondence';
  return c === 'untimed' || c === '' ? '' : 'realtime';
}

/**
 * kindFollowsTime keeps a form's kind select consistent with its time
 * select: a clock in minutes is real time, days a move correspondence;
 * the other kind is then disabled, and only an untimed game leaves the
 * choice of kind. The server refuses a kind that contradicts the clock.
 */
export function kindFollowsTime(time, kind) {
  const sync = () => {
    const want = controlKind(time.value);
    for (const o of kind.options) o.disabled = want !== '' && o.value !== want;
    if (want) kind.value = want;
  };
  time.addEventListener('change', sync);
  sync();
}
