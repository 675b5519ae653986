// The one-device picture: shows POST /render's SVG, zooms it, keeps the last good one
// dimmed while the request is wrong, and finds the node under the pointer.
import { svgElement } from "./dom.js";
import { pictureId } from "./format.js";

/**
 * Shows a new picture, or dims the last good one (`text` null).
 * @param {HTMLElement} figure
 * @param {string | null} text
 */
export function showPicture(figure, text) {
    if (text === null) {
        figure.classList.toggle("stale", figure.querySelector("svg") !== null);
        return;
    }
    figure.classList.remove("stale");
    figure.replaceChildren(svgElement(text));
}

/**
 * Applies a zoom to the figure's picture: "fit" fills the space, "100" and "200" show
 * 1 or 2 pixels per point (the figure scrolls).
 * @param {HTMLElement} figure
 * @param {string} zoom
 */
export function applyZoom(figure, zoom) {
    figure.dataset.zoom = zoom;
    const svg = figure.querySelector("svg");
    if (!svg) return;
    const width = Number(svg.getAttribute("width"));
    svg.style.width = zoom === "fit" ? "" : `${width * Number(zoom) / 100}px`;
}

/**
 * The id of the front-most node whose frame holds the pointer, or null.
 * @param {HTMLElement} figure
 * @param {any} answer the /layout answer drawn
 * @param {{clientX: number, clientY: number}} event
 */
export function nodeAt(figure, answer, event) {
    const svg = figure.querySelector("svg");
    const matrix = svg?.getScreenCTM();
    if (!svg || !matrix || !answer) return null;
    const point = new DOMPoint(event.clientX, event.clientY).matrixTransform(matrix.inverse());
    const origin = answer.window?.frame ?? { x: 0, y: 0 };
    let hit = null;
    for (const [id, node] of Object.entries(answer.nodes ?? {})) {
        const f = /** @type {any} */ (node).frameInWindow;
        const x = point.x - origin.x;
        const y = point.y - origin.y;
        if (x >= f.x && x <= f.x + f.width && y >= f.y && y <= f.y + f.height) hit = id;
    }
    return hit;
}

/**
 * Marks `id` in the picture (class `hover` or `chosen` on its group).
 * @param {HTMLElement} figure
 * @param {string} className
 * @param {string | null} id
 */
export function mark(figure, className, id) {
    const written = id === null ? null : pictureId(id);
    for (const group of figure.querySelectorAll("[data-node]")) group.classList.toggle(className, group.getAttribute("data-node") === written);
}
