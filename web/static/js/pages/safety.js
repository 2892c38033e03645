// The safety page (#/safety): the players one blocked, one's reports and
// their status, the moderators' warnings and sanctions in force, and the
// download of one's data; and the moderators' page (#/mod): the open
// reports by reason and age, a report's evidence, the reported player's
// history, and the actions, each logged with who and why.

import { h, clear } from '../dom.js';
import { t, errorText, lang } from '../i18n.js';
import { call } from '../api.js';
import { blocks, setBlock, myReports, standing } from '../safety.js';

const when = (s) => (s ? new Date(s).toLocaleString(lang()) : '');

/** safetyPage shows #/safety. */
export async function safetyPage(main) {
  document.title = t('safety.title') + ' — Plateau';
  let b, r, st;
  try {
    [b, r, st] = await Promise.all([blocks(), myReports(), standing()]);
  } catch (e) {
    clear(main, h('h1', {}, t('safety.title')), h('p', { class: 'error' }, errorText(e)));
    return;
  }
  const again = () => safetyPage(main);
  clear(main, h('h1', {}, t('safety.title')),
    standingSection(st, again),
    h('h2', {}, t('safety.blockList')),
    h('ul', { id: 'block-list' }, b.blocked.length ? b.blocked.map((x) => h('li', { 'data-player': x.player.id }, [
      h('a', { href: '#/player/' + encodeURIComponent(x.player.id) }, x.player.name || x.player.id), ' ',
      h('button', { type: 'button', class: 'link unblock', onclick: async () => { await setBlock(x.player.id, false); again(); } }, t('safety.unblock')),
    ])) : h('li', {}, t('safety.noBlocks'))),
    h('h2', {}, t('safety.myReports')),
    h('ul', { id: 'my-reports' }, r.reports.length ? r.reports.map((x) => h('li', { 'data-report': x.id, 'data-status': x.status }, [
      h('b', {}, x.player.name || x.player.id), ' — ', t('safety.reason.' + x.reason), ' — ', when(x.created), ' — ', t('safety.status.' + x.status),
    ])) : h('li', {}, t('safety.noReports'))),
    h('h2', {}, t('safety.data')), h('p', {}, t('safety.dataLead')),
    h('p', {}, h('a', { href: '/api/account/data', download: 'plateau-personal-data.json', class: 'button', id: 'download-data' }, t('safety.download'))));
}

function standingSection(st, again) {
  const out = [];
  if (st.warnings.length) {
    out.push(h('h2', {}, t('safety.warnings')), h('ul', { id: 'warnings' }, st.warnings.map((w) => h('li', {}, [when(w.at), ' — ', w.reason]))),
      h('button', { type: 'button', id: 'warnings-seen', onclick: async () => { await call('POST', '/api/me/standing/seen'); again(); } }, t('safety.warningSeen')));
  }
  if (st.chat_ban) out.push(h('p', { class: 'note', id: 'chat-ban' }, t('safety.chatBan', when(st.chat_ban))));
  if (st.playban) out.push(h('p', { class: 'note', id: 'playban' }, t('safety.playban', when(st.playban))));
  if (st.engine) out.push(h('p', { class: 'note', id: 'engine-mark' }, t('safety.engine')));
  return h('section', { class: 'standing' }, out);
}

const ACTIONS = ['dismiss', 'warn', 'chat_ban', 'mark_engine', 'rename', 'close'];

/** modPage shows #/mod: the server refuses it to anyone but moderators. */
export async function modPage(main) {
  document.title = t('mod.title') + ' — Plateau';
  let q, log;
  try {
    [q, log] = await Promise.all([call('GET', '/api/mod/queue'), call('GET', '/api/mod/log')]);
  } catch (e) {
    clear(main, h('h1', {}, t('mod.title')), h('p', { class: 'error', id: 'mod-refused' }, errorText(e)));
    return;
  }
  const again = () => modPage(main);
  // Only an administrator reads every moderator's log, closes accounts
  // and gives roles; the server refuses the rest to a moderator too.
  const admin = log.all;
  clear(main, h('h1', {}, t('mod.title')), h('h2', {}, t('mod.queue')),
    h('ol', { id: 'mod-queue' }, q.reports.length ? q.reports.map((r) => reportItem(r, again, admin)) : h('li', {}, t('mod.empty'))),
    admin ? roleForm() : null,
    h('h2', {}, t(admin ? 'mod.log' : 'mod.logOwn')),
    h('ol', { id: 'mod-log' }, log.actions.map((a) => h('li', {}, [when(a.at), ' — ', a.moderator?.name || '', ' — ',
      t('mod.act.' + a.action), ' — ', a.player, ' — ', a.reason]))));
}

