// The service worker's updates (sw.template.js): registering it, noticing a new build's worker waiting beside the
// running one, and switching to it only when the player asks, with one whole reload.
//
//   registerServiceWorker()   register ./sw.js (boot.js, once the engine is ready)
//   onUpdateReady(fn)         fn(apply) once a new build waits; apply() switches to it and reloads the page
const listeners = new Set();
let waiting = null;

function offer(worker) {
  if (!worker || !navigator.serviceWorker.controller) return; // the first worker of a visit takes over by itself
  waiting = worker;
  for (const fn of listeners) fn(applyUpdate);
}

/** Let the waiting worker take over; the page reloads once it controls the page (one build, whole). */
function applyUpdate() {
  if (!waiting) return;
  navigator.serviceWorker.addEventListener("controllerchange", () => location.reload(), { once: true });
  waiting.postMessage({ type: "skip-waiting" });
}

/** Call fn(apply) when a new version is ready (at once if one already waits). */
export function onUpdateReady(fn) {
  listeners.add(fn);
  if (waiting) fn(applyUpdate);
  return () => listeners.delete(fn);
}

function watch(registration) {
  offer(registration.waiting);
  registration.addEventListener("updatefound", () => {
    const worker = registration.installing;
    worker?.addEventListener("statechange", () => { if (worker.state === "installed") offer(registration.waiting ?? worker); });
  });
  // A long-open tab looks for a new build whenever the player comes back to it.
  document.addEventListener("visibilitychange", () => {
    if (document.visibilityState === "visible") registration.update().catch(() => {});
  });
}

export function registerServiceWorker() {
  if (!("serviceWorker" in navigator)) return;
  navigator.serviceWorker.register("./sw.js").then(watch, (error) => console.warn("service worker not registered:", error));
}
