// The lobby (docs/lobby.md): players online, challenges to me, quick
// play per game, the open seeks, a form to post a seek and one to
// challenge a player by name. It follows /api/lobby/ws; a "start"
// message (a seek of mine accepted, a challenge accepted) takes this
// browser to the game, as the accepter's own answer takes theirs.
// Also the game page's parts of the lobby: the rematch box and the
// spectators' count.

import { h, clear } from '../dom.js';
import { t, errorText } from '../i18n.js';
import { names, title } from '../games.js';
import * as api from '../api.js';
import { optionsText } from './common.js';
import { gameId, optionFields } from './newgame.js';
import { CONTROLS, controlLabel, kindFollowsTime, ratedNeedsTime } from '../clock.js';
import { botSuffix } from '../bottag.js';

const call = async (method, path, body) => {
  const res = await fetch(path, { method, headers: body ? { 'Content-Type': 'application/json' } : {}, body: body ? JSON.stringify(body) : undefined });
  let data = null;
  try { data = await res.json(); } catch { /* no body */ }
  if (!res.ok) throw new api.ApiError(res.status, data?.error || res.statusText, data?.code || '', data?.text || null);
  return data;
};

/** goTo opens a game just started; the seat is this player's (a token only for a program's rematch). */
/**
 * QUICK_CONTROL is the clock of quick play's rated games, the server's
 * lobby.QuickControl (a Go test checks that they agree): the button says
 * what it starts.
 */
const QUICK_CONTROL = '5+3';

/** goTo opens the game a seek, challenge or rematch started. */
export function goTo(st) {
  if (st.token) api.saveSeat(st.game, st.player, st.token);
  location.hash = '#/game/' + st.game;
}

/** follow opens the lobby's WebSocket, reconnecting after a drop, until close(). */
function follow(onMsg, onStatus) {
  let ws = null, closed = false, delay = 500, timer = null;
  const open = () => {
    const proto = location.protocol === 'https:' ? 'wss:' : 'ws:';
    ws = new WebSocket(`${proto}//${location.host}/api/lobby/ws`);
    ws.onopen = () => { delay = 500; onStatus(true); };
    ws.onmessage = (e) => { try { onMsg(JSON.parse(e.data)); } catch { /* not JSON */ } };
    ws.onclose = () => {
      if (closed) return;
      onStatus(false);
      timer = setTimeout(open, delay);
      delay = Math.min(delay * 2, 8000);
    };
  };
  open();
  return () => { closed = true; clearTimeout(timer); ws && ws.close(); };
}

const gameName = (k) => (k.title || title(k.game.split(':')[0], k.game)) + (k.game.includes(':') ? ' (' + optionsText(k.game) + ')' : '');

/** lobby shows the lobby; with challenge (a player's name, from their page) the challenge form is filled in. */
export async function lobby(main, challenge) {
  document.title = t('lobby.title') + ' — Plateau';
  const page = new LobbyPage(main);
  if (challenge) {
    const name = document.getElementById('challenge-name');
    name.value = challenge;
    name.focus();
  }
  page.stop = follow((m) => page.message(m), (up) => { page.el.conn.hidden = up; });
  return () => page.stop();
}

/**
 * keepFocus notes the control holding the focus inside el; the function
 * it returns, called after a re-render, puts the focus back on the
 * control that replaced it (same id or data attributes), else on the
 * first control of the part of the page that held it: the lobby's
 * updates never drop the keyboard's focus to the body.
 */
function keepFocus(el) {
  const a = document.activeElement;
  if (!a || a === document.body || !el.contains(a)) return () => {};
  const sel = a.id ? '#' + CSS.escape(a.id)
    : a.tagName.toLowerCase() + [...a.attributes].filter((x) => x.name.startsWith('data-')).map((x) => `[${x.name}="${CSS.escape(x.value)}"]`).join('');
  const part = a.parentElement?.closest('[id]');
  return () => {
    if (document.activeElement && document.activeElement !== document.body && document.activeElement.isConnected) return;
    (document.querySelector(sel) || part?.querySelector('button, a[href], input, select') || part)?.focus();
  };
}

