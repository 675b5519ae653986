// The insetd playground: edit a POST /layout request, see its picture (POST /render), its
// nodes and why every inset has its value. Every API call goes through /insetd.js, the
// client any web page may import.
import { createClient, curlCommand } from "./insetd.js";
import { examples } from "./examples.js";
import { mapPointers, placeOf } from "./jsonmap.js";
import { el } from "./dom.js";
import { applyZoom, mark, nodeAt, showPicture } from "./picture.js";
import { showDetails, showTree } from "./nodes.js";
import { buildChooser, showMatrix } from "./matrix.js";
import { controlsOf, decodeState, defaultFreeWindow, defaultMatrix, encodeState, orientationWords, windowMode, withControls } from "./state.js";
import { fmt, insetsText } from "./format.js";

const api = createClient();
const $ = (/** @type {string} */ id) => /** @type {any} */ (document.getElementById(id));
const ui = {
    device: $("device"), orientation: $("orientation"), systemVersion: $("systemVersion"), statusBarHidden: $("statusBarHidden"),
    splitControls: $("splitControls"), windowSplit: $("windowSplit"), windowSide: $("windowSide"),
    freeControls: $("freeControls"), windowFree: $("windowFree"), windowX: $("windowX"), windowY: $("windowY"), windowWidth: $("windowWidth"), windowHeight: $("windowHeight"),
    keyboard: $("keyboard"), example: $("example"), viewSingle: $("viewSingle"), viewMatrix: $("viewMatrix"),
    request: $("request"), problems: $("problems"), picture: $("picture"), hoverInfo: $("hoverInfo"), tree: $("tree"), details: $("details"),
    single: $("single"), matrix: $("matrix"), matrixGrid: $("matrixGrid"), copied: $("copied"),
    matrixSearch: $("matrixSearch"), matrixList: $("matrixList"), matrixPresets: $("matrixPresets"), matrixOrientations: $("matrixOrientations"), matrixField: $("matrixField"), matrixCount: $("matrixCount"),
};

const state = {
    node: /** @type {string | null} */ (null), view: /** @type {"single" | "matrix"} */ ("single"), zoom: /** @type {"fit" | "100" | "200"} */ ("fit"),
    matrix: { ...defaultMatrix }, answer: /** @type {any} */ (null), answerText: "", generation: 0,
    profiles: /** @type {Map<string, any>} */ (new Map()), screens: /** @type {Map<string, any>} */ (new Map()),
};

function currentRequest() {
    try { return JSON.parse(ui.request.value); } catch { return null; }
}

function writeRequest(/** @type {any} */ request) {
    ui.request.value = JSON.stringify(request, null, 2);
}

// MARK: - Controls

/** Sets the controls from the request's top-level fields. */
async function controlsFromRequest(/** @type {any} */ request) {
    if (!request || typeof request !== "object") return;
    const c = controlsOf(request);
    if (c.device && c.device !== ui.device.value) {
        ui.device.value = c.device;
        await loadOrientations(c.device);
    }
    ui.orientation.value = c.orientation || ui.orientation.options[0]?.value || "portrait";
    ui.systemVersion.value = String(c.systemVersion);
    ui.statusBarHidden.checked = c.statusBarHidden;
    ui.windowSplit.value = c.split;
    ui.windowSide.value = c.side;
    ui.windowFree.checked = c.frame !== null;
    if (c.frame) for (const [key, input] of [["x", ui.windowX], ["y", ui.windowY], ["width", ui.windowWidth], ["height", ui.windowHeight]]) input.value = fmt(c.frame[key]);
    ui.keyboard.value = c.keyboard ?? "";
    updateWindowControls();
}

function family() {
    return state.profiles.get(ui.device.value)?.family;
}

/** Writes the controls into the request (when the text is JSON) and redraws. */
function requestFromControls() {
    const request = currentRequest();
    if (!request || typeof request !== "object" || Array.isArray(request)) return;
    const version = Number(ui.systemVersion.value);
    const number = (/** @type {any} */ input) => Number(input.value);
    let frame = null;
    if (ui.windowFree.checked) {
        frame = { x: number(ui.windowX), y: number(ui.windowY), width: number(ui.windowWidth), height: number(ui.windowHeight) };
        if (!(frame.width > 0 && frame.height > 0)) {
            frame = defaultFreeWindow(orientedScreen());
            ui.windowX.value = frame.x; ui.windowY.value = frame.y; ui.windowWidth.value = frame.width; ui.windowHeight.value = frame.height;
        }
    }
    const keyboard = ui.keyboard.value === "" ? null : Number(ui.keyboard.value);
    writeRequest(withControls(request, {
        device: ui.device.value, orientation: ui.orientation.value,
        systemVersion: ui.systemVersion.value !== "" && Number.isFinite(version) ? version : 27.1,
        statusBarHidden: ui.statusBarHidden.checked, split: ui.windowSplit.value, side: ui.windowSide.value, frame,
        keyboard: Number.isFinite(keyboard) ? keyboard : null,
    }, family()));
    updateWindowControls();
    schedule();
}

