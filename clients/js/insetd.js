// insetd's HTTP API as one ES module, for the playground and any web page: import it as it
// is (GET /insetd.js on an insetd server, or this file), no build step, no dependencies.
//
//   import { createClient } from "/insetd.js";
//   const insetd = createClient();                      // this page's origin
//   const { ok, body } = await insetd.layout({ device: "iphone-16-pro", root: { id: "v" } });
//
// Every call resolves to an Answer (never throws for an HTTP status): `ok`, `status`, the
// parsed JSON `body` (a problem+json object on a 4xx) or null, and the `text` as sent.

/**
 * @typedef {{top: number, left: number, bottom: number, right: number}} Insets
 * @typedef {{x: number, y: number, width: number, height: number}} Rect
 * @typedef {{pointer: string, detail: string}} FieldProblem
 * @typedef {{type: string, title: string, status: number, detail: string, errors?: FieldProblem[]}} Problem
 * @typedef {{id: string, name: string, family: "iphone" | "ipad" | "tv", [key: string]: unknown}} DeviceSummary
 * @typedef {{rule: string, detail: string}} Caveat
 * @typedef {Record<string, unknown> & {device?: string, orientation?: string, systemVersion?: number, root?: unknown}} LayoutRequest
 * @typedef {LayoutRequest & {render?: {step?: number, show?: string[], scale?: number, node?: string}}} RenderRequest
 * @typedef {{device?: string, orientation?: string, systemVersion?: number, statusBarHidden?: boolean, scale?: number}} DeviceQuery
 */

/**
 * What every call resolves to.
 * @template T
 * @typedef {{ok: boolean, status: number, body: T | null, text: string}} Answer
 */

/**
 * @typedef {object} ClientOptions
 * @property {string} [baseURL] the server's origin, "" for this page's
 * @property {typeof fetch} [fetch] the fetch to use (tests pass their own)
 */

/**
 * A query string from the defined values of `query` ("" when none).
 * @param {Record<string, string | number | boolean | undefined>} query
 * @returns {string}
 */
export function queryString(query) {
    const parameters = new URLSearchParams();
    for (const [key, value] of Object.entries(query)) if (value !== undefined) parameters.set(key, String(value));
    const text = parameters.toString();
    return text ? `?${text}` : "";
}

/**
 * A client of one insetd server.
 * @param {ClientOptions} [options]
 */
export function createClient(options = {}) {
    const base = options.baseURL ?? "";
    const send = options.fetch ?? ((/** @type {RequestInfo | URL} */ input, /** @type {RequestInit | undefined} */ init) => fetch(input, init));

    /**
     * @template T
     * @param {string} path
     * @param {RequestInit} [init]
     * @returns {Promise<Answer<T>>}
     */
    async function call(path, init) {
        const response = await send(base + path, init);
        const text = await response.text();
        /** @type {T | null} */
        let body = null;
        try { body = JSON.parse(text); } catch { body = null; }
        return { ok: response.ok, status: response.status, body, text };
    }

    /**
     * @template T
     * @param {string} path
     * @param {unknown} body an object (sent as JSON) or a JSON text sent as it is
     * @param {Record<string, string>} [headers]
     * @returns {Promise<Answer<T>>}
     */
    function post(path, body, headers = {}) {
        const text = typeof body === "string" ? body : JSON.stringify(body);
        return call(path, { method: "POST", headers: { "Content-Type": "application/json", ...headers }, body: text });
    }

    return {
        /** @returns {Promise<Answer<{devices: DeviceSummary[]}>>} every device (GET /devices) */
        devices: () => call("/devices"),
        /**
         * One device's profile, or one orientation of it (GET /devices/{id}).
         * @param {string} id a device id or model identifier
         * @param {{orientation?: string, systemVersion?: number}} [query]
         * @returns {Promise<Answer<Record<string, any>>>}
         */
        device: (id, query = {}) => call(`/devices/${encodeURIComponent(id)}${queryString(query)}`),
        /**
         * The device's CSS emulation as text (GET /devices/{id}/emulation, Accept: text/css).
         * @param {string} id
         * @param {{orientation?: string, systemVersion?: number}} [query]
         * @returns {Promise<Answer<never>>}
         */
        emulationCSS: (id, query = {}) => call(`/devices/${encodeURIComponent(id)}/emulation${queryString(query)}`, { headers: { Accept: "text/css" } }),
        /**
         * The picture of a device alone (GET /devices/{id}/render.svg); `text` is the SVG.
         * @param {string} id
         * @param {DeviceQuery} [query]
         * @returns {Promise<Answer<never>>}
         */
        deviceSVG: (id, query = {}) => call(`/devices/${encodeURIComponent(id)}/render.svg${queryString(query)}`),
        /**
         * @param {LayoutRequest | string} request
         * @returns {Promise<Answer<Record<string, any>>>} POST /layout
         */
        layout: (request) => post("/layout", request),
        /**
         * @param {RenderRequest | string} request
         * @returns {Promise<Answer<Problem>>} POST /render: `text` is the SVG on a 200
         */
        render: (request) => post("/render", request),
        /**
         * @param {Record<string, unknown> | string} request
         * @returns {Promise<Answer<Record<string, any>>>} POST /layout/matrix
         */
        matrix: (request) => post("/layout/matrix", request),
        /**
         * @param {Record<string, unknown> | string} request
         * @returns {Promise<Answer<Record<string, any>>>} POST /scroll
         */
        scroll: (request) => post("/scroll", request),
    };
}

/**
 * A shell command that sends `request` to POST /layout of `origin`.
 * @param {string} origin
 * @param {unknown} request an object, or a JSON text sent as it is
 * @returns {string}
 */
export function curlCommand(origin, request) {
    const quote = (/** @type {string} */ text) => "'" + text.replace(/'/g, "'\\''") + "'";
    const body = typeof request === "string" ? request : JSON.stringify(request);
    return `curl -sS ${quote(origin + "/layout")} -H 'Content-Type: application/json' -d ${quote(body)}`;
}
