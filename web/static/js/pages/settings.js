// The settings page (#/settings, issue 30, point 14): what follows the
// player to every browser. Each change is saved at once.

import { h, clear } from '../dom.js';
import { t, errorText } from '../i18n.js';
import * as settings from '../settings.js';

/** choice is a labelled select of values, each with its words. */
function choice(id, label, value, values) {
  return h('label', { for: id }, [label, ' ',
    h('select', { id, name: id }, values.map((v) => h('option', { value: v, selected: v === value }, t('settings.' + id + '.' + v))))]);
}

/** check is a labelled checkbox. */
const check = (id, label, on) => h('label', { class: 'check' }, [h('input', { type: 'checkbox', id, name: id, checked: on }), ' ', label]);

/** settingsPage shows the settings form. */
export async function settingsPage(main) {
  const s = await settings.load();
  const status = h('p', { class: 'acct-status', id: 'settings-status', role: 'status', 'aria-live': 'polite' });
  const form = h('form', { class: 'settings-form acct-card', id: 'settings-form' }, [
    h('fieldset', {}, [h('legend', {}, t('settings.moves')),
      choice('confirm', t('settings.confirm'), s.confirm, ['off', 'correspondence', 'always']), check('premove', t('settings.premove'), s.premove)]),
    h('fieldset', {}, [h('legend', {}, t('settings.board')),
      check('flip', t('settings.flip'), s.flip), check('coordinates', t('settings.coordinates'), s.coordinates),
      choice('animation', t('settings.animation'), s.animation, ['off', 'fast', 'normal', 'slow']),
      check('zen', t('settings.zen'), s.zen)]),
    h('fieldset', {}, [h('legend', {}, t('settings.sound')),
      h('label', { for: 'volume' }, [t('settings.volume'), ' ', h('input', { type: 'range', id: 'volume', name: 'volume', min: 0, max: 100, step: 5, value: s.volume })])]),
    status,
  ]);
  form.addEventListener('change', async () => {
    const f = form.elements;
    const v = { confirm: f.confirm.value, premove: f.premove.checked, flip: f.flip.checked, coordinates: f.coordinates.checked, animation: f.animation.value, zen: f.zen.checked, volume: +f.volume.value };
    status.classList.remove('error');
    try {
      await settings.save(v);
      status.textContent = t('settings.saved');
    } catch (e) {
      status.classList.add('error');
      status.textContent = errorText(e);
    }
  });
  form.addEventListener('submit', (e) => e.preventDefault());
  document.title = t('settings.title') + ' — Plateau';
  clear(main, h('h1', {}, t('settings.title')), h('p', { class: 'note' }, t('settings.lead')), form);
}