/** The device's screen in the chosen orientation. */
function orientedScreen() {
    const screen = state.profiles.get(ui.device.value)?.screen ?? { width: 1024, height: 1366 };
    const landscape = ui.orientation.value.startsWith("landscape");
    return landscape === screen.width < screen.height ? { width: screen.height, height: screen.width } : screen;
}

/** Split View presets below systemVersion 26, a free window from 26, nothing off an iPad. */
function updateWindowControls() {
    const mode = windowMode(family(), Number(ui.systemVersion.value));
    ui.splitControls.hidden = mode !== "split";
    ui.freeControls.hidden = mode !== "free";
    ui.windowSide.disabled = !ui.windowSplit.value;
    for (const input of [ui.windowX, ui.windowY, ui.windowWidth, ui.windowHeight]) input.disabled = !ui.windowFree.checked;
}

async function loadDevices() {
    const { ok, body } = await api.devices();
    if (!ok || !body) return [];
    const families = { iphone: "iPhone", ipad: "iPad", tv: "Apple TV" };
    for (const [key, label] of Object.entries(families)) {
        const group = el("optgroup", { label });
        for (const device of body.devices.filter((d) => d.family === key)) {
            group.append(el("option", { value: device.id }, device.name));
            state.profiles.set(device.id, device);
        }
        ui.device.append(group);
    }
    return body.devices;
}

async function loadOrientations(/** @type {string} */ id) {
    const { ok, body } = await api.device(id);
    const words = ok && body ? Object.keys(body.orientations) : orientationWords;
    const chosen = ui.orientation.value;
    ui.orientation.replaceChildren(...words.map((word) => el("option", { value: word }, word)));
    if (words.includes(chosen)) ui.orientation.value = chosen;
}

// MARK: - Asking the server

/** @type {ReturnType<typeof setTimeout> | undefined} */
let timer;
function schedule() {
    clearTimeout(timer);
    timer = setTimeout(update, 150);
    saveState();
}

async function update() {
    const generation = ++state.generation;
    const current = () => generation === state.generation;
    const text = ui.request.value;
    const request = currentRequest();
    if (request === null) {
        // Not JSON: the server's 400 says where; the last good picture stays, dimmed.
        const answer = await api.layout(text);
        if (!current()) return;
        showProblems(answer);
        showPicture(ui.picture, null);
        return;
    }
    if (state.view === "matrix") {
        const answer = await api.layout(text);
        if (!current()) return;
        showAnswer(answer, request);
        await showMatrix(ui.matrixGrid, api, request, state.matrix, state.node, current);
        return;
    }
    const isObject = typeof request === "object" && !Array.isArray(request);
    const [answer, picture] = await Promise.all([
        api.layout(text),
        isObject ? api.render({ ...request, render: { show: ["safeArea", "frames", "bars", "labels", "layoutMargins"], ...(state.node ? { node: state.node } : {}) } }) : null,
    ]);
    if (!current()) return;
    showAnswer(answer, request);
    showPicture(ui.picture, answer.ok && picture?.ok ? picture.text : null);
    applyZoom(ui.picture, state.zoom);
    mark(ui.picture, "chosen", state.node);
}

function showAnswer(/** @type {any} */ answer, /** @type {any} */ request) {
    if (!answer.ok) {
        showProblems(answer);
        return;
    }
    ui.problems.replaceChildren();
    state.answer = answer.body;
    state.answerText = answer.text;
    if (state.node && !(state.node in answer.body.nodes)) state.node = null;
    showTree(ui.tree, request, state.node);
    showDetails(ui.details, state.answer, state.node);
}

