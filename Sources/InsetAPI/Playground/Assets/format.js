// How the playground writes an answer's values, pure: numbers, insets, rects, and a node's
// every member as rows of the details table.

/** @param {unknown} n */
export const fmt = (n) => (typeof n === "number" ? String(Math.round(n * 1000) / 1000) : "–");

const isObject = (/** @type {any} */ v) => v !== null && typeof v === "object" && !Array.isArray(v);
const hasKeys = (/** @type {any} */ v, /** @type {string[]} */ keys) => isObject(v) && keys.every((k) => typeof v[k] === "number") && Object.keys(v).length === keys.length;

/** @param {any} i insets (top left bottom right), or directional (top leading bottom trailing) */
export function insetsText(i) {
    if (hasKeys(i, ["top", "leading", "bottom", "trailing"])) return `${fmt(i.top)} ${fmt(i.leading)} ${fmt(i.bottom)} ${fmt(i.trailing)}`;
    return isObject(i) ? `${fmt(i.top)} ${fmt(i.left)} ${fmt(i.bottom)} ${fmt(i.right)}` : "–";
}

/** @param {any} r */
export const rectText = (r) => (isObject(r) ? `(${fmt(r.x)}, ${fmt(r.y)}) ${fmt(r.width)} × ${fmt(r.height)}` : "–");

/**
 * One value as text: Insets, Rect, Size, Point and plain values have their own forms.
 * @param {any} value
 */
function valueText(value) {
    if (hasKeys(value, ["top", "left", "bottom", "right"]) || hasKeys(value, ["top", "leading", "bottom", "trailing"])) return insetsText(value);
    if (hasKeys(value, ["x", "y", "width", "height"])) return rectText(value);
    if (hasKeys(value, ["width", "height"])) return `${fmt(value.width)} × ${fmt(value.height)}`;
    if (hasKeys(value, ["x", "y"])) return `(${fmt(value.x)}, ${fmt(value.y)})`;
    if (hasKeys(value, ["left", "right"])) return `left ${fmt(value.left)}, right ${fmt(value.right)}`;
    if (typeof value === "number") return fmt(value);
    if (typeof value === "string" || typeof value === "boolean") return String(value);
    return null;
}

/**
 * Every member of an answer's object as [name, text] rows, nested members by dotted path
 * and list items by index: whatever /layout answers shows, lists and sections included.
 * `explain` is left out (the details show it as its own table).
 * @param {any} object
 * @param {string} [prefix]
 * @returns {[string, string][]}
 */
export function memberRows(object, prefix = "") {
    /** @type {[string, string][]} */
    const rows = [];
    if (!isObject(object)) return rows;
    for (const [key, value] of Object.entries(object)) {
        if (key === "explain" && prefix === "") continue;
        const name = prefix + key;
        const text = valueText(value);
        if (text !== null) rows.push([name, text]);
        else if (Array.isArray(value)) value.forEach((item, index) => {
            const itemText = valueText(item);
            if (itemText !== null) rows.push([`${name}[${index}]`, itemText]);
            else rows.push(...memberRows(item, `${name}[${index}].`));
        });
        else rows.push(...memberRows(value, `${name}.`));
    }
    return rows;
}

/**
 * A node's explain lists as one row per edge: "103 = sensorHousing 59 + navigationBar 44".
 * @param {any} node
 * @returns {[string, string][]}
 */
export function explainRows(node) {
    if (!isObject(node?.explain)) return [];
    return ["top", "left", "bottom", "right"].map((edge) => {
        const list = node.explain[edge] ?? [];
        const sum = list.map((/** @type {any} */ c) => `${c.source} ${fmt(c.value)}`).join(" + ") || "nothing";
        return [edge, `${fmt(node.safeAreaInsets?.[edge])} = ${sum}`];
    });
}

/**
 * The answer's caveats as text lines ("V5: …"); none when absent.
 * @param {any} answer
 * @returns {string[]}
 */
export function caveatLines(answer) {
    return Array.isArray(answer?.caveats) ? answer.caveats.map((/** @type {any} */ c) => `${c.rule}: ${c.detail}`) : [];
}

/**
 * An id as the picture writes it in `data-node` (API.md "POST /render"): C0 controls,
 * U+FFFE and U+FFFF as `\uXXXX`, the backslash as `\\`.
 * @param {string} id
 */
export function pictureId(id) {
    return id.replace(/[\u0000-\u001f\ufffe\uffff\\]/g, (c) => (c === "\\" ? "\\\\" : `\\u${c.charCodeAt(0).toString(16).toUpperCase().padStart(4, "0")}`));
}
