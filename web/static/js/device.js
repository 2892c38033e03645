// Games against the AI on this device: the rules and the AI run in the
// engine's Web Worker (engine.js), and the game is kept in this
// browser's storage. The server is never asked anything, so such a game
// costs it nothing and goes on with the network off.
//
// A DeviceGame answers the calls the game and replay pages make of
// api.js (getGame, watch, playMove, resign, draw, undo, hint, explain,
// getPositions, seats) with views of the same shape as the server's
// (docs/api.md), so that those pages draw both kinds of game alike.

import { Engine } from './engine.js';
import { ApiError } from './api.js';
import { info, splitId } from './games.js';

const PREFIX = 'plateau:device:';

/** aiPause is the least time, in milliseconds, between a move and the AI's answer: people watching a fast AI can follow. */
const aiPause = 300;

/** isDevice tells a device game's id (d-...) from a server game's. */
export const isDevice = (id) => /^d-[a-z0-9]+$/.test(id);

/** list returns the games kept on this device, the latest first. */
export function list() {
  const out = [];
  for (let i = 0; i < localStorage.length; i++) {
    const k = localStorage.key(i);
    if (!k.startsWith(PREFIX)) continue;
    const g = load(k.slice(PREFIX.length));
    if (g) out.push(g);
  }
  return out.sort((a, b) => (a.updatedAt < b.updatedAt ? 1 : -1));
}

function load(id) {
  try {
    const g = JSON.parse(localStorage.getItem(PREFIX + id));
    return g && g.id === id && Array.isArray(g.moves) ? g : null;
  } catch {
    return null;
  }
}

function save(g) {
  localStorage.setItem(PREFIX + g.id, JSON.stringify(g));
}

/** remove forgets a game kept on this device. */
export function remove(id) {
  localStorage.removeItem(PREFIX + id);
}

const now = () => new Date().toISOString();

/**
 * create starts a game against the AI on this device and returns its id:
 * game is a game id with options, human the seat of the person (0 or 1),
 * level the AI's. start is the position string the game starts from.
 */
export function create(game, human, level, start) {
  const id = 'd-' + crypto.getRandomValues(new Uint32Array(2)).reduce((s, n) => s + n.toString(36), '');
  const seats = [{ kind: 'human' }, { kind: 'human' }];
  seats[1 - human] = { kind: 'ai', level };
  save({ id, game, start, seats, human, moves: [], movers: [], result: 'ongoing', reason: '', hints: 0, version: 1, createdAt: now(), updatedAt: now() });
  return id;
}

/** open returns the DeviceGame of an id, or throws a 404-like ApiError when this device keeps no such game. */
export async function open(id) {
  const g = load(id);
  if (!g) throw new ApiError(404, 'no game ' + id + ' on this device', 'not_found');
  const dg = new DeviceGame(g);
  await dg.replay();
  return dg;
}

/**
 * DeviceGame is one game kept on this device, with its engine session in
 * step with its moves.
 */
export class DeviceGame {
  constructor(g) {
    this.g = g;
    this.engine = new Engine();
    this.pos = null; // the engine's view of the current position (api.Position)
    this.listeners = new Set();
    this.thinking = false;
    this.declined = null;
    this.closed = false;
  }

  async ask(line) {
    return this.engine.ask(line);
  }

  /** replay brings the engine to the game's position, move by move. */
  async replay() {
    await this.ask(`newgame ${this.g.game} ${this.g.start || ''}`.trim());
    for (const mv of this.g.moves) await this.ask('play ' + mv);
    await this.refresh();
  }

  async refresh() {
    this.pos = JSON.parse((await this.ask('view'))[0]);
  }

  /** view renders the game as the server's views are (docs/api.md). */
  view() {
    const g = this.g;
    const p = this.pos;
    const { name } = splitId(g.game);
    const over = g.result !== 'ongoing';
    return {
      id: g.id, game: g.game, title: info(name)?.title || name, players: info(name)?.players || ['', ''],
      start: g.start, position: p.position, toAct: p.toAct, result: g.result, reason: g.reason,
      reasonText: g.reason === 'resignation' ? undefined : p.reasonText, scores: p.scores, taken: p.taken,
      moves: g.moves.slice(), movers: g.movers.slice(), legal: over ? [] : p.legal, phase: p.phase,
      seats: g.seats.map((s) => ({ ...s, connected: s.kind === 'human' })), drawOffer: null, takeBack: null,
      declined: this.declined || undefined, aiThinking: this.thinking, hints: g.hints, version: g.version,
      createdAt: g.createdAt, updatedAt: g.updatedAt, device: true,
    };
  }

  /** changed stores the game, and shows its new view to the page. */
  changed(declined = null) {
    this.g.version++;
    this.g.updatedAt = now();
    this.declined = declined;
    save(this.g);
    const v = this.view();
    for (const fn of this.listeners) fn(v);
    return v;
  }