function roleForm() {
  const player = h('input', { class: 'mod-role-player', maxlength: 200, 'aria-label': t('mod.rolePlayer'), placeholder: t('mod.rolePlayer') });
  const role = h('select', { class: 'mod-role', 'aria-label': t('mod.role') }, ['moderator', 'admin', 'none'].map((x) => h('option', { value: x }, t('mod.role.' + x))));
  const msg = h('span', { role: 'status' });
  const form = h('form', { class: 'mod-role-form' }, [h('h2', {}, t('mod.roles')), player, ' ', role, ' ', h('button', { type: 'submit' }, t('mod.apply')), ' ', msg]);
  form.addEventListener('submit', async (e) => {
    e.preventDefault();
    try {
      await call('POST', '/api/mod/roles', { player: player.value, role: role.value });
      msg.textContent = t('mod.done');
    } catch (ex) {
      msg.textContent = t('failed', errorText(ex));
    }
  });
  return form;
}

function reportItem(r, again, admin) {
  const ev = r.evidence || {};
  const hist = h('div', { class: 'mod-history' });
  return h('li', { class: 'mod-report', 'data-report': r.id }, [
    h('b', {}, t('safety.reason.' + r.reason)), ' — ', r.player.name || r.player.id, ' — ', when(r.created),
    ' — ', r.reporter ? (r.reporter.name || r.reporter.id) : '', h('p', {}, r.note),
    ev.game ? h('p', {}, [t('mod.evidence'), ': ', h('a', { href: '#/replay/' + ev.game }, ev.game), ' ', ev.kind || '']) : null,
    ev.moves?.length ? h('p', { class: 'mod-moves' }, [t('mod.moves'), ': ', ev.moves.join(' ')]) : null,
    ev.lines?.length ? h('ul', { class: 'mod-lines' }, ev.lines.map((l) => h('li', {}, [h('b', {}, l.name), ': ', l.text]))) : null,
    h('button', { type: 'button', class: 'link', onclick: async () => { clear(hist, historyOf(await call('GET', '/api/mod/players/' + encodeURIComponent(r.player.id)))); } }, t('mod.history')),
    hist, actionForm(r, again, admin),
  ]);
}

function historyOf(p) {
  return h('div', {}, [
    h('p', {}, [p.player.name, p.engine ? ' — ' + t('mod.act.mark_engine') : '', p.chat_ban ? ' — ' + t('safety.chatBan', when(p.chat_ban)) : '']),
    h('ul', {}, p.actions.map((a) => h('li', {}, [when(a.at), ' — ', t('mod.act.' + a.action), ' — ', a.reason]))),
    h('ul', {}, p.reports_on.map((x) => h('li', {}, [when(x.created), ' — ', t('safety.reason.' + x.reason), ' — ', x.status]))),
    h('ul', {}, p.games.map((g) => h('li', {}, h('a', { href: '#/replay/' + g.id }, g.id)))),
    h('p', {}, t('mod.sharing')),
    (p.sharing || []).length
      ? h('ul', { class: 'mod-sharing' }, p.sharing.map((x) => h('li', {}, [h('a', { href: '#/player/' + encodeURIComponent(x.player.id) }, x.player.name || x.player.id), ' — ', when(x.last_seen)])))
      : h('p', { class: 'mod-sharing' }, t('mod.sharingNone')),
  ]);
}

function actionForm(r, again, admin) {
  const action = h('select', { class: 'mod-action', 'aria-label': t('mod.action') }, ACTIONS.filter((a) => admin || a !== 'close').map((a) => h('option', { value: a }, t('mod.act.' + a))));
  const reason = h('input', { class: 'mod-why', maxlength: 1000, 'aria-label': t('mod.why'), placeholder: t('mod.why') });
  const minutes = h('input', { class: 'mod-minutes', type: 'number', min: 1, value: 60, 'aria-label': t('mod.minutes') });
  const name = h('input', { class: 'mod-name', maxlength: 40, 'aria-label': t('mod.newName'), placeholder: t('mod.newName') });
  const msg = h('span', { role: 'status' });
  const form = h('form', { class: 'mod-form' }, [action, ' ', reason, ' ', minutes, ' ', name, ' ', h('button', { type: 'submit' }, t('mod.apply')), ' ', msg]);
  form.addEventListener('submit', async (e) => {
    e.preventDefault();
    try {
      await call('POST', '/api/mod/actions', { player: r.player.id, action: action.value, reason: reason.value, report: r.id, minutes: +minutes.value, name: name.value });
      msg.textContent = t('mod.done');
      again();
    } catch (ex) {
      msg.textContent = t('failed', errorText(ex));
    }
  });
  return form;
}
