// The matrix view: the same hierarchy on the chosen devices and orientations
// (POST /layout/matrix, then POST /render for each), the chosen node's field under each.
import { el, svgElement } from "./dom.js";
import { presets, searchDevices } from "./devicesets.js";
import { insetsText, rectText } from "./format.js";
import { orientationWords } from "./state.js";

/** The node fields a caption may show. */
export const captionFields = ["safeAreaInsets", "layoutMargins", "adjustedContentInset", "frame", "frameInWindow"];

/**
 * Builds the chooser: search as you type, presets, orientations and the caption field.
 * @param {{search: HTMLInputElement, list: HTMLElement, presets: HTMLElement, orientations: HTMLElement, field: HTMLSelectElement, count: HTMLElement}} ui
 * @param {{id: string, name: string, family: string}[]} devices
 * @param {{devices: string[], orientations: string[], field: string}} choice changed in place
 * @param {() => void} changed
 */
export function buildChooser(ui, devices, choice, changed) {
    const showList = () => {
        // The chosen devices first, so that the choice shows without scrolling.
        const found = searchDevices(ui.search.value, devices).sort((a, b) => Number(choice.devices.includes(b.id)) - Number(choice.devices.includes(a.id)));
        ui.list.replaceChildren(...found.map((d) => {
            const box = el("input", { type: "checkbox", value: d.id, checked: choice.devices.includes(d.id) });
            box.addEventListener("change", () => {
                choice.devices = box.checked ? [...choice.devices, d.id] : choice.devices.filter((id) => id !== d.id);
                ui.count.textContent = countText(choice);
                changed();
            });
            return el("li", {}, el("label", { class: "check" }, box, ` ${d.name}`));
        }));
        ui.count.textContent = countText(choice);
    };
    ui.search.addEventListener("input", showList);
    for (const [name, pick] of Object.entries(presets)) {
        const button = el("button", { type: "button" }, name);
        button.addEventListener("click", () => { choice.devices = pick(devices); showList(); changed(); });
        ui.presets.append(button);
    }
    const none = el("button", { type: "button" }, "None");
    none.addEventListener("click", () => { choice.devices = []; showList(); changed(); });
    ui.presets.append(none);
    for (const word of orientationWords) {
        const box = el("input", { type: "checkbox", value: word, checked: choice.orientations.includes(word) });
        box.addEventListener("change", () => {
            choice.orientations = orientationWords.filter((w) => (w === word ? box.checked : choice.orientations.includes(w)));
            changed();
        });
        ui.orientations.append(el("label", { class: "check" }, box, ` ${word}`));
    }
    ui.field.replaceChildren(...captionFields.map((f) => el("option", { value: f, selected: f === choice.field }, f)));
    ui.field.addEventListener("change", () => { choice.field = ui.field.value; changed(); });
    showList();
}

/** @param {{devices: string[], orientations: string[]}} choice */
const countText = (choice) => `${choice.devices.length} device${choice.devices.length === 1 ? "" : "s"} chosen`;

/**
 * Fills the grid with one figure per combination.
 * @param {HTMLElement} grid
 * @param {any} api the client of ./insetd.js
 * @param {any} request
 * @param {{devices: string[], orientations: string[], field: string}} choice
 * @param {string | null} node
 * @param {() => boolean} current false once a newer update started
 */
export async function showMatrix(grid, api, request, choice, node, current) {
    if (!request || typeof request !== "object" || !choice.devices.length || !choice.orientations.length) {
        grid.replaceChildren(el("p", { class: "hint", id: "matrixProblem" }, "Choose at least one device and one orientation."));
        return;
    }
    const { device, orientation, screen, window, ...rest } = request;
    const answer = await api.matrix({ ...rest, devices: choice.devices, orientations: choice.orientations });
    if (!current()) return;
    if (!answer.ok || !answer.body) {
        const detail = answer.status === 404 ? "This server does not offer POST /layout/matrix." : answer.body?.detail ?? answer.text;
        grid.replaceChildren(el("p", { id: "matrixProblem" }, `${answer.status}: ${detail}`));
        return;
    }
    const figures = await Promise.all(answer.body.results.map(async (/** @type {any} */ result) => {
        const picture = await api.render({ ...rest, device: result.device, orientation: result.orientation, systemVersion: result.systemVersion,
            render: { scale: 0.35, ...(node ? { node } : {}) } });
        const value = node ? result.nodes?.[node]?.[choice.field] : undefined;
        const text = value === undefined ? "–" : choice.field.startsWith("frame") ? rectText(value) : insetsText(value);
        return el("figure", { "data-combination": `${result.device} ${result.orientation}` },
            picture.ok ? svgElement(picture.text) : el("p", {}, `HTTP ${picture.status}`),
            el("figcaption", {}, `${result.device}, ${result.orientation}`, el("br"), node ? `${node} ${choice.field}: ${text}` : "choose a node to compare"));
    }));
    const skipped = (answer.body.skipped ?? []).map((/** @type {any} */ s) => el("p", { class: "hint" }, `${s.device} ${s.orientation}: ${s.reason}`));
    if (current()) grid.replaceChildren(...figures, ...skipped);
}
