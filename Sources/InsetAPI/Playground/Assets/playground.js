// The insetd playground: edit a POST /layout request, see its picture (POST /render), its
// nodes and why each inset has its value. It uses only the public API, as any web tool would.
import { examples } from "/examples.js";
import { mapPointers, placeOf } from "/jsonmap.js";

const $ = (id) => document.getElementById(id);
const ui = {
  device: $("device"), orientation: $("orientation"), systemVersion: $("systemVersion"),
  statusBarHidden: $("statusBarHidden"), windowSplit: $("windowSplit"), windowSide: $("windowSide"),
  keyboard: $("keyboard"), example: $("example"), loadExample: $("loadExample"),
  viewSingle: $("viewSingle"), viewMatrix: $("viewMatrix"), request: $("request"), problems: $("problems"),
  picture: $("picture"), tree: $("tree"), details: $("details"), matrix: $("matrix"), single: $("single"),
  matrixGrid: $("matrixGrid"), copied: $("copied"),
};

/** The matrix view's devices and orientations (those a device lacks are skipped by the server). */
const matrixDevices = ["iphone-se-3rd-gen", "iphone-x", "iphone-16-pro", "ipad-air-11"];
const matrixOrientations = ["portrait", "landscapeLeft"];
const orientationWords = ["portrait", "portraitUpsideDown", "landscapeLeft", "landscapeRight"];

const state = { node: null, view: "single", answer: null, answerText: "", devices: [], profiles: new Map(), generation: 0 };

function el(tag, attributes = {}, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attributes)) {
    if (value === undefined || value === null || value === false) continue;
    node.setAttribute(key, value === true ? "" : String(value));
  }
  for (const child of children) node.append(child);
  return node;
}

async function fetchJSON(path, options) {
  const response = await fetch(path, options);
  const text = await response.text();
  let body = null;
  try { body = JSON.parse(text); } catch { body = null; }
  return { ok: response.ok, status: response.status, body, text };
}

/** A picture answer parsed as SVG and adopted into the page (never as HTML). */
function svgElement(text) {
  const parsed = new DOMParser().parseFromString(text, "image/svg+xml");
  const root = parsed.documentElement;
  if (root.nodeName !== "svg") return el("p", {}, "The picture could not be read.");
  return document.importNode(root, true);
}

// MARK: - The request text and the controls

function currentRequest() {
  try { return JSON.parse(ui.request.value); } catch { return null; }
}

function writeRequest(request) {
  ui.request.value = JSON.stringify(request, null, 2);
}

/** Sets the controls from the request's top-level fields. */
async function controlsFromRequest(request) {
  if (!request || typeof request !== "object") return;
  if (typeof request.device === "string" && request.device !== ui.device.value) {
    ui.device.value = request.device;
    await loadOrientations(request.device);
  }
  ui.orientation.value = request.orientation ?? ui.orientation.options[0]?.value ?? "portrait";
  ui.systemVersion.value = request.systemVersion ?? 18;
  ui.statusBarHidden.checked = request.statusBarHidden === true;
  ui.windowSplit.value = request.window?.split ?? "";
  ui.windowSide.value = request.window?.side ?? "leading";
  ui.keyboard.value = request.keyboard?.height ?? "";
  updateWindowControls();
}

/** Writes a control's value into the request (when the text is JSON) and redraws. */
function requestFromControls() {
  const request = currentRequest();
  if (!request || typeof request !== "object") return;
  request.device = ui.device.value;
  delete request.screen;
  request.orientation = ui.orientation.value;
  const version = Number(ui.systemVersion.value);
  if (ui.systemVersion.value !== "" && Number.isFinite(version)) request.systemVersion = version;
  if (ui.statusBarHidden.checked) request.statusBarHidden = true; else delete request.statusBarHidden;
  if (ui.windowSplit.value && state.profiles.get(ui.device.value)?.family === "ipad") request.window = { split: ui.windowSplit.value, side: ui.windowSide.value };
  else delete request.window;
  const height = Number(ui.keyboard.value);
  if (ui.keyboard.value !== "" && Number.isFinite(height)) request.keyboard = { height };
  else delete request.keyboard;
  writeRequest(request);
  updateWindowControls();
  schedule();
}

function updateWindowControls() {
  const profile = state.profiles.get(ui.device.value);
  const iPad = profile?.family === "ipad";
  ui.windowSplit.disabled = !iPad;
  ui.windowSide.disabled = !iPad || !ui.windowSplit.value;
}

