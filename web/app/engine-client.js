// Engine client: the page's only way to talk to the Python engine running in the PyScript worker.
//
// Public API (the UI relies on exactly this):
//   import { engine, EngineError } from "./engine-client.js";
//   engine.ready            Promise<object>  resolves with the `info` response once the worker's engine
//                                            is loaded and answered; rejects with an EngineError.
//   engine.call(request)    Promise<object>  JSON.stringify(request) -> worker -> JSON.parse(response).
//                                            Calls run one at a time, in call order. `{"ok": false}`
//                                            answers resolve normally (see docs/BRIDGE.md); a crashed or
//                                            missing worker, a Python exception or a non-JSON answer
//                                            rejects with an EngineError.
//   engine.start()          Promise          loads PyScript, which creates the worker, when the page defers it
//                                            (a <meta name="pyscript-core">: the app page, once its home screen
//                                            is drawn); at most once; a no-op where the page loads PyScript
//                                            itself. A failed load rejects the calls and `ready`.
//   engine.stage            "runtime" | "installing" | "ready" | "error"  (current boot stage)
//   engine.addEventListener("stage", (e) => e.detail.stage)   boot-stage changes (engine is an EventTarget)
// Boot timing is left as performance marks: engine:start and engine:runtime-loaded (where the page defers PyScript),
// engine:worker-created, engine:installing, engine:worker-ready, engine:ready (performance.getEntriesByType("mark")).

import { jsonProblem, MAX_BYTES } from "./json-guard.js";

const WORKER_SELECTOR = 'script[type="py"][worker][name="engine"]';
const BOOT_CHANNEL = "engine-boot";

/** An error from the engine client (worker failure, bad answer); `cause` keeps the original error. */
export class EngineError extends Error {
  constructor(message, options) {
    super(message, options);
    this.name = "EngineError";
  }
}

/** Turns anything thrown across the worker boundary into readable text. */
function describe(error) {
  if (error instanceof Error) return error.message || String(error);
  if (error && typeof error === "object" && "message" in error) return String(error.message);
  return String(error);
}

/** Resolves with the PyScript worker element's `xworker` once PyScript has created it. */
function whenWorkerCreated() {
  const element = document.querySelector(WORKER_SELECTOR);
  if (!element) {
    return Promise.reject(new EngineError(`the page has no ${WORKER_SELECTOR} element`));
  }
  return new Promise((resolve) => {
    const poll = () => (element.xworker ? resolve(element.xworker) : setTimeout(poll, 5));
    poll();
  });
}

/** How long a shared worker may stay silent before the frame runs an engine of its own (see workerTransport). */
const SHARED_SILENCE_MS = 8000;

/**
 * The embeds' engine (web/engine/plain-worker.mjs, named by <meta name="engine-worker">): one SharedWorker for every
 * example of a host page, or where a shared worker cannot be had, a worker of this frame's own. Answers like the
 * PyScript worker's `sync`: {handle(body) -> Promise<text>}; `onStage` hears the worker's boot stages, `onCrash`
 * its failure. `kind` is "shared" or "dedicated"; `workerId` names the engine instance (one per booted engine).
 */
