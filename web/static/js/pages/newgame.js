// The new-game dialog: game and options, opponent (AI level, a friend by
// invite link, or two people on this device), colour, and whether the
// game is private (unlisted, watched by link only). Games, options,
// colour names and levels come from the server's catalog.

import { h } from '../dom.js';
import { t, pick, errorText } from '../i18n.js';
import { names, info, title, colour, levels, aiName, start } from '../games.js';
import { createGame, saveSeat } from '../api.js';
import { create as createOnDevice } from '../device.js';
import { CONTROLS, controlLabel, ratedNeedsTime } from '../clock.js';

const options = (game) => info(game)?.options || [];

function radios(name, values, checked, label) {
  return h('fieldset', {}, [
    h('legend', {}, label),
    ...values.map(([v, text]) => h('label', { class: 'radio' }, [
      h('input', { type: 'radio', name, value: v, checked: v === checked }), ' ', text,
    ])),
  ]);
}

/** gameId builds a game id from the form, leaving out default options. */
export function gameId(form, game) {
  const opts = options(game).map((o) => [o, form.elements['opt-' + o.name].value]).filter(([o, v]) => v !== o.default);
  return game + (opts.length ? ':' + opts.map(([o, v]) => o.name + '=' + v).join(',') : '');
}

/** optionFields are the selects of a game's options (opt-<name>), at their defaults. */
export function optionFields(game) {
  return options(game).map((o) => h('label', { class: 'field' }, [
    pick(o.label), ' ',
    h('select', { name: 'opt-' + o.name }, o.values.map((v) => h('option', { value: v, selected: v === o.default }, pick(o.labels[v])))),
  ]));
}

/** levelAbout says what a level does in a game, from the catalog; '' when it does not say. */
const levelAbout = (game, n) => pick(info(game)?.levelAbout?.[n - levels().min]);

/** levelRating is a level's place on the players' rating scale for a game id (options included), from the catalog. */
const levelRating = (id, n) => info(id.split(':')[0])?.levelRatings?.[id]?.[n - levels().min];

/** levelSelect offers the AI's levels, each named by what it does in the game and where it stands among players. */
function levelSelect(game, id = game) {
  const l = levels();
  const out = [];
  for (let n = l.min; n <= l.max; n++) {
    const about = levelAbout(game, n);
    const name = about ? about.split(/ ?:/)[0] : '';
    const r = levelRating(id, n);
    const text = r ? t('ratings.levelAbout', name || String(n), r) : name;
    out.push(h('option', { value: n, selected: n === l.default }, text ? `${n} — ${text}` : String(n)));
  }
  return h('select', { name: 'level', id: 'ng-level', 'aria-label': t('aiLevel2'), 'aria-describedby': 'level-about' }, out);
}

/**
 * startGame creates the game req describes (docs/api.md's create
 * request) and goes to its page; onDevice keeps a game against the AI in
 * this browser instead, played by the engine here (device.js). It throws
 * the server's refusal.
 */
export async function startGame(req, onDevice = false) {
  if (onDevice) {
    const me = req.seats.findIndex((s) => s.kind === 'human');
    const ai = req.seats[1 - me];
    // No server: the game starts from the catalog's start position of its options.
    location.hash = '#/game/' + createOnDevice(req.game, me, ai.level, start(req.game));
    return;
  }
  const res = await createGame(req);
  for (const seat of res.seats) if (seat.token) saveSeat(res.id, seat.player, seat.token);
  if (res.invite) localStorage.setItem('plateau:invite:' + res.id, res.inviteURL || res.invite);
  location.hash = '#/game/' + res.id;
}

