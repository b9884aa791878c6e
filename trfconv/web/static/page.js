// trfconv serve: the page's only script. Keeps this tab's page session (its own set of files,
// kept across a reload), uploads files one by one with their progress, puts the server's answers
// (HTML it escaped) into the page, imports a rating list with its progress, and says so when the
// server no longer answers.
"use strict";

const $ = (id) => document.getElementById(id);
// The page's texts in its language (the server puts them in the page): each {name} filled.
const TEXTS = JSON.parse(document.body.dataset.texts);
const t = (name, fields) => TEXTS[name].replace(/\{(\w+)\}/g, (all, key) => (fields && key in fields ? fields[key] : all));
const KEY = "trfconv.session", NAMES = "trfconv.names";
//: How often the page tells the server it is open, and finds out whether it still runs (ms).
const ALIVE_EVERY = 4000;
let session = null;

function randomId() {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
}

function say(into, html) {
  $(into).innerHTML = html;
}

function note(text, kind) {
  const p = document.createElement("p");
  p.className = "message " + (kind || "warning");
  p.setAttribute("role", "alert");
  p.textContent = text;
  $("notes").append(p);
}

// -- the server stopped ---------------------------------------------------------------------

function stopped(text) {
  const banner = $("stopped");
  banner.textContent = text;
  banner.hidden = false;
}

async function ask(url, options) {
  let answer;
  try {
    answer = await fetch(url, options);
  } catch (err) {
    stopped(t("stopped"));
    throw err;
  }
  $("stopped").hidden = true;
  return answer;
}

async function alive() {
  try {
    const answer = await ask(`/sessions/${session}/alive`);
    if (answer.status === 403) {
      stopped(t("gone"));
    }
  } catch (err) { /* said by ask */ }
}

// -- this tab's files ----------------------------------------------------------------------

// A tab's page session lives in its sessionStorage, which a reload keeps. A tab the browser
// duplicated starts with a copy of it: it is told apart by asking the other tabs, and then
// takes a session of its own, starting with the same files.
const channel = "BroadcastChannel" in window ? new BroadcastChannel("trfconv-sessions") : null;

function claimSession() {
  return new Promise((resolve) => {
    const id = sessionStorage.getItem(KEY);
    if (!id || !channel) {
      const fresh = id || randomId();
      sessionStorage.setItem(KEY, fresh);
      resolve({ id: fresh, from: null });
      return;
    }
    let settled = false;
    const finish = (claimed) => { if (!settled) { settled = true; resolve(claimed); } };
    channel.addEventListener("message", (e) => {
      if (e.data.mine !== id) return;  // another tab holds it: this one is a copy
      const copy = randomId();
      sessionStorage.setItem(KEY, copy);
      finish({ id: copy, from: id });
    });
    channel.postMessage({ who: id });
    setTimeout(() => finish({ id, from: null }), 150);
  });
}

async function refreshSet(first) {
  const answer = await ask(`/sessions/${session}/set` + (first ? "?first=1" : ""));
  say("set", await answer.text());
  const set = $("set").querySelector(".set");
  if (!set) return;
  const names = [...set.querySelectorAll("tbody td:first-child")].map((td) => td.textContent);
  const remembered = JSON.parse(sessionStorage.getItem(NAMES) || "[]");
  if (first && set.dataset.known === "0" && remembered.length) {
    note(t("restarted", { n: remembered.length, names: remembered.join(", ") }));
  }
  sessionStorage.setItem(NAMES, JSON.stringify(names));
  $("all").hidden = Number(set.dataset.files) < 2;
  framed($("period"), Number(set.dataset.players) <= Number($("period").dataset.large));
}

// a document too large for a frame of the page opens in a tab of its own
function framed(form, inFrame) {
  form.target = inFrame ? "period-frame" : "_blank";
  for (const el of document.querySelectorAll("#all .framed")) el.hidden = !inFrame;
}

function uploadOne(file) {
  return new Promise((resolve) => {
    const item = document.createElement("li");
    const label = document.createElement("span");
    label.textContent = file.webkitRelativePath || file.name;
    const bar = document.createElement("progress");
    bar.max = 1; bar.value = 0;
    bar.setAttribute("aria-label", t("uploading", { name: label.textContent }));
    item.append(label, " ", bar);
    $("uploads").append(item);
    const body = new FormData();
    body.append("file", file, file.name);
    const xhr = new XMLHttpRequest();
    xhr.open("POST", `/sessions/${session}/files`);
    xhr.upload.onprogress = (e) => { if (e.lengthComputable) bar.value = e.loaded / e.total; };
    xhr.onload = () => {
      item.remove();
      const holder = document.createElement("div");
      holder.innerHTML = xhr.responseText;
      if (!holder.querySelector("article")) {  // a refusal before the file was read (too large)
        const card = document.createElement("article");
        card.className = "card refused";
        const title = document.createElement("h2");
        title.textContent = file.name;
        card.append(title, ...holder.children);
        holder.replaceChildren(card);
      }
      $("cards").prepend(...holder.children);
      resolve();
    };
    xhr.onerror = () => {
      label.textContent += ": " + t("no answer");
      bar.remove();
      stopped(t("stopped"));
      resolve();
    };
    xhr.send(body);
  });
}

async function uploadAll(files) {
  for (const file of files) await uploadOne(file);
  await refreshSet(false);
}