async function loadDevices() {
  const { ok, body } = await fetchJSON("/devices");
  if (!ok) return;
  state.devices = body.devices;
  const families = { iphone: "iPhone", ipad: "iPad", tv: "Apple TV" };
  for (const [family, label] of Object.entries(families)) {
    const group = el("optgroup", { label });
    for (const device of body.devices.filter((d) => d.family === family)) {
      group.append(el("option", { value: device.id }, device.name));
      state.profiles.set(device.id, device);
    }
    ui.device.append(group);
  }
}

async function loadOrientations(id) {
  const { ok, body } = await fetchJSON(`/devices/${encodeURIComponent(id)}`);
  const words = ok ? Object.keys(body.orientations) : orientationWords;
  const chosen = ui.orientation.value;
  ui.orientation.replaceChildren(...words.map((word) => el("option", { value: word }, word)));
  if (words.includes(chosen)) ui.orientation.value = chosen;
}

// MARK: - Asking the server

let timer = null;
function schedule() {
  clearTimeout(timer);
  timer = setTimeout(update, 200);
  saveState();
}

async function update() {
  const generation = ++state.generation;
  const text = ui.request.value;
  const request = currentRequest();
  const layout = fetchJSON("/layout", { method: "POST", headers: { "Content-Type": "application/json" }, body: text });
  if (state.view === "matrix") {
    const answer = await layout;
    if (generation !== state.generation) return;
    showLayout(answer, request);
    await updateMatrix(request, generation);
    return;
  }
  let picture = null;
  if (request && typeof request === "object" && !Array.isArray(request)) {
    const body = { ...request, render: { show: ["safeArea", "frames", "bars", "labels", "layoutMargins"], ...(state.node ? { node: state.node } : {}) } };
    picture = fetch("/render", { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) })
      .then(async (response) => ({ ok: response.ok, text: await response.text() }));
  }
  const answer = await layout;
  const drawn = picture ? await picture : null;
  if (generation !== state.generation) return;
  showLayout(answer, request);
  if (answer.ok && drawn?.ok) {
    ui.picture.replaceChildren(svgElement(drawn.text));
    markChosen();
  } else if (!answer.ok) {
    ui.picture.replaceChildren();
  }
}

function showLayout(answer, request) {
  if (!answer.ok) {
    state.answer = null;
    state.answerText = "";
    showProblems(answer);
    ui.tree.replaceChildren();
    ui.details.replaceChildren(el("p", { class: "hint" }, "Fix the request to see its answer."));
    return;
  }
  ui.problems.replaceChildren();
  state.answer = answer.body;
  state.answerText = answer.text;
  if (state.node && !(state.node in answer.body.nodes)) state.node = null;
  showTree(request);
  showDetails();
}

/** A problem document as a list, each error a button that selects its place in the JSON. */
function showProblems(answer) {
  const problem = answer.body ?? { title: `HTTP ${answer.status}`, detail: answer.text, errors: [] };
  const places = mapPointers(ui.request.value);
  const list = el("ul", { id: "problemList" });
  for (const error of problem.errors ?? []) {
    const place = placeOf(places, error.pointer);
    const go = el("button", { type: "button", "data-pointer": error.pointer }, error.pointer || "/");
    go.addEventListener("click", () => {
      ui.request.focus();
      ui.request.setSelectionRange(place.start, place.end);
      const line = ui.request.value.slice(0, place.start).split("\n").length;
      ui.request.scrollTop = Math.max(0, (line - 3) * 16);
    });
    list.append(el("li", {}, go, " ", error.detail));
  }
  ui.problems.replaceChildren(el("h2", {}, `${problem.status ?? answer.status} ${problem.title}: ${problem.detail}`), list);
}

// MARK: - Nodes

function showTree(request) {
  const build = (node) => {
    if (!node || typeof node !== "object" || typeof node.id !== "string") return null;
    const button = el("button", { type: "button", "data-node": node.id, "aria-current": node.id === state.node ? "true" : "false" }, node.id);
    button.addEventListener("click", () => choose(node.id));
    const item = el("li", {}, button);
    const children = (node.subviews ?? []).map(build).filter(Boolean);
    if (children.length) item.append(el("ul", {}, ...children));
    return item;
  };
  // Rebuilding the tree keeps the keyboard's place in it.
  const focused = ui.tree.contains(document.activeElement) ? document.activeElement.dataset.node : null;
  const root = build(request?.root);
  ui.tree.replaceChildren(...(root ? [root] : []));
  if (focused !== null) [...ui.tree.querySelectorAll("button")].find((b) => b.dataset.node === focused)?.focus();
}

