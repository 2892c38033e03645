// The new-game dialog: game and options, opponent (AI level, a friend by
// invite link, or two people on this device) and colour.

import { h } from '../dom.js';
import { t } from '../i18n.js';
import { ORDER } from '../games.js';
import { catalog, createGame, saveSeat } from '../api.js';

const OPTIONS = {
  oxford: [{ name: 'variant', values: ['standard', 'beginner'] }],
  abraxas: [{ name: 'board', values: ['1', '2', '3', '4', '5', '6'] }, { name: 'push', values: ['ccw', 'free'] }],
};

function radios(name, values, checked, label) {
  return h('fieldset', {}, [
    h('legend', {}, label),
    ...values.map(([v, text]) => h('label', { class: 'radio' }, [
      h('input', { type: 'radio', name, value: v, checked: v === checked }), ' ', text,
    ])),
  ]);
}

/** gameId builds a game id from the form, leaving out default options. */
function gameId(form, game) {
  const opts = (OPTIONS[game] || []).map((o) => [o.name, form.elements['opt-' + o.name].value])
    .filter(([k, v]) => v !== OPTIONS[game].find((o) => o.name === k).values[0]);
  return game + (opts.length ? ':' + opts.map(([k, v]) => k + '=' + v).join(',') : '');
}

function optionFields(game) {
  return (OPTIONS[game] || []).map((o) => h('label', { class: 'field' }, [
    t('opt.' + game + '.' + o.name), ' ',
    h('select', { name: 'opt-' + o.name }, o.values.map((v) => h('option', { value: v }, t('opt.' + game + '.' + o.name + '.' + v)))),
  ]));
}

/** newGameDialog opens the dialog for a game. */
export function newGameDialog(game) {
  document.querySelector('dialog.newgame')?.remove();
  const opts = h('div', { class: 'opts' }, optionFields(game));
  const colours = h('div', {});
  const setColours = (g) => colours.replaceChildren(radios('colour', [
    ['0', t('colour.first', t(g + '.p0'))], ['1', t('colour.second', t(g + '.p1'))], ['random', t('colour.random')],
  ], '0', t('colour')));
  setColours(game);
  const select = h('select', { name: 'game', id: 'ng-game' }, ORDER.map((g) => h('option', { value: g, selected: g === game }, t(g + '.title'))));
  select.addEventListener('change', () => { opts.replaceChildren(...optionFields(select.value)); setColours(select.value); });
  const level = h('select', { name: 'level', 'aria-label': t('aiLevel') }, [1, 2, 3, 4, 5, 6, 7, 8].map((n) => h('option', { value: n, selected: n === 3 }, String(n))));
  const err = h('p', { class: 'error', role: 'alert' });
  const aiNote = h('small', { class: 'note', id: 'ai-note' });
  catalog().then((c) => { if (c && c.ai) aiNote.textContent = t('aiIs', c.ai); }).catch(() => {});
  const form = h('form', { method: 'dialog' }, [
    h('h2', {}, t('newGame')),
    h('label', { class: 'field', for: 'ng-game' }, t('game')), select, opts,
    h('fieldset', {}, [
      h('legend', {}, t('opponent')),
      h('label', { class: 'radio' }, [h('input', { type: 'radio', name: 'opp', value: 'ai', checked: true }), ' ', t('opp.ai'), ' ', level]), aiNote,
      h('label', { class: 'radio' }, [h('input', { type: 'radio', name: 'opp', value: 'friend' }), ' ', t('opp.friend')]),
      h('label', { class: 'radio' }, [h('input', { type: 'radio', name: 'opp', value: 'local' }), ' ', t('opp.local')]),
    ]),
    colours, err,
    h('div', { class: 'actions' }, [
      h('button', { type: 'submit', class: 'primary', value: 'create' }, t('start')),
      h('button', { type: 'button', onclick: () => dlg.close() }, t('cancel')),
    ]),
  ]);
  const dlg = h('dialog', { class: 'newgame', 'aria-label': t('newGame') }, form);
  form.addEventListener('submit', async (e) => {
    e.preventDefault();
    const f = form.elements;
    const g = select.value;
    let me = f.colour.value === 'random' ? Math.floor(Math.random() * 2) : +f.colour.value;
    const opp = f.opp.value;
    const seats = [{ kind: 'human' }, { kind: 'human' }];
    if (opp === 'ai') seats[1 - me] = { kind: 'ai', level: +f.level.value };
    const req = { game: gameId(form, g), seats };
    if (opp === 'local') req.local = true; else req.me = me;
    try {
      const res = await createGame(req);
      for (const seat of res.seats) if (seat.token) saveSeat(res.id, seat.player, seat.token);
      if (res.invite) localStorage.setItem('plateau:invite:' + res.id, res.inviteURL || res.invite);
      dlg.close();
      location.hash = '#/game/' + res.id;
    } catch (ex) {
      err.textContent = t('createFailed', ex.message);
    }
  });
  dlg.addEventListener('close', () => {
    dlg.remove();
    if (location.hash.startsWith('#/new/')) history.replaceState(null, '', '#/');
  });
  document.body.append(dlg);
  dlg.showModal();
  select.focus();
}
