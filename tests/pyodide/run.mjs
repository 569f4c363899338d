// Run a Python file inside Pyodide under Node, as deckgen's static site runs it: the site-packages
// folder tests/pyodide/site_packages.py builds, and harfbuzzjs loaded by deckgen/inbrowser/text.mjs.
//
//   node tests/pyodide/run.mjs FILE.py [ARGS...]
//     PYODIDE  the npm package's folder (default /tmp/pyo/inst/node_modules/pyodide)
//     SITE     the site-packages folder (default /tmp/textsp); its harfbuzzjs in SITE.vendor
//     WORK     a host folder mounted at /work, the script's working folder (default: a new temporary one)
// The script's sys.argv is [FILE, ARGS...]; the exit status is the script's (1 on an exception).
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";

const here = path.dirname(new URL(import.meta.url).pathname);
const PYODIDE = process.env.PYODIDE ?? "/tmp/pyo/inst/node_modules/pyodide";
const SITE = process.env.SITE ?? "/tmp/textsp";
const WORK = process.env.WORK ?? fs.mkdtempSync(path.join(os.tmpdir(), "deckgen-pyodide-"));
const [file, ...args] = process.argv.slice(2);

const { loadTextParts } = await import(pathToFileURL(path.join(here, "../../deckgen/inbrowser/text.mjs")).href);
await loadTextParts(pathToFileURL(SITE + ".vendor").href);
const { loadPyodide } = await import(pathToFileURL(path.join(PYODIDE, "pyodide.mjs")).href);
const py = await loadPyodide();
for (const [at, root] of [["/site", SITE], ["/work", WORK], ["/script", path.dirname(path.resolve(file))]]) {
  py.FS.mkdirTree(at);
  py.FS.mount(py.FS.filesystems.NODEFS, { root }, at);
}
py.globals.set("script_argv", py.toPy(["/script/" + path.basename(file), ...args]));
let status = 0;
try {
  await py.runPythonAsync(`
import os, runpy, sys
sys.path.insert(0, "/site")
sys.argv = list(script_argv)
os.chdir("/work")
try:
    runpy.run_path(sys.argv[0], run_name="__main__")
except SystemExit as stop:
    if stop.code not in (None, 0):
        raise
`);
} catch (error) {
  console.error(String(error).split("\n").slice(-30).join("\n"));
  status = 1;
}
process.exit(status);
