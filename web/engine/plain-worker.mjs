// The embeds' engine: the same self-hosted Pyodide, snapshot and engine wheel as the app, in a worker of our own
// instead of PyScript's. Two reasons (docs/EMBED.md, "One engine per page"; issue 31):
//   * PyScript's worker opens IndexedDB before Python starts and fails when a browser refuses storage to a
//     third-party frame (Safari, Firefox strict, Chrome with third-party cookies blocked); this worker touches no
//     storage: only fetch.
//   * Run as a SharedWorker, it is one engine for every example of a host page: each frame connects a port, and the
//     bridge already keeps many matches apart by their ids.
// The page names the Pyodide loader in the worker's name ("star-table-engine <loader URL>"), as the build writes it
// into embed.html: not in the worker's address, which a service worker answering from its cache drops.
// Messages: {id, body} in (a bridge request as JSON text); {id, text} or {id, error} out; {stage} while booting.

const loaderUrl = new URL(String(self.name || "").split(" ")[1] || "about:blank", self.location.href);
const ports = new Set();
let stage = "runtime";

const WORKER = String(performance.timeOrigin); // names this engine instance (a page counts its engines by it)

function announce(next) {
  stage = next;
  for (const port of ports) port.postMessage({ stage, worker: WORKER });
}

const booting = (async () => {
  if (loaderUrl.origin !== self.location.origin || !loaderUrl.pathname.endsWith(".mjs")) {
    throw new Error("the engine's loader must be a module on this site");
  }
  const { loadPyodide } = await import(loaderUrl.href);
  if (typeof loadPyodide !== "function") throw new Error(`${loaderUrl.pathname} is not the Pyodide loader`);
  const py = await loadPyodide();
  announce("installing");
  await py.loadPackage("pyengine", { messageCallback: () => {}, errorCallback: (m) => console.warn(m) });
  const handle = py.pyimport("pyengine.bridge").handle;
  announce("ready");
  return handle;
})();
booting.catch((err) => announce(`error:${err && err.message ? err.message : String(err)}`));

function serve(port) {
  ports.add(port);
  port.postMessage({ stage, worker: WORKER });
  port.onmessage = async (event) => {
    const { id, body } = event.data || {};
    if (typeof id !== "number" || typeof body !== "string") return;
    try {
      const handle = await booting;
      port.postMessage({ id, text: handle(body) });
    } catch (err) {
      port.postMessage({ id, error: err && err.message ? err.message : String(err) });
    }
  };
}

if (typeof SharedWorkerGlobalScope !== "undefined" && self instanceof SharedWorkerGlobalScope) {
  self.onconnect = (event) => {
    const port = event.ports[0];
    serve(port);
    port.start();
  };
} else {
  serve(self);
}
