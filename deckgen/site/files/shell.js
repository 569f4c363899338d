// deckgen's start page: starts the page's web worker (Pyodide and deckgen), makes sure the
// service worker is there to pass the page's requests to it, then shows the page in a frame.
// The frame's address is app/<tab>/: each open start page runs its own deckgen.
"use strict";
const CHANNEL = "deckgen-page";
const SAID = {
  python: "Loading Python…",
  packages: "Loading deckgen and its parts…",
  page: "Starting the page…",
  noWorker: "deckgen needs a browser that can keep a site for offline use (a service worker): a recent Chrome, Edge, Firefox or Safari, and the site served over https or from localhost.",
  failed: "deckgen could not start in this browser:",
};
const step = document.getElementById("step");
const bar = document.getElementById("bar");
const frame = document.getElementById("page");

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
  channel.onmessage = (event) => {
    if (event.data.kind === "ask" && event.data.tab === tab) channel.postMessage({ kind: "taken", id: event.data.id });
  };
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
  worker.postMessage({ kind: "start", tab, languages: [...navigator.languages] });
  try {
    await navigator.serviceWorker.register("sw.js", { scope: "./" });
    await navigator.serviceWorker.ready;
    await ready;
  } catch (error) {
    problem(SAID.failed + " " + error.message);
    return;
  }
  frame.addEventListener("load", () => {
    // The start page's address keeps the page's settings (bookmark it), and its title.
    try {
      const inner = frame.contentWindow.location;
      history.replaceState(null, "", location.pathname + inner.search);
      document.title = frame.contentDocument.title;
    } catch (error) { /* a page of another site: nothing to copy */ }
  });
  frame.src = "app/" + tab + "/" + location.search;
  frame.hidden = false;
  document.getElementById("loading").hidden = true;
}

start();
