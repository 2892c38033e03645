// The notifications settings page (#/settings/notifications): Web Push in
// this browser (subscribed on a click, as browsers require), an e-mail
// digest with its period, and a webhook, each switched on or off. The
// service worker (/sw.js) shows the pushes and opens the game.

import { h, s as svg, clear } from '../dom.js';
import { t, lang, errorText } from '../i18n.js';
import { ApiError } from '../api.js';

const PERIODS = [1, 6, 12, 24, 168];

/** notifyLink is the header's bell, which leads to this page. */
export function notifyLink() {
  return h('a', { href: '#/settings/notifications', class: 'nav-notify', title: t('notify.nav'), 'aria-label': t('notify.nav') },
    svg('svg', { viewBox: '0 0 24 24', width: 20, height: 20, 'aria-hidden': 'true', focusable: 'false' },
      svg('path', { fill: 'currentColor', d: 'M12 22a2.4 2.4 0 0 0 2.4-2.2H9.6A2.4 2.4 0 0 0 12 22zm7-5.5V11a7 7 0 0 0-5.6-6.9V3a1.4 1.4 0 0 0-2.8 0v1.1A7 7 0 0 0 5 11v5.5L3 18.6V20h18v-1.4z' })));
}

async function call(method, path, body) {
  const res = await fetch(path, {
    method, headers: body ? { 'Content-Type': 'application/json' } : {}, body: body ? JSON.stringify(body) : undefined,
  }).catch((e) => { throw new ApiError(0, e.message); });
  const data = await res.json().catch(() => null);
  if (!res.ok) throw new ApiError(res.status, data?.error || res.statusText, data?.code || '', data?.text || null);
  return data;
}

const pushable = () => 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window && window.isSecureContext;

/** b64 turns a base64url key into the bytes PushManager.subscribe takes. */
function b64(s) {
  const raw = atob(s.replace(/-/g, '+').replace(/_/g, '/') + '='.repeat((4 - (s.length % 4)) % 4));
  return Uint8Array.from(raw, (c) => c.charCodeAt(0));
}

async function currentSubscription() {
  if (!pushable()) return null;
  const reg = await navigator.serviceWorker.getRegistration('/');
  return reg ? reg.pushManager.getSubscription() : null;
}

/** subscribe asks the browser for a push subscription (on a click) and gives it to the server. */
async function subscribe(key) {
  if (await Notification.requestPermission() !== 'granted') throw new Error(t('notify.pushDenied'));
  const reg = await navigator.serviceWorker.register('/sw.js', { scope: '/' });
  await navigator.serviceWorker.ready;
  const sub = await reg.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: b64(key) });
  await call('POST', '/api/notify/subscribe', sub.toJSON());
}

async function unsubscribe() {
  const sub = await currentSubscription();
  if (!sub) return;
  await call('POST', '/api/notify/unsubscribe', { endpoint: sub.endpoint });
  await sub.unsubscribe();
}

function check(id, label, on, disabled = false) {
  return h('label', { class: 'radio' }, [h('input', { type: 'checkbox', id, checked: on, disabled }), ' ', label]);
}

function pushSection(s, status, redraw) {
  const here = h('p', { id: 'push-here' }, t('notify.pushNot'));
  const button = h('button', { type: 'button', id: 'push-button' }, t('notify.pushHere'));
  const section = h('fieldset', { class: 'notify-channel' }, [
    h('legend', {}, t('notify.push')), check('push-on', t('notify.pushOn'), s.push),
    here, h('p', { class: 'notify-help', id: 'push-count' }, t('notify.browsers', s.browsers)), button,
  ]);
  if (!pushable()) {
    here.textContent = t('notify.pushUnsupported');
    button.hidden = true;
    return section;
  }
  if (Notification.permission === 'denied') here.textContent = t('notify.pushDenied');
  currentSubscription().then((sub) => {
    if (!sub) return;
    here.textContent = t('notify.pushSubscribed');
    button.textContent = t('notify.pushOffHere');
    button.dataset.on = '1';
  });
  button.addEventListener('click', async () => {
    button.disabled = true;
    try {
      if (button.dataset.on) await unsubscribe(); else await subscribe(s.vapid_key);
      redraw();
    } catch (e) {
      status(e, true);
      button.disabled = false;
    }
  });
  return section;
}

