// Runs the committed WebAssembly engine under Node: engine-protocol
// lines on stdin, answers on stdout, as "plateau engine" does. With
// PLATEAU_TIME=1 it also writes each command's milliseconds to stderr.
// Usage: node node.js <wasm_exec.js> <plateau.wasm>
"use strict";
globalThis.require = require;
globalThis.fs = require("fs");
globalThis.path = require("path");
globalThis.TextEncoder = require("util").TextEncoder;
globalThis.TextDecoder = require("util").TextDecoder;
globalThis.performance ??= require("perf_hooks").performance;
globalThis.crypto ??= require("crypto");
require(process.argv[2]);

async function main() {
	const go = new Go();
	const { instance } = await WebAssembly.instantiate(fs.readFileSync(process.argv[3]), go.importObject);
	go.run(instance); // sets plateauEngine, then waits for calls
	const lines = fs.readFileSync(0, "utf8").split("\n");
	const timed = process.env.PLATEAU_TIME === "1";
	for (const line of lines) {
		if (line.trim().toLowerCase() === "quit") break;
		const t0 = performance.now();
		const answer = await plateauEngine(line);
		if (timed) process.stderr.write(`${(performance.now() - t0).toFixed(1)}\n`);
		if (answer !== "") process.stdout.write(answer + "\n");
	}
	process.exit(0);
}
main().catch((err) => { console.error(err); process.exit(1); });
