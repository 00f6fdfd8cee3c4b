// Starts the engine inside the embed when the reader asks for it: copies the inert engine template into the page,
// loads PyScript from this site, then loads the embed's app (whose modules need the engine's worker element).

/** Start the engine and run the example; ctx comes from poster.js. */
export async function start(ctx) {
  const template = document.getElementById("engine-template");
  if (!template) throw new Error("embed.html has no engine template");
  document.body.append(template.content.cloneNode(true));
  const core = document.querySelector('meta[name="pyscript-core"]');
  await import(new URL(core.content, document.baseURI).href);
  const app = await import("./embed-app.js");
  return app.run(ctx);
}
