// Thin wrapper over the runtime's engine client: turns {ok:false} answers into thrown EngineError objects.
import { engine } from "../engine-client.js";

export class EngineError extends Error {
  constructor(code, message) {
    super(message || code || "engine error");
    this.name = "EngineError";
    this.code = code || "engine/error";
  }
}

export const engineReady = () => engine.ready;

/** Send one request; resolve with the answer, or throw EngineError when the engine says ok:false. */
export async function call(request) {
  let answer;
  try {
    answer = await engine.call(request);
  } catch (err) {
    if (err instanceof EngineError) throw err;
    const code = err && (err.code || (err.error && err.error.code));
    const message = err && (err.error ? err.error.message : err.message);
    throw new EngineError(code || "engine/error", message || String(err));
  }
  if (typeof answer === "string") answer = JSON.parse(answer);
  if (!answer || answer.ok === false) {
    const e = (answer && answer.error) || {};
    throw new EngineError(e.code || "engine/error", e.message || "The engine refused the request.");
  }
  return answer;
}
