// Installs the engine wheel with micropip in the pinned Pyodide (from node_modules) and prints micropip's frozen lock
// (micropip.freeze()): the lock PyScript's package cache would store after a first visit, made once at build time so
// that every visit, the first included, loads the engine from it without importing micropip in the browser.
//
// usage: node tools/freeze_lock.mjs <lock dir> <engine wheel>
//   <lock dir>      a folder holding the site's minimal pyodide-lock.json and the micropip wheel it names
//   <engine wheel>  the engine's .whl file
// Prints the frozen lock's JSON on the last line of stdout (Pyodide's own log lines come before it).
import { loadPyodide } from "../node_modules/pyodide/pyodide.mjs";
import { readFileSync } from "node:fs";
import { basename, join, resolve } from "node:path";

const [lockDir, wheel] = process.argv.slice(2);
if (!lockDir || !wheel) {
  console.error("usage: node tools/freeze_lock.mjs <lock dir> <engine wheel>");
  process.exit(2);
}
const dir = resolve(lockDir);
const py = await loadPyodide({ lockFileURL: join(dir, "pyodide-lock.json"), packageBaseUrl: `${dir}/` });
await py.loadPackage("micropip", { errorCallback: (text) => { throw new Error(text); } });
const target = `/tmp/${basename(wheel)}`;
py.FS.writeFile(target, readFileSync(wheel));
py.globals.set("target", target);
const frozen = await py.runPythonAsync(`
import micropip
micropip.set_index_urls([])  # the engine has no dependencies: nothing may be looked up online
await micropip.install(f"emfs:{target}")
micropip.freeze()
`);
console.log(frozen);