class LobbyPage {
  constructor(main) {
    this.state = null;
    this.quick = null; // {seek, game, offer}
    this.bots = new Set(); // the bots' ids, for their BOT tag (docs/bots.md)
    fetch('/api/bots').then((r) => (r.ok ? r.json() : { bots: [] })).then((d) => {
      this.bots = new Set(d.bots.map((b) => b.id));
      if (this.state) this.render();
    }).catch(() => {});
    const el = this.el = {
      conn: h('p', { class: 'conn warn', role: 'status', hidden: true }, t('lobby.live')),
      me: h('p', { class: 'lobby-me', id: 'lobby-me' }),
      note: h('p', { class: 'message', role: 'alert', id: 'lobby-note' }),
      challenges: h('div', { class: 'lobby-challenges', id: 'lobby-challenges', 'aria-live': 'polite' }),
      quick: h('div', { class: 'lobby-quick', id: 'lobby-quick' }),
      seeks: h('div', { class: 'lobby-seeks', id: 'lobby-seeks' }),
      online: h('div', { class: 'lobby-online', id: 'lobby-online' }),
    };
    clear(main, h('h1', {}, t('lobby.title')), h('p', { class: 'lead' }, t('lobby.lead')), el.conn, el.me, el.note,
      el.challenges, h('section', { class: 'lobby-box' }, [h('h2', {}, t('lobby.quick')),
        h('p', { class: 'note', id: 'quick-note' }, t('lobby.quickNote', t('clock.rt', ...QUICK_CONTROL.split('+')))), el.quick]),
      h('section', { class: 'lobby-box' }, [h('h2', {}, t('lobby.seeks')), el.seeks]),
      h('section', { class: 'lobby-forms' }, [this.seekForm(), this.challengeForm()]),
      h('section', { class: 'lobby-box' }, el.online));
    this.renderQuick();
  }

  note(text) { this.el.note.textContent = text; }

  /** named is a player's name with the BOT tag for a bot. */
  named(p) { return p.name + botSuffix({ bot: this.bots.has(p.id) }); }

  async act(fn) {
    this.note('');
    try { return await fn(); } catch (e) { this.note(errorText(e)); return null; }
  }

  message(m) {
    if (m.type === 'start') { goTo(m.start); return; }
    if (m.type === 'ai-offer' && this.quick && this.quick.seek === m.aiOffer.seek) {
      this.quick.offer = m.aiOffer;
      this.renderQuick();
      return;
    }
    if (m.type !== 'lobby') return;
    this.state = m.lobby;
    if (this.quick && !m.lobby.seeks.some((k) => k.id === this.quick.seek)) this.quick = null;
    for (const k of m.lobby.seeks) if (k.mine && k.quick && !this.quick) this.quick = { seek: k.id, game: k.game, offer: null };
    this.render();
  }

  render() {
    const back = keepFocus(document.getElementById('main'));
    this.renderAll();
    back();
  }

  renderAll() {
    const s = this.state;
    this.el.me.textContent = t('lobby.you', s.me.name);
    this.renderChallenges();
    this.renderSeeks();
    this.renderQuick();
    clear(this.el.online, h('h2', {}, t('lobby.online', s.online.length)),
      s.online.length > 1 || (s.online.length === 1 && s.online[0].id !== s.me.id)
        ? h('ul', { class: 'online-list' }, s.online.map((p) => h('li', { 'data-player': p.name }, this.named(p) + (p.id === s.me.id ? ' (' + t('you') + ')' : ''))))
        : h('p', {}, t('lobby.nobodyOnline')));
  }

