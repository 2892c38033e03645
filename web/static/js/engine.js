// The engine on this device: the rules and searches compiled to
// WebAssembly, run in a Web Worker (engine-worker.js). Nothing is
// fetched until the first command, so pages that do not need the engine
// never pay for its download (about 1 MB gzipped).
//
//   const e = new Engine();
//   await e.ask('newgame <game-id>');      // ['<position>']
//   await e.ask('go movetime 500');        // ['info ...', 'bestmove <move>']
//
// The commands are the engine protocol's (docs/protocol.md).

// locks holds the positions of the player's running rated, timed or
// tournament games (GET /api/fairplay/locks, docs/moderation.md), asked
// again at most every LOCKS_FOR ms: the engine does not search them.
const LOCKS_FOR = 5000;
let locks = { at: -Infinity, positions: Promise.resolve(new Set()) };

function lockedPositions(fresh = false) {
  if (fresh || Date.now() - locks.at > LOCKS_FOR) {
    locks = {
      at: Date.now(),
      positions: fetch('/api/fairplay/locks').then((r) => (r.ok ? r.json() : { games: [] }))
        .then((l) => new Set(l.games.map((g) => g.position))).catch(() => new Set()),
    };
  }
  return locks.positions;
}

// SEARCHES are the commands that tell what to play: a search and a
// proof (docs/protocol.md), both refused in a locked position.
const SEARCHES = /^(go|solve)(\s|$)/;

/** ENGINE_LOCKED is the error of a search refused for fair play. */
export const ENGINE_LOCKED = 'engine: locked';

export class Engine {
  constructor(url = new URL('./engine-worker.js', import.meta.url)) {
    this.url = url;
    this.worker = null;
    this.next = 1;
    this.pending = new Map();
  }

  // command sends one protocol line and resolves to the whole answer,
  // its last line "ok" or "err <message>".
  command(line, guard = true) {
    if (guard && SEARCHES.test(line)) return this.guarded(line);
    if (!this.worker) this.start();
    const id = this.next++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      this.worker.postMessage({ id, line });
    });
  }

  // guarded runs a search or a proof unless the position is one of the
  // player's running rated, timed or tournament games (fair play): the
  // search is refused with ENGINE_LOCKED. Both lines are sent at once, in order:
  // callers send a position and its search together, and nothing else
  // may come between them in the worker; a locked search's answer is
  // dropped.
  async guarded(line) {
    const position = this.command('position', false);
    const search = this.command(line, false);
    // Whoever awaits the answer is told of its failure; but when the
    // engine stops, the position fails first and nobody awaits the
    // search, whose rejection must not go unhandled.
    search.catch(() => {});
    const [pos] = await position;
    let locked = await lockedPositions();
    // A running game's position changes with every move: while the list
    // names running games, a position not in it is asked about afresh,
    // so that the opponent's last move cannot slip between two lists.
    if (locked.size > 0 && !locked.has(pos)) locked = await lockedPositions(true);
    if (locked.has(pos)) {
      search.catch(() => {}); // its answer, when it comes, is nobody's
      return ['err ' + ENGINE_LOCKED];
    }
    return search;
  }

  // ask sends one line and resolves to the answer without its "ok", or
  // rejects with the engine's error message.
  async ask(line) {
    const lines = await this.command(line);
    const last = lines.pop();
    if (last !== 'ok') throw new Error(last ? last.replace(/^err /, '') : 'engine: no answer');
    return lines;
  }

  start() {
    this.worker = new Worker(this.url);
    this.worker.onmessage = (e) => {
      const { id, lines, error } = e.data;
      const p = this.pending.get(id);
      if (!p) return;
      this.pending.delete(id);
      if (error !== undefined) p.reject(new Error(error));
      else p.resolve(lines);
    };
    // A worker that failed (its script or the engine could not load)
    // answers nothing more: drop it, so the next command tries afresh
    // and is told, rather than waiting forever.
    this.worker.onerror = (e) => {
      this.worker.terminate();
      this.worker = null;
      this.fail(new Error(e.message || 'engine: the worker failed'));
    };
  }

  fail(err) {
    for (const p of this.pending.values()) p.reject(err);
    this.pending.clear();
  }

  // stop ends the worker, and with it any search in flight; the next
  // command starts a fresh engine.
  stop() {
    if (this.worker) this.worker.terminate();
    this.worker = null;
    this.fail(new Error('engine: stopped'));
  }
}