/** A problem document as a list, each error a button that selects its place in the JSON. */
function showProblems(/** @type {any} */ answer) {
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

// MARK: - Choosing and hovering

function choose(/** @type {string | null} */ id) {
    state.node = state.node === id ? null : id;
    saveState();
    for (const button of ui.tree.querySelectorAll("button")) button.setAttribute("aria-current", String(button.dataset.node === state.node));
    showDetails(ui.details, state.answer, state.node);
    update();
}

/** Highlights `id` in the picture and the tree and says its safe area. */
function hover(/** @type {string | null} */ id) {
    mark(ui.picture, "hover", id);
    for (const button of ui.tree.querySelectorAll("button")) button.classList.toggle("hover", button.dataset.node === id);
    const node = id ? state.answer?.nodes?.[id] : null;
    const text = node ? `${id} — safe area ${node.safeAreaInsets ? insetsText(node.safeAreaInsets) : "none (legacy model)"}` : "";
    // Written only when it changes: the line is a live region, read out on each change.
    if (ui.hoverInfo.textContent !== text) ui.hoverInfo.textContent = text;
}

// MARK: - Views, zoom, copying, the URL

function setView(/** @type {"single" | "matrix"} */ view) {
    state.view = view;
    ui.viewSingle.setAttribute("aria-pressed", String(view === "single"));
    ui.viewMatrix.setAttribute("aria-pressed", String(view === "matrix"));
    ui.single.hidden = view !== "single";
    ui.matrix.hidden = view !== "matrix";
    $("zoom").hidden = view !== "single";
    saveState();
    update();
}

function setZoom(/** @type {"fit" | "100" | "200"} */ zoom) {
    state.zoom = zoom;
    for (const button of document.querySelectorAll("[data-zoom]")) button.setAttribute("aria-pressed", String(/** @type {HTMLElement} */ (button).dataset.zoom === zoom));
    applyZoom(ui.picture, zoom);
    saveState();
}

async function copy(/** @type {string} */ text) {
    ui.copied.value = text;
    try { await navigator.clipboard.writeText(text); } catch { ui.copied.select(); }
}

async function emulationCSS() {
    const request = currentRequest() ?? {};
    const answer = await api.emulationCSS(request.device ?? ui.device.value, { orientation: request.orientation, systemVersion: request.systemVersion });
    return answer.text;
}

function saveState() {
    const fragment = encodeState({ request: ui.request.value, node: state.node, view: state.view, zoom: state.zoom, ...state.matrix });
    history.replaceState(null, "", `#${fragment}`);
}

function loadExample() {
    writeRequest(examples[Number(ui.example.value)].request);
    state.node = null;
    controlsFromRequest(currentRequest()).then(schedule);
}

// MARK: - Start

async function start() {
    examples.forEach((example, index) => ui.example.append(el("option", { value: index }, example.name)));
    const devices = await loadDevices();
    const saved = decodeState(location.hash);
    if (saved) {
        ui.request.value = saved.request;
        state.node = saved.node;
        state.view = saved.view;
        state.zoom = saved.zoom;
        state.matrix = { devices: saved.devices, orientations: saved.orientations, field: saved.field };
    } else {
        writeRequest(examples[0].request);
    }
    await controlsFromRequest(currentRequest());
    for (const control of [ui.device, ui.orientation, ui.systemVersion, ui.statusBarHidden, ui.windowSplit, ui.windowSide, ui.windowFree, ui.windowX, ui.windowY, ui.windowWidth, ui.windowHeight, ui.keyboard]) {
        control.addEventListener("change", async () => {
            if (control === ui.device) await loadOrientations(ui.device.value);
            requestFromControls();
        });
    }
    ui.request.addEventListener("input", () => { controlsFromRequest(currentRequest()); schedule(); });
    ui.example.addEventListener("change", loadExample);
    ui.viewSingle.addEventListener("click", () => setView("single"));
    ui.viewMatrix.addEventListener("click", () => setView("matrix"));
    for (const button of document.querySelectorAll("[data-zoom]")) button.addEventListener("click", () => setZoom(/** @type {any} */ (button).dataset.zoom));
    ui.picture.addEventListener("click", (/** @type {MouseEvent} */ event) => { const id = nodeAt(ui.picture, state.answer, event); if (id) choose(id); });
    ui.picture.addEventListener("mousemove", (/** @type {MouseEvent} */ event) => hover(nodeAt(ui.picture, state.answer, event)));
    ui.picture.addEventListener("mouseleave", () => hover(null));
    ui.tree.addEventListener("click", (/** @type {MouseEvent} */ event) => { const id = /** @type {HTMLElement} */ (event.target).closest("button")?.dataset.node; if (id) choose(id); });
    for (const type of ["mouseover", "focusin"]) ui.tree.addEventListener(type, (/** @type {Event} */ event) => hover(/** @type {HTMLElement} */ (event.target).closest("button")?.dataset.node ?? null));
    for (const type of ["mouseleave", "focusout"]) ui.tree.addEventListener(type, () => hover(null));
    buildChooser({ search: ui.matrixSearch, list: ui.matrixList, presets: ui.matrixPresets, orientations: ui.matrixOrientations, field: ui.matrixField, count: ui.matrixCount }, devices, state.matrix, schedule);
    $("copyCurl").addEventListener("click", () => { const request = currentRequest(); copy(curlCommand(location.origin, request ?? ui.request.value)); });
    $("copyJSON").addEventListener("click", () => copy(state.answerText));
    $("copyCSS").addEventListener("click", async () => copy(await emulationCSS()));
    $("share").addEventListener("click", () => { saveState(); copy(location.href); });
    setZoom(state.zoom);
    setView(state.view);
}

start();