  renderChallenges() {
    const s = this.state;
    const inc = s.challenges.map((k) => challengeItem(k, this.named(k.owner), () => this.accept(k.id), () => this.act(() => call('POST', `/api/lobby/seeks/${k.id}/decline`))));
    const sent = s.sent.map((k) => h('li', { 'data-seek': k.id }, [t('lobby.challengeTo', this.named(k.to), gameName(k)), ' ',
      h('button', { type: 'button', 'data-cancel': k.id, onclick: () => this.cancel(k.id) }, t('lobby.cancel'))]));
    clear(this.el.challenges,
      inc.length ? h('section', { class: 'lobby-box incoming' }, [h('h2', {}, t('lobby.challenges')), h('ul', {}, inc)]) : null,
      sent.length ? h('section', { class: 'lobby-box' }, [h('h2', {}, t('lobby.sent')), h('ul', {}, sent)]) : null);
  }

  renderSeeks() {
    const seeks = this.state.seeks;
    if (!seeks.length) { clear(this.el.seeks, h('p', {}, t('lobby.noSeeks'))); return; }
    const head = ['game', 'time', 'rated', 'colour', 'who', 'action'].map((c) => h('th', { scope: 'col' }, t('lobby.col.' + c)));
    const row = (k) => h('tr', { 'data-seek': k.id, class: k.mine ? 'mine' : '' }, [
      h('td', {}, gameName(k)),
      h('td', {}, (k.timeControl || t('lobby.untimed')) + (k.kind === 'correspondence' ? ' · ' + t('lobby.correspondence') : '')),
      h('td', {}, k.rated ? t('lobby.rated') : t('lobby.casual')),
      h('td', {}, t('lobby.colour.' + k.colour)),
      h('td', {}, (k.mine ? t('lobby.yourSeek') : this.named(k.owner)) + (k.rating ? ` (${k.rating})` : '')),
      h('td', {}, k.mine
        ? h('button', { type: 'button', 'data-cancel': k.id, onclick: () => this.cancel(k.id) }, t('lobby.cancel'))
        : h('button', { type: 'button', class: 'primary', 'data-accept': k.id, onclick: () => this.accept(k.id) }, t('lobby.accept'))),
    ]);
    clear(this.el.seeks, h('div', { class: 'table-wrap' }, h('table', { class: 'seeks' }, [h('thead', {}, h('tr', {}, head)), h('tbody', {}, seeks.map(row))])));
  }

  renderQuick() {
    const back = keepFocus(this.el.quick);
    this.renderQuickNow();
    back();
  }

  renderQuickNow() {
    const q = this.quick;
    if (!q) {
      clear(this.el.quick, h('div', { class: 'actions' }, names().map((g) =>
        h('button', { type: 'button', class: 'primary', 'data-play-now': g, onclick: () => this.playNow(g) }, t('lobby.playNowOf', title(g))))));
      return;
    }
    const name = title(q.game.split(':')[0], q.game);
    clear(this.el.quick,
      h('p', { class: 'thinking', id: 'quick-waiting' }, [h('span', { class: 'spinner', 'aria-hidden': 'true' }), t('lobby.waiting', name)]),
      q.offer ? h('p', { id: 'ai-offer' }, t('lobby.aiOffer', q.offer.level)) : null,
      h('div', { class: 'actions' }, [
        q.offer ? h('button', { type: 'button', class: 'primary', id: 'play-ai', onclick: () => this.playAI(q) }, t('lobby.playAI')) : null,
        q.offer ? h('button', { type: 'button', id: 'keep-waiting', onclick: () => { q.offer = null; this.renderQuick(); } }, t('lobby.keepWaiting')) : null,
        h('button', { type: 'button', id: 'stop-waiting', onclick: () => this.cancel(q.seek) }, t('lobby.stopWaiting')),
      ]));
  }

  async playNow(game) {
    const r = await this.act(() => call('POST', '/api/lobby/play', { game }));
    if (r?.started) { goTo(r.started); return; }
    if (r?.seek) { this.quick = { seek: r.seek.id, game: r.seek.game, offer: null }; this.renderQuick(); }
  }

