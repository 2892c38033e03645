// "Your turn", noticed: while a game page is open, a turn that comes to
// this browser's seat when the page is hidden or not focused changes the
// tab's title to "(1) Your turn", plays a short sound, and (when the tab
// is hidden and the player allowed it) shows a notification. Each can be
// switched off; the choices are kept in localStorage. Other channels (Web
// Push, e-mail) hook in with onTurn, which hears every turn that comes.

import { h } from './dom.js';
import { t } from './i18n.js';
import * as sound from './sound.js';

const KEY = 'plateau:turn:';

/** on tells whether a notice ('title', 'sound' or 'notify') is switched on; title and sound are on until turned off, notify off until turned on. */
export const on = (what) => localStorage.getItem(KEY + what) === 'on' ||
  (what !== 'notify' && localStorage.getItem(KEY + what) !== 'off');

/** setOn switches a notice on or off and remembers it. */
export function setOn(what, yes) {
  localStorage.setItem(KEY + what, yes ? 'on' : 'off');
}

const listeners = new Set();

/** onTurn calls fn({id, view, title}) each time a turn comes to this browser's seat; it returns a function that stops it. */
export function onTurn(fn) {
  listeners.add(fn);
  return () => listeners.delete(fn);
}

let base = null;    // the title to restore
let pending = false; // the title shows "(1) Your turn"

const away = () => document.hidden || !document.hasFocus();

/** restore gives the page its title back once the player looks. */
function restore() {
  if (!pending || away()) return;
  pending = false;
  document.title = base;
}

document.addEventListener('visibilitychange', restore);
window.addEventListener('focus', restore);

/**
 * Turns follows one game page: yours(v) is told of each view, with
 * whether it is this browser's turn; a turn that was not, and now is,
 * is noticed. Spectators and two people at one device notice nothing.
 */
export class Turns {
  constructor(id) {
    this.id = id;
    this.was = null;
  }

  see(view, mine, label) {
    if (this.was === false && mine) notice(this.id, view, label);
    this.was = mine;
    if (!mine && pending) { pending = false; document.title = base; }
  }

  /** leave restores the title when the page goes. */
  leave() {
    if (pending) document.title = base;
    pending = false;
  }
}

function notice(id, view, label) {
  for (const fn of listeners) {
    try { fn({ id, view, title: label }); } catch (e) { console.warn('plateau: turn listener', e); }
  }
  if (!away()) return;
  if (on('title')) {
    if (!pending) base = document.title;
    pending = true;
    document.title = '(1) ' + t('turn.yourTurn') + ' — ' + base;
  }
  if (on('sound')) sound.play('turn');
  if (on('notify') && document.hidden && window.Notification?.permission === 'granted') {
    try {
      const n = new Notification(t('turn.notifyTitle', label), { tag: 'plateau-turn-' + id, body: t('turn.yourTurn') });
      n.onclick = () => { window.focus(); n.close(); };
    } catch {
      // Some browsers allow notifications only from a service worker.
    }
  }
}

/** switches is the block of the game page where each notice is turned on or off. */
export function switches() {
  const box = (what, label) => {
    const input = h('input', { type: 'checkbox', id: 'turn-' + what, checked: on(what) });
    input.addEventListener('change', () => {
      setOn(what, input.checked);
      if (what === 'notify' && input.checked) ask(input);
    });
    return h('label', { class: 'radio' }, [input, ' ', label]);
  };
  const note = h('small', { class: 'note', id: 'turn-note' });
  const el = h('fieldset', { class: 'turn-switches' }, [
    h('legend', {}, t('turn.alerts')),
    box('title', t('turn.title')), box('sound', t('turn.sound')), box('notify', t('turn.notify')), note,
  ]);
  // Permission is asked only here, on the player's own click: a page may
  // not ask on its own, and should not.
  async function ask(input) {
    if (!window.Notification) { note.textContent = t('turn.denied'); return; }
    const p = Notification.permission === 'default' ? await Notification.requestPermission() : Notification.permission;
    if (p !== 'granted') {
      note.textContent = t('turn.denied');
      input.checked = false;
      setOn('notify', false);
    }
  }
  return el;
}
