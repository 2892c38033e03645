// Conditional moves (issue 30, point 13; docs/premoves.md): on the page
// of a correspondence game, the waiting player plans lines, one a row:
// the opponent's move, the reply, then more pairs. The server checks
// them, keeps them private to this seat and plays the reply when the
// opponent's move matches.

import { h, clear } from './dom.js';
import { t, errorText } from './i18n.js';
import { call } from './api.js';

/** parseLines reads the form's text: one line a row, moves separated by spaces. */
export function parseLines(text) {
  return text.split('\n').map((l) => l.trim().split(/\s+/).filter(Boolean)).filter((l) => l.length);
}

/** conditionalPanel is the plan of game id's seat held here: {el, update(view, seat)}. */
export function conditionalPanel(id) {
  const path = `/api/games/${encodeURIComponent(id)}/conditional`;
  const list = h('ul', { class: 'plan-lines', id: 'plan-lines' });
  const area = h('textarea', { id: 'plan-input', name: 'lines', rows: 3, spellcheck: 'false', 'aria-describedby': 'plan-help' });
  const status = h('p', { class: 'note', id: 'plan-status', role: 'status' });
  const form = h('form', { class: 'plan-form' }, [
    h('label', { for: 'plan-input' }, t('plan.label')), area,
    h('small', { id: 'plan-help' }, t('plan.help')),
    h('span', { class: 'plan-buttons' }, [
      h('button', { type: 'submit', id: 'plan-save' }, t('plan.save')),
      h('button', { type: 'button', id: 'plan-delete', onclick: () => send('DELETE') }, t('plan.delete')),
    ]),
  ]);
  const el = h('section', { class: 'plan', id: 'plan', hidden: true }, [h('h2', { class: 'small' }, t('plan.title')), list, form, status]);
  let seen = -1;

  const show = (p) => {
    clear(list, p.lines.length ? p.lines.map((l) => h('li', {}, l.join(' '))) : [h('li', { class: 'note' }, t('plan.none'))]);
    area.value = p.lines.map((l) => l.join(' ')).join('\n');
  };
  async function send(method, body) {
    try {
      show(await call(method, path, body));
      status.textContent = method === 'GET' ? '' : t(method === 'DELETE' ? 'plan.deleted' : 'plan.saved');
      status.classList.remove('error');
    } catch (e) {
      status.textContent = e.code === 'malformed' ? t('plan.malformed') : errorText(e);
      status.classList.add('error');
    }
  }
  form.addEventListener('submit', (e) => {
    e.preventDefault();
    send('PUT', { lines: parseLines(area.value) });
  });
  return {
    el,
    /** update shows the panel while seat waits in a correspondence game, read again at each move. */
    update(v, seat) {
      el.hidden = v.result !== 'ongoing' || v.clock?.kind !== 'correspondence' || v.toAct === seat;
      if (el.hidden || seen === v.moves.length) return;
      seen = v.moves.length;
      send('GET');
    },
  };
}
