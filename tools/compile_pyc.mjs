// Compiles the engine's Python sources to bytecode with the very Python the site ships (Pyodide, from node_modules),
// the way Pyodide ships its own standard library, so the browser imports the engine without compiling it.
//
// usage: node tools/compile_pyc.mjs <package dir> <out dir> <installed dir>
//   <package dir>    a folder holding the package's sources (read)
//   <out dir>        where each module's bytecode is written as <name>.pyc, at the same relative path as its source
//                    (sourceless: Python imports pkg/mod.pyc when there is no pkg/mod.py)
//   <installed dir>  where the package lives once installed (for tracebacks), e.g. /lib/python3.14/site-packages
// The compiling is buildkit/pyc.py's compile_sourceless, run in Pyodide: docstrings stripped, asserts kept, and an
// "unchecked hash" .pyc with no timestamp (the same sources give the same bytes). Prints the interpreter's cache tag.
import { loadPyodide } from "../node_modules/pyodide/pyodide.mjs";
import { mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import { fileURLToPath } from "node:url";

const [src, out, installed] = process.argv.slice(2);
if (!src || !out || !installed) {
  console.error("usage: node tools/compile_pyc.mjs <package dir> <out dir> <installed dir>");
  process.exit(2);
}
const py = await loadPyodide();
const tool = "/compile-tool";
py.FS.mkdirTree(tool);
py.FS.writeFile(`${tool}/buildkit_pyc.py`, readFileSync(fileURLToPath(new URL("../buildkit/pyc.py", import.meta.url))));

function* files(dir) {
  for (const name of readdirSync(dir).sort()) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) yield* files(path);
    else if (name.endsWith(".py")) yield path;
  }
}

const sources = [...files(src)].map((path) => relative(src, path));
const work = "/compile";
for (const rel of sources) {
  py.FS.mkdirTree(dirname(`${work}/${rel}`));
  py.FS.writeFile(`${work}/${rel}`, readFileSync(join(src, rel)));
}
py.globals.set("sources", py.toPy(sources));
py.globals.set("work", work);
py.globals.set("installed", installed);
py.globals.set("tool", tool);
py.runPython(`
import sys
sys.dont_write_bytecode = True
sys.path.insert(0, tool)
from buildkit_pyc import compile_sourceless
for rel in sources:
    with open(f"{work}/{rel}", "rb") as source, open(f"{work}/{rel}c", "wb") as pyc:
        pyc.write(compile_sourceless(source.read(), f"{installed}/{rel}"))
`);
for (const rel of sources) {
  const target = join(out, `${rel}c`);
  mkdirSync(dirname(target), { recursive: true });
  writeFileSync(target, py.FS.readFile(`${work}/${rel}c`));
}
console.log(py.runPython("sys.implementation.cache_tag"));
