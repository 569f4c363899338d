// deckgen's service worker. Two jobs:
// 1. Keep the site's files (listed in site.json) so that deckgen opens offline after the first
//    visit; a new build of the site has a new version, and so a new cache.
// 2. Hand every request of the page's frame (under app/<tab>/) to the web worker running the
//    page, through a BroadcastChannel, and answer with what it says. Nothing goes to a server.
"use strict";
const VERSION = "@VERSION@";
const CACHE = "deckgen-" + VERSION;
const CHANNEL = "deckgen-page";
const SCOPE = new URL(self.registration.scope);
const APP = SCOPE.pathname + "app/";
// How long the start page has to say it is there before the page is said to be closed.
const TAKEN_WITHIN = 5000;

const channel = new BroadcastChannel(CHANNEL);
const asked = new Map();
channel.onmessage = (event) => {
  const said = event.data;
  const waiting = asked.get(said.id);
  if (!waiting) return;
  if (said.kind === "taken") waiting.taken();
  else if (said.kind === "answer") { asked.delete(said.id); waiting.resolve(said); }
};

self.addEventListener("install", (event) => {
  event.waitUntil((async () => {
    const listing = await (await fetch(new URL("site.json", SCOPE), { cache: "reload" })).json();
    const cache = await caches.open(CACHE);
    // The listing names every file but itself (and this script, which the browser keeps).
    const paths = ["./", "site.json", ...listing.files.map((file) => file.path)];
    await cache.addAll(paths.map((path) => new Request(new URL(path, SCOPE), { cache: "reload" })));
    await self.skipWaiting();
  })());
});

self.addEventListener("activate", (event) => {
  event.waitUntil((async () => {
    for (const name of await caches.keys()) {
      if (name.startsWith("deckgen-") && name !== CACHE) await caches.delete(name);
    }
    await self.clients.claim();
  })());
});

self.addEventListener("fetch", (event) => {
  const url = new URL(event.request.url);
  if (url.origin !== SCOPE.origin) return;
  if (url.pathname.startsWith(APP)) event.respondWith(toPage(event, url));
  else if (url.pathname.startsWith(SCOPE.pathname)) event.respondWith(kept(event.request));
});

async function kept(request) {
  const cache = await caches.open(CACHE);
  const found = await cache.match(request, { ignoreSearch: true });
  if (found) return found;
  try {
    return await fetch(request);
  } catch (error) {
    return new Response("deckgen: this file is not on this computer and the site cannot be reached.", {
      status: 503, headers: { "content-type": "text/plain; charset=utf-8" },
    });
  }
}

// Whether the request comes from one of the site's own pages (the frame, or the start page
// opening it), as a web server would learn from the browser's Sec-Fetch-Site.
async function fromOwnPage(event) {
  if (event.clientId && (await self.clients.get(event.clientId))) return true;
  const referrer = event.request.referrer;
  return Boolean(referrer) && new URL(referrer).origin === SCOPE.origin;
}

async function toPage(event, url) {
  const request = event.request;
  const rest = url.pathname.slice(APP.length);
  const slash = rest.indexOf("/");
  if (slash < 0) return Response.redirect(url.pathname + "/" + url.search, 302);
  const tab = rest.slice(0, slash);
  const body = ["GET", "HEAD"].includes(request.method) ? null : new Uint8Array(await request.arrayBuffer());
  const ask = {
    kind: "ask",
    id: crypto.randomUUID(),
    tab,
    method: request.method,
    root: APP + tab,
    path: decodeURIComponent(rest.slice(slash)),
    query: url.search.slice(1),
    headers: [...request.headers],
    body,
    sameOrigin: await fromOwnPage(event),
    navigate: request.mode === "navigate",
  };
  if (!ask.headers.some(([name]) => name.toLowerCase() === "accept-language")) {
    ask.headers.push(["accept-language", self.navigator.languages.join(",")]);
  }
  const said = await new Promise((resolve) => {
    const timer = setTimeout(() => { asked.delete(ask.id); resolve(null); }, TAKEN_WITHIN);
    asked.set(ask.id, { resolve, taken: () => clearTimeout(timer) });
    channel.postMessage(ask);
  });
  if (said === null) return closed();
  const status = said.status;
  const empty = [101, 204, 205, 304].includes(status) || request.method === "HEAD";
  return new Response(empty ? null : said.body, { status, headers: said.headers });
}

function closed() {
  const start = SCOPE.href;
  return new Response(
    `<!doctype html><meta charset="utf-8"><title>deckgen</title>` +
    `<p>This deckgen page was closed. <a href="${start}" target="_top">Open deckgen again</a>.</p>`,
    { status: 503, headers: { "content-type": "text/html; charset=utf-8" } },
  );
}
