// The account page (issue #13): a guest names itself, signs up (password
// or passkey) or signs in; an account changes its name and password,
// manages its passkeys, logs out or deletes itself. Loaded when first
// shown (main.js). Names are shown only as text.

import { h, clear } from '../dom.js';
import { t, lang, errorText } from '../i18n.js';
import * as player from '../player.js';
import * as passkey from '../passkey.js';

// field is a labelled input with a help line.
function field(id, label, attrs, help) {
  return h('div', { class: 'acct-field' }, [
    h('label', { class: 'field', for: id }, label),
    h('input', { id, name: id, ...attrs, 'aria-describedby': help ? id + '-help' : undefined }),
    help ? h('small', { id: id + '-help', class: 'help' }, help) : null,
  ]);
}

// form builds a section's form: submit runs fn, and its outcome (or
// error) is announced in the form's status line.
function form(id, title, lead, kids, fn) {
  const status = h('p', { class: 'acct-status', role: 'status', 'aria-live': 'polite' });
  const f = h('form', { id, class: 'acct-card', novalidate: true }, [h('h2', {}, title), lead ? h('p', {}, lead) : null, ...kids, status]);
  f.addEventListener('submit', async (ev) => {
    ev.preventDefault();
    await run(status, () => fn(f));
  });
  return f;
}

// run calls fn, showing its message or its error in status.
async function run(status, fn) {
  status.classList.remove('error');
  status.textContent = '';
  try {
    const msg = await fn();
    if (msg) status.textContent = msg;
  } catch (e) {
    status.classList.add('error');
    status.textContent = e instanceof DOMException ? t('players.passkeyCancelled') : errorText(e);
  }
}

const value = (f, name) => f.elements[name].value;

// done records the new player and shows the page again for it.
function done(main, p, msg) {
  player.setMe(p);
  account(main, msg);
  return '';
}

function nameForm(main, p) {
  return form('acct-name', t('players.displayName'), null, [
    field('display-name', t('players.displayName'), { value: p.name, maxlength: 64, autocomplete: 'nickname' }, t('players.displayHelp')),
    h('div', { class: 'actions' }, h('button', { type: 'submit', class: 'primary' }, t('players.saveName'))),
  ], async (f) => { player.setMe(await player.rename(value(f, 'display-name'))); return t('players.nameSaved'); });
}

// passkeyNote says why the passkey buttons are missing on a page opened
// by an IP address, and where they work; nothing elsewhere.
function passkeyNote() {
  if (!passkey.onAddress()) return null;
  const url = passkey.nameURL();
  return h('p', { class: 'note', id: 'passkey-note' }, url
    ? [t('players.passkeyOnAddress') + ' ', h('a', { href: url }, url)]
    : t('players.passkeyOnAddressOther'));
}

function signUpForm(main) {
  const usePasskey = h('button', { type: 'button', id: 'signup-passkey', hidden: !passkey.available() }, t('players.withPasskey'));
  const f = form('acct-signup', t('players.signUp'), t('players.signUpLead'), [
    field('signup-username', t('players.username'), { autocomplete: 'username', maxlength: 64, required: true }, t('players.usernameHelp')),
    field('signup-password', t('players.password'), { type: 'password', autocomplete: 'new-password', maxlength: 256 }, t('players.passwordHelp')),
    h('div', { class: 'actions' }, [h('button', { type: 'submit', class: 'primary' }, t('players.createAccount')), usePasskey]),
  ], async (fm) => {
    const p = await player.signUp(value(fm, 'signup-username'), value(fm, 'signup-password'));
    return done(main, p, t('players.signedUp', p.username));
  });
  usePasskey.addEventListener('click', () => run(f.querySelector('.acct-status'), async () => {
    const p = await passkey.register(value(f, 'signup-username'), t('players.defaultPasskey'));
    return done(main, p, t('players.signedUp', p.username));
  }));
  return f;
}

function signInForm(main) {
  const withPasskey = h('button', { type: 'button', id: 'signin-passkey', hidden: !passkey.available() }, t('players.signInPasskey'));
  const f = form('acct-signin', t('players.signIn'), t('players.signInLead'), [
    field('signin-username', t('players.username'), { autocomplete: 'username webauthn', maxlength: 64 }),
    field('signin-password', t('players.password'), { type: 'password', autocomplete: 'current-password', maxlength: 256 }),
    h('div', { class: 'actions' }, [h('button', { type: 'submit', class: 'primary' }, t('players.signInButton')), withPasskey]),
  ], async (fm) => {
    const p = await player.logIn(value(fm, 'signin-username'), value(fm, 'signin-password'));
    return done(main, p, t('players.signedIn', p.username));
  });
  withPasskey.addEventListener('click', () => run(f.querySelector('.acct-status'), async () => {
    const p = await passkey.logIn();
    return done(main, p, t('players.signedIn', p.username));
  }));
  return f;
}

