// Safety among strangers (docs/moderation.md): the Block and Report
// controls shown on a player's page, beside a chat line and on a game
// page. A blocked player is told only that the other is "not
// available"; a report keeps the game and the chat lines named.

import { h, clear } from './dom.js';
import { t, errorText } from './i18n.js';
import { call } from './api.js';

export const REASONS = ['abusive_chat', 'offensive_name', 'engine_assistance', 'stalling', 'sandbagging_boosting', 'other'];

let blockList = null; // the block list asked once for every control on a page

/** blocks returns the player's block list, asked once until it changes. */
export function blocks() {
  if (!blockList) {
    blockList = call('GET', '/api/blocks');
    blockList.catch(() => { blockList = null; });
  }
  return blockList;
}

/** setBlock blocks or unblocks a player. */
export function setBlock(player, blocked) {
  blockList = null;
  return call('POST', '/api/blocks', { player, blocked });
}
export const report = (req) => call('POST', '/api/reports', req);
export const myReports = () => call('GET', '/api/reports');
export const standing = () => call('GET', '/api/me/standing');

/**
 * safetyControls builds Block/Unblock and Report for player ({id, name});
 * game and line, when given, are kept with a report as its evidence.
 */
export function safetyControls(player, { game = '', line = 0, compact = false } = {}) {
  const msg = h('span', { class: 'safety-msg', role: 'status' });
  const box = h('span', { class: 'safety', 'data-player': player.id });
  let blocked = false;
  const blockBtn = h('button', { type: 'button', class: 'link block-player' }, t('safety.block'));
  const sync = () => { blockBtn.textContent = blocked ? t('safety.unblock') : t('safety.block'); };
  blocks().then((b) => { blocked = b.blocked.some((x) => x.player.id === player.id); sync(); }).catch(() => {});
  blockBtn.addEventListener('click', async () => {
    if (!blocked && !window.confirm(t('safety.blockConfirm', player.name || player.id))) return;
    try {
      await setBlock(player.id, !blocked);
      blocked = !blocked;
      sync();
      msg.textContent = blocked ? t('safety.blocked', player.name || player.id) : t('safety.unblocked', player.name || player.id);
    } catch (e) {
      msg.textContent = t('failed', errorText(e));
    }
  });
  const reportBtn = h('button', { type: 'button', class: 'link report-player' }, compact ? t('safety.reportShort') : t('safety.report'));
  reportBtn.addEventListener('click', () => {
    reportBtn.hidden = true;
    box.append(reportForm(player, game, line, (done) => { msg.textContent = done; reportBtn.hidden = false; }));
  });
  clear(box, blockBtn, ' ', reportBtn, ' ', msg);
  return box;
}

/** reportForm asks for a reason and a note, then files the report. */
function reportForm(player, game, line, done) {
  const reason = h('select', { class: 'report-reason', 'aria-label': t('safety.reason') },
    [h('option', { value: '' }, t('safety.chooseReason')), ...REASONS.map((r) => h('option', { value: r }, t('safety.reason.' + r)))]);
  const note = h('textarea', { class: 'report-note', maxlength: 1000, rows: 2, 'aria-label': t('safety.note'), placeholder: t('safety.note') });
  const err = h('span', { class: 'error', role: 'alert' });
  const form = h('form', { class: 'report-form' }, [reason, ' ', note, ' ',
    h('button', { type: 'submit', class: 'report-send' }, t('safety.send')), ' ',
    h('button', { type: 'button', class: 'link', onclick: () => { form.remove(); done(''); } }, t('safety.cancel')), ' ', err]);
  form.addEventListener('submit', async (e) => {
    e.preventDefault();
    if (!reason.value) { err.textContent = t('safety.chooseReason'); return; }
    try {
      const req = { player: player.id, reason: reason.value, note: note.value.trim() };
      if (game) req.game = game;
      if (line) req.lines = [line];
      await report(req);
      form.remove();
      done(t('safety.reported'));
    } catch (ex) {
      err.textContent = t('failed', errorText(ex));
    }
  });
  return form;
}