function workerTransport(meta, onStage, onCrash) {
  const url = new URL(meta.content, document.baseURI);
  const name = `star-table-engine ${new URL(meta.dataset.loader, document.baseURI).href}`; // the worker reads its loader here
  const pending = new Map(); // id -> {body, resolve, reject}
  let next = 1;
  let port = null;
  let heard = false; // the worker has answered: a later error is the engine's, not a refused shared worker
  const transport = {
    kind: null, workerId: null,
    handle(body) {
      const id = next++;
      return new Promise((resolve, reject) => {
        pending.set(id, { body, resolve, reject });
        port.postMessage({ id, body });
      });
    },
  };
  const listen = (target) => {
    target.onmessage = (event) => {
      if (target !== port) return; // a shared worker given up on (below) that answered late
      heard = true;
      const data = event.data || {};
      if (data.worker !== undefined) transport.workerId = String(data.worker);
      if (typeof data.stage === "string") {
        if (data.stage.startsWith("error:")) onCrash(new EngineError(`the engine could not start: ${data.stage.slice(6)}`));
        else onStage(data.stage);
      }
      const call = pending.get(data.id);
      if (!call) return;
      pending.delete(data.id);
      if (typeof data.error === "string") call.reject(new EngineError(data.error));
      else call.resolve(data.text);
    };
  };
  const dedicated = () => {
    const worker = new Worker(url, { type: "module", name });
    worker.addEventListener("error", (event) => onCrash(new EngineError(`the engine worker failed: ${event.message || "unknown error"}`)));
    listen(worker);
    port = worker;
    transport.kind = "dedicated";
    for (const [id, call] of pending) port.postMessage({ id, body: call.body }); // asked before the switch
  };
  let shared = null;
  try {
    if (typeof SharedWorker === "function" && meta.dataset.shared !== "off") shared = new SharedWorker(url, { type: "module", name });
  } catch {
    shared = null;
  }
  if (shared) {
    // A browser that keeps shared workers from third-party frames (storage blocked) fails it at once, with an
    // error event and no message: this frame then runs an engine of its own.
    shared.addEventListener("error", () => {
      if (heard) onCrash(new EngineError("the shared engine worker failed"));
      else if (transport.kind === "shared") dedicated();
    });
    listen(shared.port);
    port = shared.port;
    transport.kind = "shared";
    shared.port.start();
    // A shared worker that neither answers nor fails (a refused one, on some browsers) is given up on: the worker
    // says its stage as soon as a frame connects, so a few silent seconds mean it is not coming.
    setTimeout(() => { if (!heard && transport.kind === "shared") dedicated(); }, SHARED_SILENCE_MS);
  } else {
    dedicated();
  }
  return transport;
}

class EngineClient extends EventTarget {
  #queue = Promise.resolve();
  #worker = null; // the embeds' worker transport, once start() made it
  #startWorker = null; // resolves `started` with it
  #sync; // Promise of the worker's `sync` proxy (whose `handle` is pyengine.bridge.handle)
  #crashed; // Promise that only ever rejects, when the worker dies or PyScript could not load
  #crash; // rejects #crashed
  #loading = null; // the import of PyScript's core, once start() asked for it
  stage = "runtime";
  calls = 0; // requests asked so far (the warm-up stops once anything else asks)

