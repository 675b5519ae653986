// The tree of nodes and the chosen node's details: every member /layout answers for it,
// its explain lists, the window's members and the answer's caveats.
import { el, table } from "./dom.js";
import { caveatLines, explainRows, memberRows } from "./format.js";

/**
 * The tree of the request's nodes, each a button; keeps the keyboard's place.
 * @param {HTMLElement} list
 * @param {any} request
 * @param {string | null} chosen
 */
export function showTree(list, request, chosen) {
    /** @param {any} node @returns {HTMLElement | null} */
    const build = (node) => {
        if (!node || typeof node !== "object" || typeof node.id !== "string") return null;
        const button = el("button", { type: "button", "data-node": node.id, "aria-current": node.id === chosen ? "true" : "false" }, node.id);
        const item = el("li", {}, button);
        const children = (Array.isArray(node.subviews) ? node.subviews : []).map(build).filter(Boolean);
        if (children.length) item.append(el("ul", {}, .../** @type {HTMLElement[]} */ (children)));
        return item;
    };
    const active = document.activeElement;
    const focused = active instanceof HTMLElement && list.contains(active) ? active.dataset.node : null;
    const root = build(request?.root);
    list.replaceChildren(...(root ? [root] : []));
    if (focused != null) [...list.querySelectorAll("button")].find((b) => b.dataset.node === focused)?.focus();
}

/**
 * The details of the answer: the chosen node's members and explain, the window's, caveats.
 * @param {HTMLElement} panel
 * @param {any} answer
 * @param {string | null} chosen
 */
export function showDetails(panel, answer, chosen) {
    if (!answer) return;
    const parts = [];
    const caveats = caveatLines(answer);
    if (caveats.length) parts.push(el("div", { id: "caveats", role: "note" }, el("h2", {}, "Caveats"), el("ul", {}, ...caveats.map((line) => el("li", {}, line)))));
    const node = chosen ? answer.nodes?.[chosen] : undefined;
    if (node) {
        parts.push(el("h2", { id: "nodeTitle" }, `Node “${chosen}”`), table(memberRows(node), "nodeNumbers"));
        const explain = explainRows(node);
        if (explain.length) parts.push(table(explain, "explain", "Why: explain, per edge (safe area = sum)"));
    } else {
        parts.push(el("p", { class: "hint" }, "Choose a node in the tree or the picture."));
    }
    parts.push(table(memberRows(answer.window, "window."), "windowNumbers", `Window: ${answer.device ?? "custom screen"}, ${answer.orientation}, systemVersion ${answer.systemVersion}`));
    panel.replaceChildren(...parts);
}
