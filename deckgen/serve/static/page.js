// deckgen serve: keeps the preview live as settings change. The page works without this file;
// it only saves pressing "Update preview". The address always holds the settings (bookmark it).
"use strict";
(function () {
  const form = document.getElementById("settings");
  if (!form) return;
  let timer = null;
  let asked = 0;

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

  function carry(q) {
    for (const other of document.querySelectorAll("form.carry, form#upload")) {
      for (const old of other.querySelectorAll("input[type=hidden]")) old.remove();
      const inputs = [];
      for (const [name, value] of new URLSearchParams(q)) {
        if (other.id === "upload" && name === "upload") continue;
        const input = document.createElement("input");
        input.type = "hidden";
        input.name = name;
        input.value = value;
        inputs.push(input);
      }
      other.prepend(...inputs); // in order: where a name comes twice, the last one counts
    }
  }

  async function refresh() {
    const q = query();
    const ticket = ++asked;
    history.replaceState(null, "", "/?" + q);
    const answer = await fetch("/summary?" + q).then((r) => r.json());
    if (ticket !== asked) return;
    showErrors(answer.errors || {});
    const problem = document.getElementById("problem");
    if (answer.problem || !document.getElementById("sheet")) {
      // A change that needs the page rebuilt (another game, a setting that stops the build).
      window.location.replace("/?" + q);
      return;
    }
    if (problem) problem.hidden = true;
    document.getElementById("counts").textContent = answer.counts;
    document.getElementById("command").textContent = answer.command;
    const pictures = document.querySelector(".pictures");
    pictures.classList.add("busy");
    let waiting = 0;
    for (const id of ["sheet", "card", "stack"]) {
      const img = document.getElementById(id);
      if (!img) continue;
      waiting++;
      img.onload = img.onerror = () => { if (--waiting === 0) pictures.classList.remove("busy"); };
      img.src = "/preview/" + id + ".png?" + q;
    }
    carry(q);
    const check = document.getElementById("check");
    if (check) {
      check.dataset.src = "/check?" + q + "&fragment=1";
      check.innerHTML = '<p><a href="/check?' + q + '">Check this deck: play simulated classes (a few seconds)</a></p>';
      loadCheck();
    }
  }

  async function loadCheck() {
    const check = document.getElementById("check");
    if (!check) return;
    const src = check.dataset.src;
    check.setAttribute("aria-busy", "true");
    check.innerHTML = "<p>Playing simulated classes…</p>";
    const response = await fetch(src);
    if (check.dataset.src !== src) return;
    check.innerHTML = await response.text();
    check.removeAttribute("aria-busy");
  }

  form.addEventListener("submit", (event) => { event.preventDefault(); refresh(); });
  form.addEventListener("change", (event) => {
    if (event.target.name === "game") { window.location.assign("/?" + new URLSearchParams([["game", event.target.value]])); return; }
    clearTimeout(timer);
    timer = setTimeout(refresh, 150);
  });
  form.addEventListener("input", (event) => {
    if (event.target.type !== "text" && event.target.type !== "number") return;
    clearTimeout(timer);
    timer = setTimeout(refresh, 400);
  });
  loadCheck();
})();
