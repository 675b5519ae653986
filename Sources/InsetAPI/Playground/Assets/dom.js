// Small DOM helpers the playground's modules share.

/**
 * An element with attributes (false/null/undefined left out) and children.
 * @param {string} tag
 * @param {Record<string, unknown>} [attributes]
 * @param {...(Node | string)} children
 */
export function el(tag, attributes = {}, ...children) {
    const node = document.createElement(tag);
    for (const [key, value] of Object.entries(attributes)) {
        if (value === undefined || value === null || value === false) continue;
        node.setAttribute(key, value === true ? "" : String(value));
    }
    node.append(...children);
    return node;
}

/**
 * A picture answer parsed as SVG and adopted into the page (never as HTML).
 * @param {string} text
 */
export function svgElement(text) {
    const root = new DOMParser().parseFromString(text, "image/svg+xml").documentElement;
    if (root.nodeName !== "svg") return el("p", {}, "The picture could not be read.");
    return document.importNode(root, true);
}

/**
 * A member path ("contentView.layoutMargins") with a break opportunity after each dot, so
 * that it wraps between names and never inside one ("botto/m").
 * @param {string} name
 */
function breakable(name) {
    return name.split(/(?<=\.)/).flatMap((part, index) => (index ? [document.createElement("wbr"), part] : [part]));
}

/**
 * A two-column table of [name, value] rows.
 * @param {[string, string][]} rows
 * @param {string} [id]
 * @param {string} [caption]
 */
export function table(rows, id, caption) {
    return el("table", { id }, ...(caption ? [el("caption", {}, caption)] : []),
        ...rows.map(([name, value]) => el("tr", {}, el("th", { scope: "row" }, ...breakable(name)), el("td", {}, el("code", {}, value)))));
}