function passwordForm(p) {
  return form('acct-password', p.password ? t('players.changePassword') : t('players.setPassword'), null, [
    p.password ? field('old-password', t('players.oldPassword'), { type: 'password', autocomplete: 'current-password', maxlength: 256 }) : null,
    field('new-password', t('players.newPassword'), { type: 'password', autocomplete: 'new-password', maxlength: 256 }, t('players.passwordHelp')),
    h('div', { class: 'actions' }, h('button', { type: 'submit', class: 'primary' }, p.password ? t('players.changePassword') : t('players.setPassword'))),
  ], async (f) => {
    player.setMe(await player.changePassword(p.password ? value(f, 'old-password') : '', value(f, 'new-password')));
    f.reset();
    return t('players.passwordChanged');
  });
}

// passkeyItem is one passkey of the list, with its remove button.
function passkeyItem(k, status, reload) {
  const when = new Date(k.created).toLocaleDateString(lang());
  const remove = h('button', { type: 'button', 'aria-label': t('players.removeNamed', k.name) }, t('players.removePasskey'));
  remove.addEventListener('click', () => run(status, async () => { await player.removePasskey(k.id); await reload(); }));
  return h('li', { class: 'passkey' }, [h('span', { class: 'pk-name' }, k.name), ' ', h('small', {}, t('players.created', when)), ' ', remove]);
}

function passkeysForm() {
  const list = h('ul', { class: 'passkeys', id: 'passkey-list' }, h('li', {}, t('loading')));
  const f = form('acct-passkeys', t('players.passkeys'), passkey.available() ? null : t('players.noWebAuthn'), [
    list,
    passkey.available() ? field('passkey-name', t('players.passkeyName'), { maxlength: 64 }) : null,
    passkey.available() ? h('div', { class: 'actions' }, h('button', { type: 'submit' }, t('players.addPasskey'))) : null,
  ], async (fm) => {
    await passkey.register('', value(fm, 'passkey-name') || t('players.defaultPasskey'));
    fm.reset();
    await reload();
    return t('players.passkeyAdded');
  });
  const status = f.querySelector('.acct-status');
  async function reload() {
    const keys = await player.passkeys();
    clear(list, keys.length ? keys.map((k) => passkeyItem(k, status, reload)) : h('li', {}, t('players.noPasskeys')));
  }
  run(status, reload);
  return f;
}

function logOutForm(main) {
  return form('acct-logout', t('players.logOut'), null, [
    h('div', { class: 'actions' }, h('button', { type: 'submit' }, t('players.logOut'))),
  ], async () => done(main, await player.logOut(), t('players.loggedOut')));
}

function deleteForm(main, p) {
  const f = form('acct-delete', t('players.deleteAccount'), t('players.deleteLead'), [
    field('delete-confirm', t('players.deleteConfirm'), { autocomplete: 'off', maxlength: 64, placeholder: p.username }),
    h('div', { class: 'actions' }, h('button', { type: 'submit', class: 'danger' }, t('players.deleteButton'))),
  ], async (fm) => done(main, await player.deleteAccount(value(fm, 'delete-confirm')), t('players.deleted')));
  return h('details', { class: 'acct-danger' }, [h('summary', {}, t('players.deleteAccount')), f]);
}

/** account shows the account page; msg, when given, is announced at its top. */
export async function account(main, msg) {
  document.title = t('players.title') + ' — Plateau';
  let p;
  try {
    p = await player.me();
  } catch (e) {
    clear(main, h('h1', {}, t('players.title')), h('p', { class: 'error' }, errorText(e)));
    return;
  }
  const lead = p.guest ? t('players.guestLead') : t('players.accountLead', p.username);
  const sections = p.guest
    ? [nameForm(main, p), passkeyNote(), signUpForm(main), signInForm(main)]
    : [nameForm(main, p), passwordForm(p), passkeysForm(), logOutForm(main), deleteForm(main, p)];
  clear(main,
    h('h1', {}, t('players.title')),
    h('p', { class: 'lead', id: 'acct-lead' }, [lead, ' ', h('a', { href: '#/settings', id: 'settings-link' }, t('settings.link'))]),
    msg ? h('p', { class: 'acct-done', role: 'status', id: 'acct-done' }, msg) : null,
    h('div', { class: 'acct-grid' }, sections),
    h('p', {}, h('a', { href: '#/safety', id: 'safety-link' }, t('safety.title'))));
}
