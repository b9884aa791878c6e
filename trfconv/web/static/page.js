// trfconv serve: the page's only script. Uploads files one by one with their progress, puts the
// server's answers (HTML it escaped) into the page, imports a rating list with its progress.
"use strict";

const $ = (id) => document.getElementById(id);

function say(into, html) {
  const target = $(into);
  target.innerHTML = html;
}

function showAll() {
  $("all").hidden = document.querySelectorAll("#cards .card[data-file]").length < 2;
}

function uploadOne(file) {
  return new Promise((resolve) => {
    const item = document.createElement("li");
    const label = document.createElement("span");
    label.textContent = file.webkitRelativePath || file.name;
    const bar = document.createElement("progress");
    bar.max = 1; bar.value = 0;
    bar.setAttribute("aria-label", "upload of " + label.textContent);
    item.append(label, " ", bar);
    $("uploads").append(item);
    const body = new FormData();
    body.append("file", file, file.name);
    const xhr = new XMLHttpRequest();
    xhr.open("POST", "/files");
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
      showAll();
      resolve();
    };
    xhr.onerror = () => {
      label.textContent += ": the server did not answer (is trfconv serve still running?)";
      bar.remove();
      resolve();
    };
    xhr.send(body);
  });
}

async function uploadAll(files) {
  for (const file of files) await uploadOne(file);
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
      const answer = await fetch(button.dataset.get);
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
      await fetch("/files/" + button.dataset.remove + "/remove", { method: "POST" });
      $("file-" + button.dataset.remove).remove();
      showAll();
    }
  });

  // a document being prepared in a frame: said until the frame has loaded it
  document.addEventListener("submit", (e) => {
    const target = (e.submitter && e.submitter.getAttribute("formtarget")) || e.target.target;
    const status = target && $("status-" + target);
    if (status) status.textContent = "Preparing the document…";
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
    const answer = await fetch(form.getAttribute("action") + "?" + query);
    say(form.dataset.into, await answer.text());
  });

  for (const el of document.querySelectorAll("[data-load]")) {
    fetch(el.dataset.load).then((r) => r.text()).then((html) => { el.innerHTML = html; });
  }

  $("import").addEventListener("submit", (e) => {
    e.preventDefault();
    const bar = $("import-progress"), state = $("import-state");
    bar.hidden = false; bar.value = 0;
    state.textContent = "uploading the list…";
    const xhr = new XMLHttpRequest();
    xhr.open("POST", "/lists");
    xhr.upload.onprogress = (ev) => { if (ev.lengthComputable) bar.value = ev.loaded / ev.total; };
    xhr.onload = () => {
      if (xhr.status !== 202) { bar.hidden = true; state.innerHTML = xhr.responseText; return; }
      const job = JSON.parse(xhr.responseText).job;
      const poll = async () => {
        const s = await (await fetch("/lists/jobs/" + job)).json();
        if (s.error || s.result) {
          bar.hidden = true;
          state.textContent = s.error ? "not imported: " + s.error : "imported: " + s.result;
          const held = $("held");
          held.innerHTML = await (await fetch(held.dataset.load)).text();
          return;
        }
        bar.value = s.total ? s.done / s.total : 0;
        state.textContent = s.total && s.done >= s.total ? "indexing the list…" : "reading the list…";
        setTimeout(poll, 500);
      };
      poll();
    };
    xhr.onerror = () => { state.textContent = "the server did not answer"; };
    xhr.send(new FormData(e.target));
  });
}

wire();
