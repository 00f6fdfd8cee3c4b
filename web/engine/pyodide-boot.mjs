// The engine's Pyodide loader, named as PyScript's "interpreter": Pyodide's own loadPyodide, restoring a memory
// snapshot of a freshly started Python (made at build time by tools/make_snapshot.mjs) instead of running Python's
// start, which is most of an engine's load (docs/PERFORMANCE.md). build.py puts it next to pyodide.mjs, since PyScript
// takes the runtime's folder from this module's address. If the snapshot cannot be had or restored, Pyodide starts
// the usual way.
import { loadPyodide as loadPlain, version } from "./pyodide.mjs";

export { version };

// build.py names the file by its content (the runtime's folder is cached as immutable).
const SNAPSHOT = new URL("./python-snapshot.bin.gz", import.meta.url);

/** The snapshot's bytes (stored gzip-compressed: 6 MB instead of 31 MB). */
async function snapshotBytes() {
  const response = await fetch(SNAPSHOT);
  if (!response.ok) throw new Error(`the Python snapshot answered HTTP ${response.status}`);
  const packed = new Uint8Array(await response.arrayBuffer());
  if (packed[0] !== 0x1f || packed[1] !== 0x8b) return packed; // a host sent it with Content-Encoding: gzip
  const unpacked = new Response(new Blob([packed]).stream().pipeThrough(new DecompressionStream("gzip")));
  return new Uint8Array(await unpacked.arrayBuffer());
}

/** Pyodide's loadPyodide(options), started from the snapshot (fetched beside the runtime's own files). */
export async function loadPyodide(options = {}) {
  let py;
  try {
    py = await loadPlain({ ...options, _loadSnapshot: snapshotBytes() });
  } catch (err) {
    console.warn("Python snapshot not used:", err);
    return loadPlain(options);
  }
  // The snapshot's generator was seeded at build time, the same for every visitor: seed it from this browser.
  py.runPython("import random as _random\n_random.seed()\ndel _random");
  performance.mark("engine:python-snapshot");
  return py;
}