function choose(id) {
  state.node = state.node === id ? null : id;
  saveState();
  for (const button of ui.tree.querySelectorAll("button")) button.setAttribute("aria-current", String(button.dataset.node === state.node));
  showDetails();
  update();
}

function markChosen() {
  for (const group of ui.picture.querySelectorAll("[data-node]")) group.classList.toggle("chosen", group.getAttribute("data-node") === state.node);
}

const fmt = (n) => (typeof n === "number" ? String(Math.round(n * 1000) / 1000) : "–");
const insetsText = (i) => (i ? `${fmt(i.top)} ${fmt(i.left)} ${fmt(i.bottom)} ${fmt(i.right)}` : "–");
const rectText = (r) => (r ? `(${fmt(r.x)}, ${fmt(r.y)}) ${fmt(r.width)} × ${fmt(r.height)}` : "–");

function showDetails() {
  const answer = state.answer;
  if (!answer) return;
  const window = answer.window ?? {};
  const rows = [["window safe area (top left bottom right)", insetsText(window.safeAreaInsets)]];
  if (!state.node) {
    ui.details.replaceChildren(el("h2", {}, `${answer.device}, ${answer.orientation}, iOS ${answer.systemVersion}`), table(rows),
      el("p", { class: "hint" }, "Choose a node in the tree or the picture."));
    return;
  }
  const node = answer.nodes[state.node];
  rows.length = 0;
  rows.push(["frame", rectText(node.frame)], ["frameInWindow", rectText(node.frameInWindow)]);
  if (node.safeAreaInsets) rows.push(["safeAreaInsets", insetsText(node.safeAreaInsets)]);
  rows.push(["layoutMargins", insetsText(node.layoutMargins)]);
  if (node.adjustedContentInset) rows.push(["adjustedContentInset", insetsText(node.adjustedContentInset)]);
  if (node.contentInset) rows.push(["contentInset", insetsText(node.contentInset)]);
  if (node.topLayoutGuide !== undefined) rows.push(["top / bottom layout guide", `${fmt(node.topLayoutGuide)} / ${fmt(node.bottomLayoutGuide)}`]);
  const parts = [el("h2", { id: "nodeTitle" }, node === undefined ? state.node : `Node “${state.node}”`), table(rows, "nodeNumbers")];
  if (node.explain) {
    const explain = el("table", { id: "explain" }, el("caption", {}, "Why: explain, per edge"));
    for (const edge of ["top", "left", "bottom", "right"]) {
      const list = node.explain[edge];
      const sum = list.map((c) => `${c.source} ${fmt(c.value)}`).join(" + ") || "nothing";
      explain.append(el("tr", {}, el("th", {}, edge), el("td", {}, `${fmt(node.safeAreaInsets[edge])} = ${sum}`)));
    }
    parts.push(explain);
  }
  ui.details.replaceChildren(...parts);
}

function table(rows, id) {
  return el("table", { id }, ...rows.map(([name, value]) => el("tr", {}, el("th", {}, name), el("td", {}, el("code", {}, value)))));
}

/** A click on the picture chooses the front-most node whose frame holds the point. */
function pictureClick(event) {
  const svg = ui.picture.querySelector("svg");
  if (!svg || !state.answer) return;
  const point = svg.createSVGPoint();
  point.x = event.clientX;
  point.y = event.clientY;
  const local = point.matrixTransform(svg.getScreenCTM().inverse());
  let hit = null;
  for (const [id, node] of Object.entries(state.answer.nodes)) {
    const f = node.frameInWindow;
    if (local.x >= f.x && local.x <= f.x + f.width && local.y >= f.y && local.y <= f.y + f.height) hit = id;
  }
  if (hit) choose(hit);
}

// MARK: - Matrix

