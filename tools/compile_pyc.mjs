// Compiles the engine's Python sources to bytecode with the very Python the site ships (Pyodide, from node_modules),
// the way Pyodide ships its own standard library, so the browser imports the engine without compiling it.
//
// usage: node tools/compile_pyc.mjs <package dir> <out dir> <installed dir>
//   <package dir>    a folder holding the package's sources (read)
//   <out dir>        where each module's __pycache__/<name>.<tag>.pyc is written, at the same relative path
//   <installed dir>  where the package lives once installed (for tracebacks), e.g. /lib/python3.14/site-packages
// The .pyc files are "unchecked hash" ones: no timestamps (the same sources give the same bytes), and Python uses
// them without reading the source again. Prints the interpreter's cache tag.
import { loadPyodide } from "../node_modules/pyodide/pyodide.mjs";
import { mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { dirname, join, relative } from "node:path";

const [src, out, installed] = process.argv.slice(2);
if (!src || !out || !installed) {
  console.error("usage: node tools/compile_pyc.mjs <package dir> <out dir> <installed dir>");
  process.exit(2);
}
const py = await loadPyodide();
const work = "/compile";

function* files(dir) {
  for (const name of readdirSync(dir).sort()) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) yield* files(path);
    else if (name.endsWith(".py")) yield path;
  }
}

const sources = [...files(src)].map((path) => relative(src, path));
for (const rel of sources) {
  const target = `${work}/${rel}`;
  py.FS.mkdirTree(dirname(target));
  py.FS.writeFile(target, readFileSync(join(src, rel)));
}
py.globals.set("sources", py.toPy(sources));
py.globals.set("work", work);
py.globals.set("installed", installed);
const made = py.runPython(`
import importlib.util, py_compile, sys
done = []
for rel in sources:
    pyc = importlib.util.cache_from_source(f"{work}/{rel}")
    py_compile.compile(f"{work}/{rel}", cfile=pyc, dfile=f"{installed}/{rel}", doraise=True,
                       invalidation_mode=py_compile.PycInvalidationMode.UNCHECKED_HASH)
    done.append(pyc[len(work) + 1:])
done
`).toJs();
for (const rel of made) {
  const target = join(out, rel);
  mkdirSync(dirname(target), { recursive: true });
  writeFileSync(target, py.FS.readFile(`${work}/${rel}`));
}
console.log(py.runPython("sys.implementation.cache_tag"));
