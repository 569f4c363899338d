// deckgen serve: keeps the preview live as settings change. The page works without this file;
// it only saves pressing "Update preview". The address always holds the settings (bookmark it).
"use strict";
(function () {
  const form = document.getElementById("settings");
  if (!form) return;
  let timer = null;
  let asked = 0;
  // Where the page is served (empty but behind a proxy's path or in a static site's frame), and
  // what its previews are drawn as (SVG where deckgen runs in the browser, without Pillow).
  const root = document.documentElement.dataset.root || "";
  const pictureKind = document.documentElement.dataset.pictures || "png";

  function query() {
    const data = new FormData(form);
    const pairs = [];
    for (const [name, value] of data.entries()) {
      if (typeof value === "string" && value.trim() !== "") pairs.push([name, value.trim()]);
    }
    return new URLSearchParams(pairs).toString();
  }

  function showErrors(errors) {
    for (const spot of document.querySelectorAll("p.error")) {
      const name = spot.id.replace(/-error$/, "");
      if (name === "deck_file") continue;
      const message = errors[name] || "";
      spot.textContent = message;
      spot.hidden = message === "";
      const field = document.getElementById(name);
      if (field) {
        if (message) field.setAttribute("aria-invalid", "true");
        else field.removeAttribute("aria-invalid");
      }
    }
  }

  // The download and upload forms carry the settings as hidden fields, in order: where a
  // name comes twice, the last one counts (a name given several values, the columns ticked,
  // comes once for each). The upload form's own file fields sit among the settings.
  function carry(q) {
    for (const other of document.querySelectorAll("form.carry, form#upload")) {
      for (const old of other.querySelectorAll("input[type=hidden]")) old.remove();
      const inputs = [];
      for (const [name, value] of new URLSearchParams(q)) {
        if (other.id === "upload" && name === "design") continue;
        const input = document.createElement("input");
        input.type = "hidden";
        input.name = name;
        input.value = value;
        inputs.push(input);
      }
      other.prepend(...inputs);
    }
  }

  async function refresh() {
    const q = query();
    const ticket = ++asked;
    history.replaceState(null, "", root + "/?" + q);
    carry(q);
    const answer = await fetch(root + "/summary?" + q).then((r) => r.json());
    if (ticket !== asked) return;
    showErrors(answer.errors || {});
    const problem = document.getElementById("problem");
    const made = document.getElementById("made");
    if (!problem || !made) { window.location.replace(root + "/?" + q); return; }
    const checkSection = document.getElementById("check-section");
    const downloads = document.getElementById("download-section");
    if (downloads) downloads.hidden = Boolean(answer.problem);
    if (answer.problem) {
      // Say what stops the build where the preview was; the field keeps what was typed, and focus.
      problem.textContent = answer.problem;
      problem.hidden = false;
      made.hidden = true;
      if (checkSection) checkSection.hidden = true;
      return;
    }
    problem.hidden = true;
    made.hidden = false;
    if (checkSection) checkSection.hidden = false;
    document.getElementById("counts").textContent = answer.counts;
    document.getElementById("command").textContent = answer.command;
    document.getElementById("deck-in-use").textContent = answer.deck;
    document.getElementById("download-what").textContent = answer.download_what;
    const shopNote = document.getElementById("shop-note");
    if (shopNote) shopNote.hidden = !answer.shop;
    const calibration = document.getElementById("calibration-part");
    if (calibration) calibration.hidden = !answer.two_sided;
    const sides = document.getElementById("sides-part");
    if (sides) sides.hidden = !answer.sides;
    const reads = document.getElementById("stack-reads");
    if (reads && answer.stack) {
      reads.textContent = answer.stack;
      const stack = document.getElementById("stack");
      stack.alt = stack.dataset.said + " " + answer.stack;
    }
    // Options for laser files only (and such) show while the choices make those files.
    for (const part of document.querySelectorAll("[data-formats]")) {
      part.hidden = !part.dataset.formats.split(" ").some((made) => (answer.formats || []).includes(made));
    }
    const backPart = document.getElementById("back-part");
    if (backPart) backPart.hidden = !answer.back;
    // A stack only for a game whose cards are stacked (the page shows one while it cannot tell).
    const stackImage = document.getElementById("stack");
    if (stackImage) stackImage.closest("figure").hidden = !answer.stack;
    const pictures = document.querySelector(".pictures");
    pictures.classList.add("busy");
    let waiting = 0;
    for (const id of ["sheet", "card", "back", "stack"]) {
      const img = document.getElementById(id);
      if (!img || (id === "back" && !answer.back) || (id === "stack" && !answer.stack)) continue;
      waiting++;
      img.onload = img.onerror = () => { if (--waiting === 0) pictures.classList.remove("busy"); };
      img.src = root + "/preview/" + id + "." + pictureKind + "?" + q;
    }
    const check = document.getElementById("check");
    if (check) {
      check.dataset.src = root + "/check?" + q + "&fragment=1";
      const link = document.createElement("a");
      link.href = root + "/check?" + q;
      link.textContent = check.dataset.link;
      const para = document.createElement("p");
      para.append(link);
      check.replaceChildren(para);
      loadCheck();
    }
  }

  async function loadCheck() {
    const check = document.getElementById("check");
    if (!check) return;
    const src = check.dataset.src;
    check.setAttribute("aria-busy", "true");
    const busy = document.createElement("p");
    busy.textContent = check.dataset.busy;
    check.replaceChildren(busy);
    const response = await fetch(src);
    if (check.dataset.src !== src) return;
    check.innerHTML = await response.text();
    check.removeAttribute("aria-busy");
  }

  form.addEventListener("submit", (event) => { event.preventDefault(); clearTimeout(timer); refresh(); });
  form.addEventListener("change", (event) => {
    if (event.target.form !== form) return; // a file chosen for the upload form
    if (event.target.name === "lang") {
      // The page in another language: loaded again, every setting kept.
      window.location.assign(root + "/?" + query() + "#lang");
      return;
    }
    if (event.target.name === "region") {
      // Another country: loaded again, on the paper its schools use, the other settings kept.
      const kept = [...new URLSearchParams(query())].filter(([name]) => name !== "paper");
      window.location.assign(root + "/?" + new URLSearchParams(kept) + "#region");
      return;
    }
    if (event.target.name === "game") {
      // Another game has other options: a new page, with the print job kept and focus back on
      // the list of games.
      const kept = [["game", event.target.value]];
      for (const [name, value] of new URLSearchParams(query())) {
        if (["sets", "paper", "printer", "cutting", "pictures", "pack", "lang", "region"].includes(name)) kept.push([name, value]);
      }
      window.location.assign(root + "/?" + new URLSearchParams(kept) + "#game-list");
      return;
    }
    clearTimeout(timer);
    timer = setTimeout(refresh, 150);
  });
  form.addEventListener("input", (event) => {
    if (event.target.type !== "text" && event.target.type !== "number") return;
    clearTimeout(timer);
    timer = setTimeout(refresh, 400);
  });
  // A download takes the settings on screen, even those typed a moment ago.
  for (const other of document.querySelectorAll("form.carry")) {
    other.addEventListener("submit", () => { clearTimeout(timer); carry(query()); });
  }
  if (window.location.hash === "#game-list") document.getElementById("game").focus({ preventScroll: true });
  if (window.location.hash === "#lang") document.getElementById("lang").focus({ preventScroll: true });
  if (window.location.hash === "#region") document.getElementById("region").focus({ preventScroll: true });
  loadCheck();
})();
