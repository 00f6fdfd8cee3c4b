// Runs Python code in the pinned Pyodide (from node_modules) with engine wheels unpacked, and prints its answer.
//
// usage: node tools/run_in_pyodide.mjs <wheel> [<wheel> ...] < code.py
//   every wheel is unpacked into /wheels/<n>/ (n from 0, in order), and the first one also into site-packages, where
//   an installed package lives; the code (read from stdin) finds the folders in the list `wheel_dirs`
// The code's last expression, a str, is printed on the last line of stdout (Pyodide's own log lines come before it).
// Used by benchmarks/engine_import.py and tests/test_build.py.
import { loadPyodide } from "../node_modules/pyodide/pyodide.mjs";
import { readFileSync } from "node:fs";

const wheels = process.argv.slice(2);
if (!wheels.length) {
  console.error("usage: node tools/run_in_pyodide.mjs <wheel> [<wheel> ...] < code.py");
  process.exit(2);
}
const code = readFileSync(0, "utf8");
const py = await loadPyodide();
const site = py.runPython("import sysconfig; sysconfig.get_paths()['purelib']");
const dirs = wheels.map((_, n) => `/wheels/${n}`);
wheels.forEach((wheel, n) => {
  const bytes = new Uint8Array(readFileSync(wheel));
  py.unpackArchive(bytes, "wheel", { extractDir: dirs[n] });
  if (n === 0) py.unpackArchive(bytes, "wheel", { extractDir: site });
});
py.globals.set("wheel_dirs", py.toPy(dirs));
console.log(py.runPython(code));
