// Makes a memory snapshot of the pinned Pyodide just after Python has started, gzip-compressed, byte-identical run to
// run: the engine's worker restores it instead of running Python's own start (web/engine/pyodide-boot.mjs).
//
// usage: node tools/make_snapshot.mjs <out file>
//
// What would differ between two runs is made fixed while the snapshot is taken, and only then: the entropy Python
// draws at its start (a fixed byte sequence; the browser reseeds `random` after restoring), the wall clock and the
// monotonic clock (constants), the hash seed (PYTHONHASHSEED=0) and the program's name (process.argv).
import nodeCrypto from "node:crypto";
import { writeFileSync } from "node:fs";
import { gzipSync } from "node:zlib";

const out = process.argv[2];
if (!out) {
  console.error("usage: node tools/make_snapshot.mjs <out file>");
  process.exit(2);
}
process.argv = [process.argv[0], "./this.program"]; // Emscripten keeps argv[0] in memory: no path of this machine
let seed = 0x9e3779b9;
const fill = (view) => { // a fixed sequence (a linear congruential generator), never used once the snapshot is made
  const bytes = new Uint8Array(view.buffer, view.byteOffset, view.byteLength);
  for (let i = 0; i < bytes.length; i++) {
    seed = (Math.imul(seed, 1664525) + 1013904223) >>> 0;
    bytes[i] = seed >>> 24;
  }
  return view;
};
nodeCrypto.randomFillSync = fill;
if (globalThis.crypto) Object.defineProperty(globalThis.crypto, "getRandomValues", { value: fill, configurable: true });
Date.now = () => 1767225600000; // 2026-01-01, in file times and Python's clock
let tick = 0;
performance.now = () => (tick += 0.001);

const { loadPyodide } = await import("../node_modules/pyodide/pyodide.mjs");
const py = await loadPyodide({ _makeSnapshot: true, env: { PYTHONHASHSEED: "0" } });
py.runPython("1 + 1");
const snapshot = py.makeMemorySnapshot();
const packed = gzipSync(snapshot, { level: 9 });
writeFileSync(out, packed);
console.log(`snapshot: ${snapshot.length} bytes, gzip ${packed.length}`);
