// Starts the engine inside the embed when the reader asks for it: loads the embed's app, then connects to the
// embeds' engine worker (web/engine/plain-worker.mjs: one shared worker for every example of the host page, or one
// of this frame's own), which loads the same self-hosted Pyodide and engine wheel as the app. No PyScript here: its
// worker needs IndexedDB, which browsers refuse to many third-party frames (docs/EMBED.md, "One engine per page").

/** Start the engine and run the example; ctx comes from poster.js. */
export async function start(ctx) {
  const app = await import("./embed-app.js");
  const { engine } = await import("../engine-client.js");
  engine.start();
  return app.run(ctx);
}