// a dropped folder: its files, recursively
function entryFiles(entry) {
  return new Promise((resolve) => {
    if (entry.isFile) { entry.file((f) => resolve([f]), () => resolve([])); return; }
    const reader = entry.createReader();
    const found = [];
    const more = () => reader.readEntries(async (entries) => {
      if (!entries.length) { resolve(found); return; }
      for (const e of entries) found.push(...await entryFiles(e));
      more();
    }, () => resolve(found));
    more();
  });
}

async function remove(key) {
  await ask(`/sessions/${session}/files/${key}`, { method: "DELETE" });
  const card = $("file-" + key);
  if (card) card.remove();
  await refreshSet(false);
}

function wire() {
  const zone = $("zone");
  for (const id of ["files", "folder"]) {
    $(id).addEventListener("change", (e) => { uploadAll([...e.target.files]); e.target.value = ""; });
  }
  zone.addEventListener("dragover", (e) => { e.preventDefault(); zone.classList.add("over"); });
  zone.addEventListener("dragleave", () => zone.classList.remove("over"));
  zone.addEventListener("drop", async (e) => {
    e.preventDefault();
    zone.classList.remove("over");
    const entries = [...e.dataTransfer.items].map((i) => i.webkitGetAsEntry && i.webkitGetAsEntry()).filter(Boolean);
    const files = entries.length ? (await Promise.all(entries.map(entryFiles))).flat() : [...e.dataTransfer.files];
    uploadAll(files);
  });

  document.addEventListener("click", async (e) => {
    const button = e.target.closest("button");
    if (!button) return;
    if (button.dataset.get) {
      const answer = await ask(button.dataset.get);
      say(button.dataset.into, await answer.text());
    } else if (button.dataset.add) {
      const input = $(button.dataset.to);
      const name = $(button.dataset.add).value;
      input.value = input.value.trim() ? input.value.trim() + "," + name : name;
      input.focus();
    } else if (button.dataset.print) {
      const frame = $(button.dataset.print);
      if (frame.contentWindow) frame.contentWindow.print();
    } else if (button.dataset.remove) {
      await remove(button.dataset.remove);
    }
  });

  // a document being prepared in a frame: said until the frame has loaded it (a download
  // leaves the frame as it was: nothing said)
  document.addEventListener("submit", (e) => {
    if (e.submitter && e.submitter.name === "download") return;
    const target = (e.submitter && e.submitter.getAttribute("formtarget")) || e.target.target;
    const status = target && $("status-" + target);
    if (status) status.textContent = t("preparing");
  });
  document.addEventListener("load", (e) => {
    if (e.target.tagName !== "IFRAME") return;
    const status = $("status-" + e.target.name);
    if (status) status.textContent = "";
  }, true);

  // forms that answer into the page rather than into a frame
  document.addEventListener("submit", async (e) => {
    const form = e.target;
    if (!form.dataset.into) return;
    e.preventDefault();
    const query = new URLSearchParams(new FormData(form));
    const answer = await ask(form.getAttribute("action") + "?" + query);
    say(form.dataset.into, await answer.text());
  });

  for (const el of document.querySelectorAll("[data-load]")) {
    ask(el.dataset.load).then((r) => r.text()).then((html) => { el.innerHTML = html; });
  }

  $("import").addEventListener("submit", (e) => {
    e.preventDefault();
    const bar = $("import-progress"), state = $("import-state");
    bar.hidden = false; bar.value = 0;
    state.textContent = t("sending list");
    const xhr = new XMLHttpRequest();
    xhr.open("POST", "/lists");
    xhr.upload.onprogress = (ev) => { if (ev.lengthComputable) bar.value = ev.loaded / ev.total; };
    xhr.onload = () => {
      if (xhr.status !== 202) { bar.hidden = true; state.innerHTML = xhr.responseText; return; }
      const job = JSON.parse(xhr.responseText).job;
      const poll = async () => {
        const s = await (await ask("/lists/jobs/" + job)).json();
        if (s.error || s.result) {
          bar.hidden = true;
          state.textContent = s.error ? t("not imported", { why: s.error }) : t("imported", { what: s.result });
          const held = $("held");
          held.innerHTML = await (await ask(held.dataset.load)).text();
          return;
        }
        bar.value = s.total ? s.done / s.total : 0;
        state.textContent = s.total && s.done >= s.total ? t("indexing") : t("reading");
        setTimeout(poll, 500);
      };
      poll();
    };
    xhr.onerror = () => { state.textContent = t("no answer"); };
    xhr.send(new FormData(e.target));
  });
}

// the documents over this tab's files are asked of its page session
function wireSession() {
  for (const form of document.querySelectorAll("#all form[data-action]")) {
    form.action = `/sessions/${session}/${form.dataset.action}.html`;
    for (const button of form.querySelectorAll("button[data-form]")) {
      button.formAction = `/sessions/${session}/${form.dataset.action}.${button.dataset.form}`;
    }
  }
}

async function start() {
  wire();
  const claimed = await claimSession();
  session = claimed.id;
  if (channel) channel.addEventListener("message", (e) => { if (e.data.who === session) channel.postMessage({ mine: session }); });
  wireSession();
  if (claimed.from) {
    const body = new FormData();
    body.append("from", claimed.from);
    await ask(`/sessions/${session}/copy`, { method: "POST", body });
  }
  const cards = await ask(`/sessions/${session}/cards`);
  say("cards", await cards.text());
  await refreshSet(true);
  setInterval(alive, ALIVE_EVERY);
  document.addEventListener("visibilitychange", () => { if (!document.hidden) alive(); });
}

start();
