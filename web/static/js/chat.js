// The chat panel of a game page: the players' chat for a seat, the
// spectators' chat for everyone else (and for the players too once the
// game is over), each line shown as plain text. It keeps a WebSocket of
// its own on the game, so that the game page's socket stays as it is;
// the server sends it only the lines this watcher may read. Mutes (a
// whole chat, a person) are kept by the server for the player.

import { h, clear } from './dom.js';
import { t, errorText } from './i18n.js';
import { ApiError } from './api.js';
import { safetyControls } from './safety.js';

async function send(method, path, body) {
  let res;
  try {
    res = await fetch(path, { method, headers: body ? { 'Content-Type': 'application/json' } : {}, body: body ? JSON.stringify(body) : undefined });
  } catch (e) {
    throw new ApiError(0, e.message);
  }
  let data = null;
  try { data = await res.json(); } catch { /* no JSON */ }
  if (!res.ok) throw new ApiError(res.status, data?.error || res.statusText, data?.code || '', data?.text || null);
  return data;
}

const CHANNELS = ['players', 'spectators'];

/**
 * chatPanel builds the chat of game id for a browser seated at seat (-1
 * for a spectator), by its player or by token (a seat token kept from
 * before players; '' for none); seatName(seat) names a seat for the
 * players' chat. It returns {el, close}.
 */
export function chatPanel(id, seat, token, seatName, onNews = () => {}) {
  const mySeat = seat >= 0 ? 'seat' : 'spectator';
  const lines = new Map(); // id -> line
  const state = { over: false, mutes: { channels: [], authors: [] }, sock: null, closed: false, me: '' };
  const lists = {}, sections = {}, muteButtons = {};
  for (const ch of CHANNELS) {
    lists[ch] = h('ol', { class: 'chat-lines', id: 'chat-' + ch, 'aria-live': 'polite' });
    muteButtons[ch] = h('button', { type: 'button', class: 'link chat-mute', 'data-channel': ch });
    muteButtons[ch].addEventListener('click', () => toggleMute('channel', ch, !state.mutes.channels.includes(ch)));
    sections[ch] = h('section', { class: 'chat-section', 'data-channel': ch, hidden: true }, [
      h('h2', { class: 'small chat-head' }, [t('chat.' + ch), ' ', muteButtons[ch]]), lists[ch],
    ]);
  }
  const input = h('input', { id: 'chat-input', name: 'text', maxlength: 300, autocomplete: 'off', 'aria-label': t('chat.say') });
  const err = h('p', { class: 'error chat-error', role: 'alert' });
  const form = h('form', { class: 'chat-form' }, [input, h('button', { type: 'submit' }, t('chat.send'))]);
  // The form follows the chat one writes in: the players' for a seat.
  const parts = mySeat === 'seat' ? [sections.players, form, err, sections.spectators] : [sections.players, sections.spectators, form, err];
  const el = h('div', { class: 'chat', id: 'chat', role: 'region', 'aria-label': t('chat.title') }, parts);

  form.addEventListener('submit', async (e) => {
    e.preventDefault();
    const text = input.value.trim();
    if (!text) return;
    try {
      add(await send('POST', `/api/games/${encodeURIComponent(id)}/chat`, { token: token || undefined, text }));
      input.value = '';
      err.textContent = '';
    } catch (ex) {
      err.textContent = t('chat.failed', errorText(ex));
    }
  });

  const readable = (ch) => (ch === 'players' ? mySeat === 'seat' : mySeat === 'spectator' || state.over);
  const author = (l) => [l.channel === 'players' ? seatName(l.seat) : '', l.name].filter(Boolean).join(' — ') || t('chat.spectator');

  function render() {
    for (const ch of CHANNELS) {
      sections[ch].hidden = !readable(ch);
      const muted = state.mutes.channels.includes(ch);
      muteButtons[ch].textContent = muted ? t('chat.unmuteChat') : t('chat.muteChat');
      const mine = [...lines.values()].filter((l) => l.channel === ch).sort((a, b) => a.id - b.id);
      if (muted) { clear(lists[ch], h('li', { class: 'note' }, t('chat.muted'))); continue; }
      clear(lists[ch], mine.length ? mine.map(lineItem) : h('li', { class: 'note' }, t('chat.empty')));
    }
  }

  function lineItem(l) {
    const who = author(l);
    if (l.author && state.mutes.authors.includes(l.author)) {
      return h('li', { class: 'chat-line muted', 'data-id': l.id }, [
        h('span', { class: 'note' }, t('chat.hidden', who)), ' ',
        h('button', { type: 'button', class: 'link', onclick: () => toggleMute('author', l.author, false) }, t('chat.unmutePerson', who)),
      ]);
    }
    const mute = l.author && l.author !== state.me
      ? h('button', { type: 'button', class: 'link chat-mute-person', onclick: () => toggleMute('author', l.author, true) }, t('chat.mutePerson', who))
      : null;
    // Names and text are the senders' own: text nodes only (h appends strings as text).
    const safety = l.author && l.author !== state.me ? safetyControls({ id: l.author, name: who }, { game: id, line: l.id, compact: true }) : null;
    return h('li', { class: 'chat-line', 'data-id': l.id }, [h('b', { class: 'chat-who' }, who), ': ', h('span', { class: 'chat-text' }, l.text), ' ', mute, ' ', safety]);
  }

  function add(l) {
    lines.set(l.id, l);
    render();
  }

  async function toggleMute(kind, target, muted) {
    try {
      state.mutes = await send('POST', '/api/chat/mutes', { kind, target, muted });
    } catch (ex) {
      err.textContent = t('chat.failed', errorText(ex));
      return;
    }
    render();
  }

  function connect() {
    const proto = location.protocol === 'https:' ? 'wss:' : 'ws:';
    const ws = state.sock = new WebSocket(`${proto}//${location.host}/api/games/${encodeURIComponent(id)}/ws`);
    const join = () => { history = true; ws.send(JSON.stringify({ token: token || '', chat: true })); };
    // The first lines after joining are the history; later ones are news
    // (said to onNews when someone else wrote them where this page reads).
    let history = true;
    ws.onopen = join;
    ws.onmessage = (e) => {
      let msg;
      try { msg = JSON.parse(e.data); } catch { return; }
      if (msg.type === 'chat') {
        for (const l of msg.chat || []) {
          const news = !history && !lines.has(l.id) && l.author !== state.me && readable(l.channel) && !state.mutes.channels.includes(l.channel);
          add(l);
          if (news) onNews(l);
        }
        history = false;
      }
      if (msg.type === 'view') {
        // A player facing the computer has no one to talk to.
        el.hidden = mySeat === 'seat' && msg.view.seats.some((x) => x.kind === 'ai');
        const over = msg.view.result !== 'ongoing';
        // Over: the players may now read the spectators' chat.
        if (over && !state.over) { state.over = true; render(); join(); }
      }
    };
    ws.onclose = () => { if (!state.closed) setTimeout(connect, 2000); };
  }

  // Without a player (a server without accounts) there are no mutes.
  send('GET', '/api/chat/mutes').then((m) => { state.mutes = m; render(); }).catch(() => {});
  send('GET', '/api/me').then((me) => { state.me = me?.id || ''; render(); }).catch(() => {});
  render();
  connect();
  return {
    el,
    close() { state.closed = true; state.sock?.close(); },
  };
}
