// The playground's state, pure: the controls' values read from and written into a request,
// the iPad window control by systemVersion, and the whole state in the URL's fragment.

/** The systemVersion a new request starts with (API.md: every default is 27.1). */
export const defaultSystemVersion = 27.1;
/** From this systemVersion iPadOS has free windows instead of Split View (RULES.md V11). */
export const freeWindowsFrom = 26;
/** The orientations, in API order. */
export const orientationWords = ["portrait", "portraitUpsideDown", "landscapeLeft", "landscapeRight"];

/**
 * What the iPad window control offers: nothing off an iPad, the Split View presets below
 * 26, a free window (width, height, x, y) from 26.
 * @param {string | undefined} family
 * @param {number} systemVersion
 * @returns {"none" | "split" | "free"}
 */
export function windowMode(family, systemVersion) {
    if (family !== "ipad") return "none";
    return systemVersion >= freeWindowsFrom ? "free" : "split";
}

/**
 * @typedef {{device: string, orientation: string, systemVersion: number, statusBarHidden: boolean,
 *   split: string, side: string, frame: {x: number, y: number, width: number, height: number} | null,
 *   keyboard: number | null}} Controls
 */

/**
 * The controls' values a request holds (defaults where it says nothing).
 * @param {any} request
 * @returns {Controls}
 */
export function controlsOf(request) {
    const r = request && typeof request === "object" && !Array.isArray(request) ? request : {};
    const frame = r.window?.frame;
    return {
        device: typeof r.device === "string" ? r.device : "",
        orientation: typeof r.orientation === "string" ? r.orientation : "",
        systemVersion: typeof r.systemVersion === "number" ? r.systemVersion : defaultSystemVersion,
        statusBarHidden: r.statusBarHidden === true,
        split: typeof r.window?.split === "string" ? r.window.split : "",
        side: r.window?.side === "trailing" ? "trailing" : "leading",
        frame: frame && typeof frame === "object" ? { x: frame.x, y: frame.y, width: frame.width, height: frame.height } : null,
        keyboard: typeof r.keyboard?.height === "number" ? r.keyboard.height : null,
    };
}

/**
 * The request with the controls' values written in (a new object; the rest kept as it is).
 * @param {any} request
 * @param {Controls} controls
 * @param {string | undefined} family the device's family, for the window control
 * @returns {any}
 */
export function withControls(request, controls, family) {
    const next = { ...request, device: controls.device, orientation: controls.orientation, systemVersion: controls.systemVersion };
    delete next.screen;
    if (controls.statusBarHidden) next.statusBarHidden = true; else delete next.statusBarHidden;
    const mode = windowMode(family, controls.systemVersion);
    if (mode === "split" && controls.split) next.window = { split: controls.split, side: controls.side };
    else if (mode === "free" && controls.frame) next.window = { frame: { ...controls.frame } };
    else delete next.window;
    if (controls.keyboard !== null && controls.keyboard > 0) next.keyboard = { height: controls.keyboard };
    else delete next.keyboard;
    return next;
}

/**
 * A free window to start from on a screen: two thirds of its width, full height, leading.
 * @param {{width: number, height: number}} screen
 */
export function defaultFreeWindow(screen) {
    return { x: 0, y: 0, width: Math.round(screen.width * 2 / 3), height: screen.height };
}

/**
 * @typedef {{request: string, node: string | null, view: "single" | "matrix", zoom: "fit" | "100" | "200",
 *   devices: string[], orientations: string[], field: string}} PageState
 */

/** The matrix's starting choice. */
export const defaultMatrix = { devices: ["iphone-se-3rd-gen", "iphone-17-pro", "ipad-air-11"], orientations: ["portrait", "landscapeLeft"], field: "safeAreaInsets" };

/**
 * The state as a URL fragment (without "#").
 * @param {PageState} state
 */
export function encodeState(state) {
    const fragment = new URLSearchParams({ request: state.request, view: state.view, zoom: state.zoom });
    if (state.node) fragment.set("node", state.node);
    fragment.set("devices", state.devices.join(","));
    fragment.set("orientations", state.orientations.join(","));
    fragment.set("field", state.field);
    return fragment.toString();
}

/**
 * The state a fragment holds; `null` without a request.
 * @param {string} hash with or without its "#"
 * @returns {PageState | null}
 */
export function decodeState(hash) {
    const fragment = new URLSearchParams(hash.replace(/^#/, ""));
    const request = fragment.get("request");
    if (request === null) return null;
    const list = (/** @type {string} */ name, /** @type {string[]} */ fallback) => {
        const value = fragment.get(name);
        return value === null ? fallback : value.split(",").filter(Boolean);
    };
    const zoom = fragment.get("zoom");
    return {
        request,
        node: fragment.get("node"),
        view: fragment.get("view") === "matrix" ? "matrix" : "single",
        zoom: zoom === "100" || zoom === "200" ? zoom : "fit",
        devices: list("devices", defaultMatrix.devices),
        orientations: list("orientations", defaultMatrix.orientations).filter((o) => orientationWords.includes(o)),
        field: fragment.get("field") ?? defaultMatrix.field,
    };
}