async function updateMatrix(request, generation) {
  if (!request || typeof request !== "object") { ui.matrixGrid.replaceChildren(); return; }
  const { device, orientation, screen, ...rest } = request;
  const body = { ...rest, devices: matrixDevices, orientations: matrixOrientations };
  const answer = await fetchJSON("/layout/matrix", { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) });
  if (generation !== state.generation) return;
  if (!answer.ok) {
    const detail = answer.status === 404 ? "This server does not offer POST /layout/matrix." : answer.body?.detail ?? answer.text;
    ui.matrixGrid.replaceChildren(el("p", { id: "matrixProblem" }, `${answer.status}: ${detail}`));
    return;
  }
  const figures = await Promise.all(answer.body.results.map(async (result) => {
    const one = { ...rest, device: result.device, orientation: result.orientation, systemVersion: result.systemVersion,
      render: { scale: 0.35, ...(state.node ? { node: state.node } : {}) } };
    const response = await fetch("/render", { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(one) });
    const picture = response.ok ? svgElement(await response.text()) : el("p", {}, `HTTP ${response.status}`);
    const chosen = state.node && result.nodes[state.node]?.safeAreaInsets;
    return el("figure", { "data-combination": `${result.device} ${result.orientation}` }, picture,
      el("figcaption", {}, `${result.device}, ${result.orientation}`, el("br"), state.node ? `${state.node}: ${insetsText(chosen)}` : "choose a node to compare"));
  }));
  const skipped = (answer.body.skipped ?? []).map((s) => el("p", { class: "hint" }, `${s.device} ${s.orientation}: ${s.reason}`));
  if (generation === state.generation) ui.matrixGrid.replaceChildren(...figures, ...skipped);
}

function setView(view) {
  state.view = view;
  ui.viewSingle.setAttribute("aria-pressed", String(view === "single"));
  ui.viewMatrix.setAttribute("aria-pressed", String(view === "matrix"));
  ui.single.hidden = view !== "single";
  ui.matrix.hidden = view !== "matrix";
  saveState();
  update();
}

// MARK: - Copying and sharing

async function copy(text) {
  ui.copied.value = text;
  try { await navigator.clipboard.writeText(text); } catch { ui.copied.select(); }
}

const shellQuote = (text) => "'" + text.replace(/'/g, "'\\''") + "'";

function curlCommand() {
  const request = currentRequest();
  const body = request ? JSON.stringify(request) : ui.request.value;
  return `curl -sS ${shellQuote(location.origin + "/layout")} -H 'Content-Type: application/json' -d ${shellQuote(body)}`;
}

async function emulationCSS() {
  const request = currentRequest() ?? {};
  const query = new URLSearchParams();
  if (request.orientation) query.set("orientation", request.orientation);
  if (request.systemVersion !== undefined) query.set("systemVersion", String(request.systemVersion));
  const response = await fetch(`/devices/${encodeURIComponent(request.device ?? ui.device.value)}/emulation?${query}`, { headers: { Accept: "text/css" } });
  return response.text();
}

/** The whole state in the URL's fragment: the request text, the chosen node, the view. */
function saveState() {
  const fragment = new URLSearchParams({ request: ui.request.value, view: state.view });
  if (state.node) fragment.set("node", state.node);
  history.replaceState(null, "", `#${fragment}`);
}

function restoreState() {
  const fragment = new URLSearchParams(location.hash.slice(1));
  const request = fragment.get("request");
  if (request === null) return false;
  ui.request.value = request;
  state.node = fragment.get("node");
  state.view = fragment.get("view") === "matrix" ? "matrix" : "single";
  return true;
}

// MARK: - Start

async function start() {
  examples.forEach((example, index) => ui.example.append(el("option", { value: index }, example.name)));
  await loadDevices();
  if (!restoreState()) writeRequest(examples[0].request);
  await controlsFromRequest(currentRequest());
  for (const control of [ui.device, ui.orientation, ui.systemVersion, ui.statusBarHidden, ui.windowSplit, ui.windowSide, ui.keyboard]) {
    control.addEventListener("change", async () => {
      if (control === ui.device) await loadOrientations(ui.device.value);
      requestFromControls();
    });
  }
  ui.request.addEventListener("input", () => { controlsFromRequest(currentRequest()); schedule(); });
  ui.loadExample.addEventListener("click", async () => {
    writeRequest(examples[Number(ui.example.value)].request);
    state.node = null;
    await controlsFromRequest(currentRequest());
    schedule();
  });
  ui.viewSingle.addEventListener("click", () => setView("single"));
  ui.viewMatrix.addEventListener("click", () => setView("matrix"));
  ui.picture.addEventListener("click", pictureClick);
  $("copyCurl").addEventListener("click", () => copy(curlCommand()));
  $("copyJSON").addEventListener("click", () => copy(state.answerText));
  $("copyCSS").addEventListener("click", async () => copy(await emulationCSS()));
  $("share").addEventListener("click", () => { saveState(); copy(location.href); });
  setView(state.view);
}

start();
