// node --test clients/js: the client against a recorded fetch, no server needed.
import { test } from "node:test";
import assert from "node:assert/strict";
import { createClient, curlCommand, queryString } from "./insetd.js";

/** A fetch that records each call and answers `status` with `text`. */
function recorder(status, text) {
    const calls = [];
    const fetch = async (url, init) => {
        calls.push({ url, init });
        return { ok: status >= 200 && status < 300, status, text: async () => text };
    };
    return { calls, fetch };
}

test("layout posts the request as JSON and parses the answer", async () => {
    const { calls, fetch } = recorder(200, '{"nodes":{"v":{}}}');
    const answer = await createClient({ baseURL: "http://h", fetch }).layout({ device: "iphone-x", root: { id: "v" } });
    assert.equal(calls[0].url, "http://h/layout");
    assert.equal(calls[0].init.method, "POST");
    assert.equal(calls[0].init.headers["Content-Type"], "application/json");
    assert.equal(calls[0].init.body, '{"device":"iphone-x","root":{"id":"v"}}');
    assert.deepEqual(answer, { ok: true, status: 200, body: { nodes: { v: {} } }, text: '{"nodes":{"v":{}}}' });
});

test("a JSON text is sent as it is, so that its problems point into it", async () => {
    const { calls, fetch } = recorder(422, '{"status":422,"errors":[]}');
    const answer = await createClient({ fetch }).layout('{ "device": 1 }');
    assert.equal(calls[0].init.body, '{ "device": 1 }');
    assert.equal(answer.ok, false);
    assert.equal(answer.body.status, 422);
});

test("a picture's text is kept and its body is null", async () => {
    const { fetch } = recorder(200, "<svg/>");
    const answer = await createClient({ fetch }).render({ device: "iphone-x" });
    assert.equal(answer.text, "<svg/>");
    assert.equal(answer.body, null);
});

test("device paths escape the id and carry the defined query values", async () => {
    const { calls, fetch } = recorder(200, "{}");
    const client = createClient({ fetch });
    await client.device("iPhone16,1", { orientation: "landscapeLeft", systemVersion: undefined });
    await client.deviceSVG("a/b", { scale: 2 });
    await client.emulationCSS("iphone-x");
    await client.matrix({});
    assert.deepEqual(calls.map((c) => c.url), [
        "/devices/iPhone16%2C1?orientation=landscapeLeft", "/devices/a%2Fb/render.svg?scale=2",
        "/devices/iphone-x/emulation", "/layout/matrix",
    ]);
    assert.equal(calls[2].init.headers.Accept, "text/css");
});

test("queryString leaves out undefined values", () => {
    assert.equal(queryString({}), "");
    assert.equal(queryString({ a: 1, b: undefined, c: true }), "?a=1&c=true");
});

test("curlCommand quotes single quotes for the shell", () => {
    assert.equal(curlCommand("http://h", { id: "it's" }),
        `curl -sS 'http://h/layout' -H 'Content-Type: application/json' -d '{"id":"it'\\''s"}'`);
});