  async playAI(q) {
    await this.act(() => call('POST', `/api/lobby/seeks/${q.seek}/cancel`));
    const human = Math.random() < 0.5 ? 0 : 1;
    const seats = [{ kind: 'human' }, { kind: 'human' }];
    seats[1 - human] = { kind: 'ai', level: q.offer.level };
    const r = await this.act(() => api.createGame({ game: q.game, seats, me: human }));
    if (!r) return;
    for (const seat of r.seats) if (seat.token) api.saveSeat(r.id, seat.player, seat.token);
    goTo({ game: r.id });
  }

  async accept(id) {
    const st = await this.act(() => call('POST', `/api/lobby/seeks/${id}/accept`));
    if (st) goTo(st);
  }

  async cancel(id) {
    if (await this.act(() => call('POST', `/api/lobby/seeks/${id}/cancel`)) && this.quick?.seek === id) { this.quick = null; this.renderQuick(); }
  }

  /** gameFields are a game select and its options' selects, which follow it. */
  gameFields(id) {
    const select = h('select', { id, name: 'game' }, names().map((g) => h('option', { value: g }, title(g))));
    const opts = h('div', { class: 'opts' }, optionFields(select.value));
    select.addEventListener('change', () => opts.replaceChildren(...optionFields(select.value)));
    return [select, opts];
  }

  seekForm() {
    const [game, opts] = this.gameFields('seek-game');
    const colour = h('select', { id: 'seek-colour' }, ['random', 'first', 'second'].map((c) => h('option', { value: c }, t('lobby.colour.' + c))));
    const kind = h('select', { id: 'seek-kind' }, ['realtime', 'correspondence'].map((c) => h('option', { value: c }, t('lobby.kind.' + c))));
    const rated = h('input', { type: 'checkbox', id: 'seek-rated' });
    const time = h('select', { id: 'seek-time' }, CONTROLS.map((c) => h('option', { value: c }, controlLabel(c))));
    // A rated game needs a clock: one of the kind chosen; the kind then follows the clock.
    ratedNeedsTime(rated, time, () => (kind.value === 'correspondence' ? '3d/14' : '5+3'));
    kindFollowsTime(time, kind);
    const form = h('form', { class: 'lobby-box lobby-form', id: 'seek-form' }, [h('h2', {}, t('lobby.post')),
      h('label', { for: 'seek-game' }, t('lobby.game')), game, opts,
      h('label', { for: 'seek-colour' }, t('lobby.colour')), colour,
      h('label', { for: 'seek-time' }, t('clock.time')), time,
      h('label', { for: 'seek-kind' }, t('lobby.kind')), kind,
      h('label', { class: 'check' }, [rated, ' ', t('lobby.ratedBox')]),
      h('button', { type: 'submit', class: 'primary', id: 'post-seek' }, t('lobby.postButton'))]);
    form.addEventListener('submit', async (e) => {
      e.preventDefault();
      const k = await this.act(() => call('POST', '/api/lobby/seeks', { game: gameId(form, game.value), colour: colour.value, kind: kind.value, rated: rated.checked, timeControl: time.value === 'untimed' ? '' : time.value }));
      if (k) this.note(t('lobby.posted'));
    });
    return form;
  }

  challengeForm() {
    const name = h('input', { id: 'challenge-name', autocomplete: 'off', spellcheck: 'false' });
    const [game, opts] = this.gameFields('challenge-game');
    const form = h('form', { class: 'lobby-box lobby-form', id: 'challenge-form' }, [h('h2', {}, t('lobby.challenge')),
      h('label', { for: 'challenge-name' }, t('lobby.name')), name,
      h('label', { for: 'challenge-game' }, t('lobby.game')), game, opts,
      h('button', { type: 'submit', class: 'primary', id: 'send-challenge' }, t('lobby.challengeButton'))]);
    form.addEventListener('submit', async (e) => {
      e.preventDefault();
      const to = name.value.trim();
      if (!to) return;
      const k = await this.act(() => call('POST', '/api/lobby/seeks', { game: gameId(form, game.value), to }));
      if (k) this.note(t('lobby.challengeSent', k.to.name));
    });
    return form;
  }
}

