// The matrix's device choice, pure: presets and search as you type over GET /devices.

/** The current line-up (API.md "GET / — the playground"). */
export const lineUp = ["iphone-17", "iphone-17-pro", "iphone-17-pro-max", "iphone-air", "iphone-17e", "ipad-air-11", "ipad-air-13", "ipad-mini-6", "ipad-pro-11-m4", "ipad-pro-13-m4"];

/** @typedef {{id: string, name: string, family: string}} Device */

/** The presets by name, each the ids it chooses from `devices`. */
export const presets = {
    "Every iPhone": (/** @type {Device[]} */ devices) => devices.filter((d) => d.family === "iphone").map((d) => d.id),
    "Every iPad": (/** @type {Device[]} */ devices) => devices.filter((d) => d.family === "ipad").map((d) => d.id),
    "Current line-up": (/** @type {Device[]} */ devices) => lineUp.filter((id) => devices.some((d) => d.id === id)),
};

/**
 * The devices whose id or name holds every word of `query`, case aside, in list order.
 * @param {string} query
 * @param {Device[]} devices
 */
export function searchDevices(query, devices) {
    const words = query.toLowerCase().split(/\s+/).filter(Boolean);
    return devices.filter((d) => words.every((w) => d.id.toLowerCase().includes(w) || d.name.toLowerCase().includes(w)));
}
