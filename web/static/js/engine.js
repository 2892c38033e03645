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

export class Engine {
  constructor(url = new URL('./engine-worker.js', import.meta.url)) {
    this.url = url;
    this.worker = null;
    this.next = 1;
    this.pending = new Map();
  }

  // command sends one protocol line and resolves to the whole answer,
  // its last line "ok" or "err <message>".
  command(line) {
    if (!this.worker) this.start();
    const id = this.next++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      this.worker.postMessage({ id, line });
    });
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
