// The engine's Web Worker: runs the WebAssembly build of the rules and
// searches (cmd/plateau-wasm) off the page's thread, so that a search
// never freezes the page. Messages in: {id, line}, an engine-protocol
// command (docs/protocol.md). Messages out: {id, lines}, the answer's
// lines, the last one "ok" or "err <message>"; or {id, error} if the
// engine could not start. Commands run one after the other.
'use strict';

importScripts('../engine/wasm_exec.js');

const ready = (async () => {
  const go = new Go();
  const { instance } = await WebAssembly.instantiateStreaming(fetch('../engine/plateau.wasm'), go.importObject);
  go.run(instance); // defines plateauEngine, then waits for calls
})();

let queue = Promise.resolve();

self.onmessage = (e) => {
  const { id, line } = e.data;
  queue = queue.then(async () => {
    try {
      await ready;
      const answer = await self.plateauEngine(String(line));
      self.postMessage({ id, lines: answer === '' ? [] : answer.split('\n') });
    } catch (err) {
      self.postMessage({ id, error: String(err) });
    }
  });
};