  aiToAct() {
    return this.g.result === 'ongoing' && this.g.seats[this.pos.toAct].kind === 'ai';
  }

  /** play makes one move for the player to act, as the rules allow, and notes any end the rules decide. */
  async play(mv) {
    const mover = this.pos.toAct;
    try {
      await this.ask('play ' + mv);
    } catch (e) {
      throw new ApiError(422, e.message, 'illegal');
    }
    this.g.moves.push(mv);
    this.g.movers.push(mover);
    await this.refresh();
    if (this.pos.result !== 'ongoing') {
      this.g.result = this.pos.result;
      this.g.reason = this.pos.reason;
    }
  }

  /**
   * aiMoves lets the AI play while it is to act (in some games a turn has
   * several moves), showing that it thinks. A page that leaves stops it.
   */
  async aiMoves() {
    if (this.running) return; // one loop at a time: a second caller finds the AI already playing
    this.running = true;
    try {
      await this.aiLoop();
    } finally {
      this.running = false;
    }
  }

  async aiLoop() {
    while (!this.closed && this.aiToAct()) {
      this.thinking = true;
      this.changed();
      const level = this.g.seats[this.pos.toAct].level;
      const [answer] = await Promise.all([this.ask(`go level ${level}`), new Promise((r) => setTimeout(r, aiPause))]);
      if (this.closed) return;
      const best = answer.find((l) => l.startsWith('bestmove '))?.slice('bestmove '.length).trim();
      this.thinking = false;
      if (!best) { this.changed(); return; }
      await this.play(best);
      this.changed();
    }
  }

  close() {
    this.closed = true;
    this.engine.stop();
  }
}

/**
 * backend returns, for a device game, the calls of api.js the game and
 * replay pages use. Only the person's own seat is held: the AI's moves
 * come from the engine, never from the page.
 */
export function backend(dg) {
  const g = dg.g;
  const mine = (token) => token === 'device';
  const refuse = (code, msg) => { throw new ApiError(409, msg, code); };
  const lastHuman = () => {
    for (let i = g.movers.length - 1; i >= 0; i--) if (g.movers[i] === g.human) return i;
    return -1;
  };
  return {
    device: true,
    seats: () => ({ [g.human]: 'device' }),
    getGame: async () => dg.view(),
    getPositions: async () => {
      const positions = [];
      await dg.ask(`newgame ${g.game} ${g.start || ''}`.trim());
      positions.push((await dg.ask('position'))[0]);
      for (const mv of g.moves) positions.push((await dg.ask('play ' + mv))[0]);
      return { positions, version: g.version };
    },
    watch: (id, token, onView, onStatus = () => {}) => {
      dg.listeners.add(onView);
      onStatus('open');
      dg.aiMoves(); // an AI that owed a move when the page was left plays it now
      return { close: () => { dg.listeners.delete(onView); dg.close(); }, drop: () => {} };
    },
    playMove: async (id, move, seen, token) => {
      if (!mine(token) || dg.aiToAct() || dg.thinking) refuse('not_your_turn', 'it is not your turn');
      if (g.result !== 'ongoing') refuse('game_over', 'the game is over');
      if (seen !== g.moves.length) refuse('stale', 'the game has changed');
      await dg.play(move);
      const v = dg.changed();
      setTimeout(() => dg.aiMoves(), 0);
      return v;
    },
    resign: async (id, token) => {
      if (!mine(token) || g.result !== 'ongoing') refuse('game_over', 'the game is over');
      g.result = g.human === 0 ? 'second' : 'first';
      g.reason = 'resignation';
      return dg.changed();
    },
    // The AI declines draws, as the server's does.
    draw: async () => dg.changed({ offer: 'draw', by: 1 - g.human }),
    // A take-back against the AI is granted at once: back to before the
    // person's last move, the AI's answers with it.
    undo: async (id, token) => {
      const i = lastHuman();
      if (!mine(token) || i < 0 || dg.thinking) refuse('no_takeback', 'there is no move of yours to take back');
      const n = g.moves.length - i;
      await dg.ask('undo ' + n);
      g.moves.length = i;
      g.movers.length = i;
      g.result = 'ongoing';
      g.reason = '';
      await dg.refresh();
      return dg.changed();
    },
    hint: async () => { g.hints++; return dg.changed(); },
    explain: async (id, move) => ({ text: JSON.parse((await dg.ask('explain ' + move))[0]) }),
  };
}

/**
 * record is the game as one line of docs/records.md, as the server
 * exports its games.
 */
export function record(g) {
  const who = (s) => (s.kind === 'ai' ? 'level:' + s.level : 'device');
  return JSON.stringify({ id: g.id, game: g.game, start: g.start, moves: g.moves, result: g.result, reason: g.reason || undefined,
    first: who(g.seats[0]), second: who(g.seats[1]) }) + '\n';
}
