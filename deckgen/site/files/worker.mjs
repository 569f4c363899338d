// deckgen's page, running in this web worker: Pyodide (CPython for WebAssembly), deckgen and
// the packages it needs, unpacked from the site's wheels; then the page's ASGI application
// answers the requests the service worker passes on (deckgen/browser.py, deckgen/site/bridge.py).
import { loadPyodide } from "./pyodide/pyodide.mjs";

const CHANNEL = "deckgen-page";
const here = new URL(".", import.meta.url);
let tab = null;
let bridge = null;
let py = null;
const waiting = [];

const channel = new BroadcastChannel(CHANNEL);
channel.onmessage = (event) => {
  const ask = event.data;
  if (ask.kind !== "ask" || ask.tab !== tab) return;
  if (bridge) answer(ask);
  else waiting.push(ask);
};

function say(kind, more) { postMessage({ kind, ...more }); }

async function answer(ask) {
  let reply;
  try {
    const made = await bridge.answer(
      ask.method, ask.root, ask.path, ask.query, py.toPy(ask.headers), ask.body ?? new Uint8Array(0),
      ask.sameOrigin, ask.navigate,
    );
    const [status, headers, body] = made.toJs();
    made.destroy();
    reply = { kind: "answer", id: ask.id, status, headers, body };
  } catch (error) {
    const words = "deckgen could not answer: " + String(error).split("\n").filter(Boolean).pop();
    reply = { kind: "answer", id: ask.id, status: 500, headers: [["content-type", "text/plain; charset=utf-8"]],
      body: new TextEncoder().encode(words) };
  }
  channel.postMessage(reply);
}

async function boot(languages) {
  const found = await fetch(new URL("site.json", here));
  if (!found.ok) throw new Error(`site.json: ${found.status} ${found.statusText} (is the whole site on the server?)`);
  const listing = await found.json();
  say("progress", { step: "python", done: 0, total: listing.wheels.length + 2 });
  py = await loadPyodide({ indexURL: new URL("pyodide/", here).href });
  const sitePackages = py.runPython("import sysconfig; sysconfig.get_paths()['purelib']");
  let done = 1;
  const unpack = async (path, format) => {
    const response = await fetch(new URL(path, here));
    if (!response.ok) throw new Error(`${path}: ${response.status} ${response.statusText} (is the whole site on the server?)`);
    const data = await response.arrayBuffer();
    py.unpackArchive(data, format, { extractDir: sitePackages });
    say("progress", { step: "packages", done: ++done, total: listing.wheels.length + 2 });
  };
  await Promise.all([...listing.wheels.map((path) => unpack(path, "wheel")), unpack(listing.standin, "zip")]);
  try {
    const text = await import(new URL("text.mjs", here).href);
    await text.loadTextParts(new URL("vendor/", here).href);
  } catch (error) {
    say("warning", { words: "text shaping unavailable: " + error });
  }
  say("progress", { step: "page", done, total: listing.wheels.length + 2 });
  const language = (languages[0] || "en").split("-")[0];
  const start = py.pyimport("deckgen.browser").start;
  bridge = await start(language);
  say("ready", {});
  for (const ask of waiting.splice(0)) answer(ask);
}

onmessage = async (event) => {
  if (event.data.kind !== "start") return;
  tab = event.data.tab;
  try {
    await boot(event.data.languages || []);
  } catch (error) {
    say("failed", { words: String(error).split("\n").filter(Boolean).slice(-3).join("\n") });
  }
};
