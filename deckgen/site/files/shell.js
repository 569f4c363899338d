// deckgen's start page: starts the page's web worker (Pyodide and deckgen), makes sure the
// service worker is there to pass the page's requests to it, then shows the page in a frame.
// The frame's address is app/<tab>/: each open start page runs its own deckgen.
"use strict";
const CHANNEL = "deckgen-page";
// What the start page says, in the page's languages (written in by make site): the language
// of ?lang= in the address, else the browser's first one deckgen speaks, else English.
const WORDS = JSON.parse(document.getElementById("words").textContent);
const asked = new URLSearchParams(location.search).get("lang");
const LANGUAGE = [asked, ...navigator.languages].map((tag) => (tag || "").slice(0, 2).toLowerCase())
  .find((tag) => tag in WORDS) || "en";
const SAID = WORDS[LANGUAGE];
document.documentElement.lang = LANGUAGE;
document.title = SAID.title;
document.getElementById("step").textContent = SAID.loading;
document.getElementById("about").textContent = SAID.about;
document.getElementById("busy").textContent = SAID.busy;
const step = document.getElementById("step");
const bar = document.getElementById("bar");
const frame = document.getElementById("page");
const busy = document.getElementById("busy");
// Milliseconds a request may take before the start page says deckgen is working.
const BUSY_AFTER = 1500;

function problem(words) {
  step.textContent = words;
  step.className = "problem";
  bar.hidden = true;
}

async function start() {
  if (!("serviceWorker" in navigator)) { problem(SAID.noWorker); return; }
  const tab = Array.from(crypto.getRandomValues(new Uint8Array(12)), (b) => b.toString(16).padStart(2, "0")).join("");
  // The start page says at once that it is there for each request of its frame, even while a
  // long job keeps the web worker busy (the service worker otherwise says the page was closed).
  const channel = new BroadcastChannel(CHANNEL);
  const pending = new Map();
  channel.onmessage = (event) => {
    const said = event.data;
    if (said.kind === "ask" && said.tab === tab) {
      channel.postMessage({ kind: "taken", id: said.id });
      pending.set(said.id, Date.now());
    } else if (said.kind === "answer") pending.delete(said.id);
  };
  // While a request has waited a while (a job holds the browser's Python), say so above the page.
  setInterval(() => {
    const oldest = Math.min(...pending.values());
    busy.hidden = !(pending.size && Date.now() - oldest > BUSY_AFTER);
  }, 250);
  const worker = new Worker("worker.mjs", { type: "module" });
  const ready = new Promise((resolve, reject) => {
    worker.onmessage = (event) => {
      const said = event.data;
      if (said.kind === "progress") {
        step.textContent = SAID[said.step] || step.textContent;
        bar.max = said.total;
        bar.value = said.done;
      } else if (said.kind === "ready") resolve();
      else if (said.kind === "failed") reject(new Error(said.words));
      else if (said.kind === "warning") console.warn("deckgen:", said.words);
    };
    worker.onerror = (event) => reject(new Error(event.message || "the web worker stopped"));
  });
  worker.postMessage({ kind: "start", tab, languages: [LANGUAGE] });
  try {
    await navigator.serviceWorker.register("sw.js", { scope: "./" });
    await navigator.serviceWorker.ready;
    await ready;
  } catch (error) {
    problem(SAID.failed + " " + error.message);
    return;
  }
  // The start page's address keeps the page's settings (bookmark it), and its title, as the
  // page changes them (its script rewrites its own address as settings change).
  const follow = () => {
    try {
      const search = frame.contentWindow.location.search;
      if (search !== location.search) history.replaceState(null, "", location.pathname + search);
      if (frame.contentDocument.title) document.title = frame.contentDocument.title;
    } catch (error) { /* a page of another site: nothing to copy */ }
  };
  frame.addEventListener("load", follow);
  setInterval(follow, 1000);
  frame.src = "app/" + tab + "/" + location.search;
  frame.hidden = false;
  document.getElementById("loading").hidden = true;
}

start();