/** challengeItem is a challenge to this player, with its Accept and Decline buttons. */
export function challengeItem(k, from, accept, decline) {
  return h('li', { 'data-seek': k.id, class: 'challenge' }, [
    t('lobby.challengeFrom', from, gameName(k)), ' ',
    h('button', { type: 'button', class: 'primary', 'data-accept': k.id, onclick: accept }, t('lobby.accept')),
    h('button', { type: 'button', 'data-decline': k.id, onclick: decline }, t('lobby.decline')),
  ]);
}

/** challengesBox lists the challenges to this player on My games (read once; the lobby shows them live). */
export function challengesBox() {
  const el = h('section', { class: 'lobby-box incoming', id: 'my-challenges', hidden: true });
  const show = async () => {
    let l;
    try { l = await call('GET', '/api/lobby'); } catch { return; }
    el.hidden = !l.challenges.length;
    const act = async (fn) => { try { await fn(); } catch (e) { el.append(h('p', { class: 'error' }, errorText(e))); return; } show(); };
    clear(el, h('h2', {}, t('lobby.challenges')), h('ul', {}, l.challenges.map((k) => challengeItem(k, k.owner.name,
      () => act(async () => goTo(await call('POST', `/api/lobby/seeks/${k.id}/accept`))),
      () => act(() => call('POST', `/api/lobby/seeks/${k.id}/decline`))))));
  };
  show();
  return el;
}

/**
 * rematchBox is the game page's rematch button for a seat of a finished
 * game between two people: one click offers, the other player's click
 * accepts, and both browsers go to the new game (the offerer's learns it
 * by asking every two seconds while the page shows the box).
 */
export function rematchBox(id, seat, token) {
  const el = h('span', { class: 'rematch', id: 'rematch' });
  let timer = null, stopped = false;
  const show = (r) => {
    if (r.state === 'started' && r.started) { stop(); goTo(r.started); return; }
    const offered = r.state === 'offered';
    const mine = offered && r.mineOffer;
    clear(el, offered && !mine ? h('span', { id: 'rematch-offered' }, t('lobby.rematchOfferedToYou') + ' ') : null,
      mine ? h('span', { id: 'rematch-waiting' }, t('lobby.rematchOffered')) :
        h('button', { type: 'button', class: 'primary', id: 'rematch-button', onclick: click }, offered ? t('lobby.acceptRematch') : t('lobby.rematch')));
  };
  const state = (r) => { r.mineOffer = r.state === 'offered' && r.by === seat; show(r); };
  const click = async () => {
    try { state(await call('POST', `/api/games/${id}/rematch`, { token })); } catch (e) { clear(el, h('span', { class: 'error' }, errorText(e))); }
  };
  const poll = async () => {
    if (stopped) return;
    try {
      const res = await fetch(`/api/games/${id}/rematch`, { headers: token ? { Authorization: 'Bearer ' + token } : {} });
      if (res.ok) state(await res.json());
    } catch { /* next time */ }
    if (!stopped) timer = setTimeout(poll, 2000);
  };
  const stop = () => { stopped = true; clearTimeout(timer); };
  poll();
  return { el, stop };
}

/** spectators shows how many people watch game id, asked every ten seconds. */
export function spectators(id) {
  const el = h('p', { class: 'note watchers', id: 'watchers', hidden: true });
  let timer = null, stopped = false;
  const poll = async () => {
    try {
      const w = await call('GET', `/api/games/${id}/watchers`);
      el.hidden = !w.watchers;
      el.textContent = t('lobby.watching', w.watchers);
    } catch { /* next time */ }
    if (!stopped) timer = setTimeout(poll, 10000);
  };
  poll();
  return { el, stop: () => { stopped = true; clearTimeout(timer); } };
}