  constructor() {
    super();
    this.#crashed = new Promise((_, reject) => (this.#crash = reject));
    this.#crashed.catch(() => {}); // observed by the calls that race it
    this.workerMeta = typeof document !== "undefined" ? document.querySelector('meta[name="engine-worker"]') : null;
    if (this.workerMeta) {
      /** Resolves once start() has connected to the embeds' engine worker (already the `sync` the calls use). */
      this.started = Promise.race([new Promise((resolve) => { this.#startWorker = resolve; }), this.#crashed]);
      this.#sync = this.started;
    } else {
      /** Resolves once PyScript has created the engine worker. */
      this.started = Promise.race([whenWorkerCreated(), this.#crashed]);
      this.#sync = this.#pyscriptSync();
    }
    this.#listenForStages();
    this.ready = this.call({ op: "info" }).then(
      (info) => {
        if (!info || info.ok !== true) {
          throw new EngineError(`the engine answered info with an error: ${JSON.stringify(info?.error ?? info)}`);
        }
        this.#setStage("ready");
        return info;
      },
      (error) => {
        this.#setStage("error");
        throw error instanceof EngineError ? error : new EngineError(describe(error), { cause: error });
      },
    );
    this.ready.catch(() => {}); // boot.js reports it; avoid a second "unhandled rejection"
  }

  /** The PyScript worker's `sync` (whose `handle` is pyengine.bridge.handle), once its Python is ready. */
  #pyscriptSync() {
    return this.started.then(async (xworker) => {
      performance.mark("engine:worker-created");
      xworker.addEventListener("error", (event) => {
        const why = event.error ? describe(event.error) : event.message || "unknown error";
        this.#crash(new EngineError(`the engine worker failed: ${why}`, { cause: event.error }));
      });
      try {
        await Promise.race([xworker.ready, this.#crashed]);
      } catch (error) {
        throw new EngineError(`the engine could not start: ${describe(error)}`, { cause: error });
      }
      performance.mark("engine:worker-ready");
      return xworker.sync;
    });
  }

  /**
   * Sends one request object through the bridge and resolves with the parsed response object. A request nested
   * too deep or too large never reaches Python (it once overflowed Pyodide's stack): it answers a typed error.
   */
  call(request) {
    this.calls += 1;
    const problem = jsonProblem(request);
    const body = problem ? null : JSON.stringify(request);
    if (problem || body.length > MAX_BYTES) {
      const code = problem ? `input/${problem.code}` : "input/too_large";
      return Promise.resolve({ ok: false, error: { code, message: code === "input/too_deep" ? `the data is nested more than ${problem.depth} levels deep` : "the data is too large" } });
    }
    const run = async () => {
      const sync = await this.#sync;
      let text;
      try {
        text = await Promise.race([sync.handle(body), this.#crashed]);
      } catch (error) {
        if (error instanceof EngineError) throw error;
        throw new EngineError(`engine call ${JSON.stringify(request?.op)} failed: ${describe(error)}`, {
          cause: error,
        });
      }
      try {
        return JSON.parse(text);
      } catch (error) {
        throw new EngineError(`engine call ${JSON.stringify(request?.op)} returned non-JSON: ${String(text).slice(0, 200)}`, {
          cause: error,
        });
      }
    };
    const result = this.#queue.then(run, run);
    this.#queue = result.catch(() => {});
    return result;
  }

  /** Loads PyScript's core (named by <meta name="pyscript-core">) if the page defers it; at most once. */
  start() {
    if (this.#loading) return this.#loading;
    if (this.workerMeta) {
      performance.mark("engine:start");
      try {
        this.#worker = workerTransport(this.workerMeta, (stage) => this.#setStage(stage === "ready" ? "installing" : stage),
          (error) => this.#crash(error));
        performance.mark("engine:worker-created");
        this.#startWorker(this.#worker);
      } catch (error) {
        this.#crash(new EngineError(`the engine worker could not start: ${describe(error)}`, { cause: error }));
      }
      this.#loading = Promise.resolve();
      return this.#loading;
    }
    const core = document.querySelector('meta[name="pyscript-core"]');
    if (!core || document.querySelector(WORKER_SELECTOR)?.xworker) {
      this.#loading = Promise.resolve();
      return this.#loading;
    }
    performance.mark("engine:start");
    this.#loading = import(new URL(core.content, document.baseURI).href).then(
      () => { performance.mark("engine:runtime-loaded"); },
      (error) => this.#crash(new EngineError(`the engine's runtime could not load: ${describe(error)}`, { cause: error })),
    );
    return this.#loading;
  }

  /** The embeds' worker: {kind: "shared" | "dedicated", workerId}, or null (the app's PyScript worker). */
  get worker() {
    return this.#worker ? { kind: this.#worker.kind, workerId: this.#worker.workerId } : null;
  }

  #setStage(stage) {
    if (this.stage === stage || this.stage === "ready" || this.stage === "error") return;
    this.stage = stage;
    performance.mark(`engine:${stage}`);
    this.dispatchEvent(new CustomEvent("stage", { detail: { stage } }));
  }

  #listenForStages() {
    if (typeof BroadcastChannel !== "function") return;
    const channel = new BroadcastChannel(BOOT_CHANNEL);
    channel.onmessage = (event) => {
      if (event.data?.stage === "installing" && this.stage === "runtime") this.#setStage("installing");
    };
    this.addEventListener("stage", () => {
      if (this.stage === "ready" || this.stage === "error") channel.close();
    });
  }
}

/** The one engine client of the page. */
export const engine = new EngineClient();
