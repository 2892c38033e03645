// API talks to the Plateau server (docs/api.md): JSON over HTTP, game
// views pushed over a WebSocket. The browser is a player (its session
// cookie): the server knows its seats. Seat tokens kept in localStorage
// by older versions are presented once to claim their seats, then
// dropped (claimOldSeats).

/**
 * ApiError carries the server's status and message, the reason code a
 * client may translate and, when the server has it, the message in every
 * language (text: {en, fr}).
 */
export class ApiError extends Error {
  constructor(status, message, code = '', text = null) {
    super(message);
    this.status = status;
    this.code = code;
    this.text = text;
  }
}

export async function call(method, path, body) {
  let res;
  try {
    res = await fetch(path, {
      method,
      headers: body ? { 'Content-Type': 'application/json' } : {},
      body: body ? JSON.stringify(body) : undefined,
    });
  } catch (e) {
    // The browser's own words ("Failed to fetch") are no sentence for a
    // player: the code lets the page say it in the player's language.
    throw new ApiError(0, e.message, 'network');
  }
  let data = null;
  try { data = await res.json(); } catch { /* empty or non-JSON body */ }
  if (!res.ok) throw new ApiError(res.status, (data && data.error) || res.statusText, data?.code || '', data?.text || null);
  return data;
}

export const catalog = () => call('GET', '/api/catalog');
export const getGame = (id) => call('GET', `/api/games/${encodeURIComponent(id)}`);
export const getPositions = (id) => call('GET', `/api/games/${encodeURIComponent(id)}/positions`);
export const listGames = (status, limit = 50) => call('GET', `/api/games?status=${status}&limit=${limit}`);
export const createGame = (req) => call('POST', '/api/games', req);
export const playMove = (id, move, seen, token) => call('POST', `/api/games/${id}/moves`, { move, seen, token });
export const resign = (id, token) => call('POST', `/api/games/${id}/resign`, { token });
export const draw = (id, token, action) => call('POST', `/api/games/${id}/draw`, { token, action });
/** undo asks for a take-back (action request, accept or decline); otherToken makes it at once for a device holding both seats. */
export const undo = (id, token, action = 'request', otherToken = undefined) => call('POST', `/api/games/${id}/undo`, { token, action, otherToken });
export const explain = (id, move) => call('GET', `/api/games/${encodeURIComponent(id)}/explain?move=${encodeURIComponent(move)}`);
/** hint marks the game as one where a hint was used; the hint itself comes from the engine in this browser. */
export const hint = (id, token) => call('POST', `/api/games/${id}/hint`, { token });
export const whoami = (id, token) => call('POST', `/api/games/${id}/whoami`, { token });

/** claim presents seat tokens (an invite's, or kept from before players) to seat this browser's player. */
export const claim = (id, tokens) => call('POST', `/api/games/${encodeURIComponent(id)}/claim`, { tokens });
/** mySeats returns {seats: [...], invite?: seat} for this browser's player in a game. */
export const mySeats = (id) => call('GET', `/api/games/${encodeURIComponent(id)}/me`);
/** invite cancels ('cancel') or renews ('renew') the open invite of one's game. */
export const invite = (id, action) => call('POST', `/api/games/${encodeURIComponent(id)}/invite`, { action });
export const myGames = (status, limit = 50) => call('GET', `/api/me/games?status=${status}&limit=${limit}`);
export const profile = (ref) => call('GET', `/api/players/${encodeURIComponent(ref)}`);
export const apiKeys = () => call('GET', '/api/keys');
export const newApiKey = (label) => call('POST', '/api/keys', { label });
export const revokeApiKey = (id) => call('POST', `/api/keys/${encodeURIComponent(id)}/revoke`);

const KEY = (id) => 'plateau:seats:' + id;

/** seats returns the tokens this browser holds for a game from before players: {0: tok, 1: tok}. */
export function seats(id) {
  try { return JSON.parse(localStorage.getItem(KEY(id))) || {}; } catch { return {}; }
}

/** saveSeat remembers a seat token, for a game made without a session (the server gave tokens). */
export function saveSeat(id, player, token) {
  const s = seats(id);
  s[player] = token;
  localStorage.setItem(KEY(id), JSON.stringify(s));
}

/**
 * claimOldSeats presents every seat token this browser kept to the
 * server, which seats the browser's player there; a token is dropped
 * once the server has answered for it (claimed, or no longer a seat),
 * and kept for the next visit when the server could not be reached.
 */
export async function claimOldSeats() {
  const ids = [];
  for (let i = 0; i < localStorage.length; i++) {
    const k = localStorage.key(i);
    if (k.startsWith('plateau:seats:')) ids.push(k.slice('plateau:seats:'.length));
  }
  await Promise.all(ids.map(async (id) => {
    const tokens = Object.values(seats(id)).filter((x) => typeof x === 'string' && x);
    try {
      if (tokens.length) await claim(id, tokens.slice(0, 2));
    } catch (e) {
      if (e.status === 0 || e.status >= 500 || e.status === 429 || e.status === 401) return;
    }
    localStorage.removeItem(KEY(id));
  }));
}

/**
 * watch opens the game's WebSocket and calls onView with every view;
 * it reconnects with backoff after a drop until close() is called.
 * onStatus receives 'open', 'closed' or 'gone'.
 */
export function watch(id, token, onView, onStatus = () => {}) {
  let ws = null, closed = false, delay = 500, timer = null;
  const open = () => {
    const proto = location.protocol === 'https:' ? 'wss:' : 'ws:';
    ws = new WebSocket(`${proto}//${location.host}/api/games/${encodeURIComponent(id)}/ws`);
    ws.onopen = () => {
      delay = 500;
      if (token) ws.send(JSON.stringify({ token }));
      onStatus('open');
    };
    ws.onmessage = (e) => {
      let msg;
      try { msg = JSON.parse(e.data); } catch { return; }
      if (msg.type === 'view') onView(msg.view);
      else if (msg.type === 'error') onStatus('gone', msg.error);
    };
    ws.onclose = (e) => {
      if (closed) return;
      if (e.code === 4404) { onStatus('gone'); return; }
      onStatus('closed');
      timer = setTimeout(open, delay);
      delay = Math.min(delay * 2, 8000);
    };
  };
  open();
  return {
    close() { closed = true; clearTimeout(timer); ws && ws.close(); },
  };
}