/** newGameDialog opens the dialog for a game. */
export function newGameDialog(game) {
  document.querySelector('dialog.newgame')?.remove();
  const opts = h('div', { class: 'opts' }, optionFields(game));
  const colours = h('div', {});
  const setColours = (g) => colours.replaceChildren(radios('colour', [
    ['0', t('colour.first', colour(g, 0))], ['1', t('colour.second', colour(g, 1))], ['random', t('colour.random')],
  ], '0', t('colour')));
  setColours(game);
  const select = h('select', { name: 'game', id: 'ng-game' }, names().map((g) => h('option', { value: g, selected: g === game }, title(g))));
  let level = levelSelect(game);
  const about = h('small', { class: 'note', id: 'level-about' });
  const showAbout = () => { about.textContent = levelAbout(select.value, +level.value); };
  const setLevels = (g) => {
    const fresh = levelSelect(g, gameId(form, g));
    fresh.value = level.value;
    fresh.addEventListener('change', showAbout);
    level.replaceWith(fresh);
    level = fresh;
    showAbout();
  };
  level.addEventListener('change', showAbout);
  showAbout();
  select.addEventListener('change', () => { opts.replaceChildren(...optionFields(select.value)); setColours(select.value); setLevels(select.value); });
  opts.addEventListener('change', () => setLevels(select.value));
  // A rated game is one between two people on their own devices: the
  // choice is offered with the invite link only.
  const rated = h('input', { type: 'checkbox', name: 'rated', id: 'ng-rated', disabled: true });
  const ratedField = h('label', { class: 'radio rated-choice', for: 'ng-rated' }, [rated, ' ', t('ratings.rated')]);
  const err = h('p', { class: 'error', role: 'alert' });
  // The levels' descriptions say what the AI does; a server without them
  // at least names its AI.
  const aiNote = h('small', { class: 'note', id: 'ai-note' }, aiName() && !info(game)?.levelAbout ? t('aiIs', aiName()) : '');
  const form = h('form', { method: 'dialog' }, [
    h('h2', {}, t('newGame')),
    h('label', { class: 'field', for: 'ng-game' }, t('game')), select, opts,
    h('fieldset', {}, [
      h('legend', {}, t('opponent')),
      h('label', { class: 'radio' }, [h('input', { type: 'radio', name: 'opp', value: 'ai', checked: true }), ' ', t('opp.ai'), ' ', level]), about, aiNote,
      h('label', { class: 'check on-device', title: t('device.onDeviceAbout') }, [h('input', { type: 'checkbox', name: 'device', id: 'ng-device' }), ' ', t('device.onDevice')]),
      h('label', { class: 'radio' }, [h('input', { type: 'radio', name: 'opp', value: 'friend' }), ' ', t('opp.friend')]), ratedField,
      h('label', { class: 'radio' }, [h('input', { type: 'radio', name: 'opp', value: 'local' }), ' ', t('opp.local')]),
    ]),
    h('label', { class: 'field', for: 'ng-time' }, t('clock.time')),
    h('select', { name: 'time', id: 'ng-time' }, CONTROLS.map((c) => h('option', { value: c }, controlLabel(c)))),
    colours,
    h('label', { class: 'checkbox' }, [h('input', { type: 'checkbox', name: 'private', id: 'ng-private' }), ' ', t('seats.private')]),
    err,
    h('div', { class: 'actions' }, [
      h('button', { type: 'submit', class: 'primary', value: 'create' }, t('start')),
      h('button', { type: 'button', onclick: () => dlg.close() }, t('cancel')),
    ]),
  ]);
  // Offline, a game on the server cannot start: the dialog offers the
  // one that can, against the engine on this device.
  if (!navigator.onLine) form.elements.device.checked = true;
  const dlg = h('dialog', { class: 'newgame', 'aria-label': t('newGame') }, form);
  ratedNeedsTime(rated, form.elements.time);
  form.addEventListener('change', () => {
    rated.disabled = form.elements.opp.value !== 'friend';
    if (rated.disabled) rated.checked = false;
  });
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
    if (f.time.value !== 'untimed') req.timeControl = f.time.value;
    if (opp === 'friend' && f.rated.checked) req.rated = true;
    if (f.private.checked) req.private = true;
    try {
      await startGame(req, opp === 'ai' && f.device.checked);
      dlg.close();
    } catch (ex) {
      err.textContent = t('createFailed', errorText(ex));
    }
  });
  dlg.addEventListener('close', () => {
    dlg.remove();
    // The button that opened the dialog is gone with the page it was on:
    // the keyboard's focus goes to the new page, not to the body.
    if (!document.activeElement || document.activeElement === document.body) document.getElementById('main')?.focus();
    if (location.hash.startsWith('#/new/')) history.replaceState(null, '', '#/');
  });
  document.body.append(dlg);
  dlg.showModal();
  select.focus();
}