function emailSection(s) {
  const off = !s.mail_available;
  return h('fieldset', { class: 'notify-channel' }, [
    h('legend', {}, t('notify.email')),
    off ? h('p', { class: 'notify-help' }, t('notify.noMail')) : null,
    check('email-on', t('notify.emailOn'), s.email_on, off),
    h('label', { class: 'field', for: 'email' }, t('notify.emailAddress')),
    h('input', { type: 'email', id: 'email', value: s.email, autocomplete: 'email', maxlength: 254, disabled: off }),
    h('label', { class: 'field', for: 'email-hours' }, t('notify.emailPeriod')),
    h('select', { id: 'email-hours', disabled: off }, PERIODS.map((p) => h('option', { value: p, selected: p === s.email_hours }, t('notify.hours.' + p)))),
    h('p', { class: 'notify-help' }, t('notify.emailHelp')),
  ]);
}

function webhookSection(s) {
  return h('fieldset', { class: 'notify-channel' }, [
    h('legend', {}, t('notify.webhook')),
    check('webhook-on', t('notify.webhookOn'), s.webhook_on),
    h('label', { class: 'field', for: 'webhook' }, t('notify.webhookURL')),
    h('input', { type: 'url', id: 'webhook', value: s.webhook, maxlength: 2048, placeholder: 'https://discord.com/api/webhooks/…' }),
    h('p', { class: 'notify-help' }, t('notify.webhookHelp')),
  ]);
}

/** kindsSection switches the notices of a kind on and off, on every channel. */
function kindsSection(s) {
  return h('fieldset', { class: 'notify-channel' }, [
    h('legend', {}, t('notify.kinds')),
    check('challenges-on', t('notify.challengesOn'), !s.challenges_off),
  ]);
}

/** read gathers the form into the settings the server takes. */
function read(form) {
  const v = (id) => form.querySelector('#' + id);
  return {
    lang: lang(), push: v('push-on').checked, email: v('email').value.trim(), email_on: v('email-on').checked,
    email_hours: +v('email-hours').value, webhook: v('webhook').value.trim(), webhook_on: v('webhook-on').checked,
    challenges_off: !v('challenges-on').checked,
  };
}

export async function notifySettings(main) {
  document.title = t('notify.title') + ' — Plateau';
  const draw = async () => {
    let s;
    try {
      s = await call('GET', '/api/notify/settings');
    } catch (e) {
      clear(main, h('h1', {}, t('notify.title')), h('p', { class: 'error', role: 'alert' }, t('notify.noPlayer', errorText(e))));
      return;
    }
    const out = h('p', { id: 'notify-status', role: 'status', 'aria-live': 'polite' });
    const status = (e, bad) => { out.textContent = bad ? errorText(e) : e; out.className = bad ? 'error' : ''; };
    const form = h('form', { class: 'notify-form', novalidate: true }, [
      pushSection(s, status, draw), emailSection(s), webhookSection(s), kindsSection(s),
      h('button', { type: 'submit', class: 'primary', id: 'notify-save' }, t('notify.save')), out,
    ]);
    form.addEventListener('submit', async (ev) => {
      ev.preventDefault();
      try {
        await call('POST', '/api/notify/settings', read(form));
        status(t('notify.saved'), false);
      } catch (e) {
        status(e, true);
      }
    });
    clear(main, h('h1', {}, t('notify.title')), h('p', {}, t('notify.intro')), form, h('p', { class: 'notify-help' }, t('notify.privacy')));
  };
  await draw();
}
