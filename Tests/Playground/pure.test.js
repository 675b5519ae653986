// node --test Tests/Playground: the playground's pure modules (state, formatting, device
// sets, JSON pointers), without a browser.
import { test } from "node:test";
import assert from "node:assert/strict";
import { controlsOf, decodeState, defaultMatrix, encodeState, windowMode, withControls } from "../../Sources/InsetAPI/Playground/Assets/state.js";
import { caveatLines, explainRows, insetsText, memberRows, pictureId, rectText } from "../../Sources/InsetAPI/Playground/Assets/format.js";
import { lineUp, presets, searchDevices } from "../../Sources/InsetAPI/Playground/Assets/devicesets.js";
import { mapPointers, placeOf } from "../../Sources/InsetAPI/Playground/Assets/jsonmap.js";

const controls = { device: "ipad-pro-13-m4", orientation: "landscapeLeft", systemVersion: 18, statusBarHidden: false, split: "oneThird", side: "trailing", frame: null, keyboard: null };

test("the iPad window control: Split View presets below 26, a free window from 26, nothing off an iPad", () => {
    assert.equal(windowMode("ipad", 18), "split");
    assert.equal(windowMode("ipad", 25.9), "split");
    assert.equal(windowMode("ipad", 26), "free");
    assert.equal(windowMode("ipad", 27.1), "free");
    assert.equal(windowMode("iphone", 27.1), "none");
});

test("controls write a split below 26 and a frame from 26, never the other", () => {
    assert.deepEqual(withControls({ root: {} }, controls, "ipad").window, { split: "oneThird", side: "trailing" });
    const free = { ...controls, systemVersion: 27.1, frame: { x: 10, y: 20, width: 900, height: 700 } };
    assert.deepEqual(withControls({ root: {} }, free, "ipad").window, { frame: { x: 10, y: 20, width: 900, height: 700 } });
    assert.equal(withControls({ root: {}, window: { split: "oneHalf" } }, { ...controls, systemVersion: 27.1 }, "ipad").window, undefined);
    assert.equal(withControls({ root: {} }, controls, "iphone").window, undefined);
});

test("controls keep the rest of the request and drop a custom screen", () => {
    const next = withControls({ screen: { width: 1, height: 1 }, root: { id: "r" }, keyboard: { height: 3 } }, { ...controls, keyboard: 0 }, "ipad");
    assert.deepEqual(next.root, { id: "r" });
    assert.equal(next.screen, undefined);
    assert.equal(next.keyboard, undefined);
    assert.deepEqual(withControls({}, { ...controls, keyboard: 300 }, "ipad").keyboard, { height: 300 });
});

test("a request's controls, with 27.1 where it names no version", () => {
    assert.equal(controlsOf({}).systemVersion, 27.1);
    assert.equal(controlsOf(null).device, "");
    const c = controlsOf({ device: "d", window: { frame: { x: 1, y: 2, width: 3, height: 4 } }, keyboard: { height: 5 } });
    assert.deepEqual([c.device, c.frame, c.keyboard], ["d", { x: 1, y: 2, width: 3, height: 4 }, 5]);
});

test("the state survives the URL fragment", () => {
    const state = { request: '{"a": "b&c#d"}', node: "n/1", view: "matrix", zoom: "200", devices: ["iphone-x", "ipad-air-11"], orientations: ["portrait"], field: "layoutMargins" };
    assert.deepEqual(decodeState("#" + encodeState(state)), state);
    assert.equal(decodeState("#view=matrix"), null);
    const plain = decodeState("request=%7B%7D&orientations=sideways,portrait");
    assert.deepEqual([plain.view, plain.zoom, plain.devices, plain.orientations], ["single", "fit", defaultMatrix.devices, ["portrait"]]);
});

test("every member of a node becomes a row, lists and sections included", () => {
    const rows = Object.fromEntries(memberRows({
        frame: { x: 0, y: 0, width: 812, height: 44 },
        safeAreaInsets: { top: 0, left: 44, bottom: 0, right: 44 },
        directionalLayoutMargins: { top: 8, leading: 64, bottom: 8, trailing: 64 },
        contentView: { frame: { x: 44, y: 0, width: 724, height: 44 }, layoutMargins: { top: 8, left: 20, bottom: 8, right: 20 } },
        separatorInset: { left: 64, right: 0 },
        sectionInsets: [{ top: 1, left: 2, bottom: 3, right: 4 }],
        sectionExplain: [{ left: { reference: "safeArea", clampedToContentInset: false } }],
        keyboardLayoutGuide: { x: 0, y: 500, width: 402, height: 336 },
        topLayoutGuide: 64,
        explain: { top: [] },
    }));
    assert.equal(rows["frame"], "(0, 0) 812 × 44");
    assert.equal(rows["safeAreaInsets"], "0 44 0 44");
    assert.equal(rows["directionalLayoutMargins"], "8 64 8 64");
    assert.equal(rows["contentView.frame"], "(44, 0) 724 × 44");
    assert.equal(rows["contentView.layoutMargins"], "8 20 8 20");
    assert.equal(rows["separatorInset"], "left 64, right 0");
    assert.equal(rows["sectionInsets[0]"], "1 2 3 4");
    assert.equal(rows["sectionExplain[0].left.reference"], "safeArea");
    assert.equal(rows["sectionExplain[0].left.clampedToContentInset"], "false");
    assert.equal(rows["keyboardLayoutGuide"], "(0, 500) 402 × 336");
    assert.equal(rows["topLayoutGuide"], "64");
    assert.equal(rows["explain"], undefined);
});

test("explain rows sum each edge; caveats read as lines", () => {
    const node = { safeAreaInsets: { top: 103, left: 0, bottom: 34, right: 0 }, explain: { top: [{ source: "sensorHousing", value: 59 }, { source: "navigationBar", value: 44 }], left: [], bottom: [{ source: "homeIndicator", value: 34 }], right: [] } };
    assert.deepEqual(explainRows(node)[0], ["top", "103 = sensorHousing 59 + navigationBar 44"]);
    assert.deepEqual(explainRows(node)[1], ["left", "0 = nothing"]);
    assert.deepEqual(caveatLines({ caveats: [{ rule: "V5", detail: "large titles" }] }), ["V5: large titles"]);
    assert.deepEqual(caveatLines({}), []);
    assert.equal(insetsText(undefined), "–");
    assert.equal(rectText({ x: 1 / 3, y: 0, width: 1, height: 2 }), "(0.333, 0) 1 × 2");
});

const devices = [
    { id: "iphone-17-pro", name: "iPhone 17 Pro", family: "iphone" }, { id: "iphone-x", name: "iPhone X", family: "iphone" },
    { id: "ipad-air-11", name: "iPad Air 11-inch", family: "ipad" }, { id: "apple-tv-4k", name: "Apple TV 4K", family: "tv" },
];

test("search as you type matches every word in id or name, case aside", () => {
    assert.deepEqual(searchDevices("IPHONE pro", devices).map((d) => d.id), ["iphone-17-pro"]);
    assert.deepEqual(searchDevices("", devices).length, 4);
    assert.deepEqual(searchDevices("air 11", devices).map((d) => d.id), ["ipad-air-11"]);
});

test("presets choose every iPhone, every iPad, and the line-up the server knows", () => {
    assert.deepEqual(presets["Every iPhone"](devices), ["iphone-17-pro", "iphone-x"]);
    assert.deepEqual(presets["Every iPad"](devices), ["ipad-air-11"]);
    assert.deepEqual(presets["Current line-up"](devices), ["iphone-17-pro", "ipad-air-11"]);
    assert.equal(lineUp.length, 10);
});

test("a pointer finds its place in the JSON text, or its nearest ancestor's", () => {
    const text = '{"root": {"id": "a", "subviews": [{"frame": 1}]}}';
    const places = mapPointers(text);
    const place = placeOf(places, "/root/subviews/0/frame");
    assert.equal(text.slice(place.start, place.end), '"frame": 1');
    assert.equal(placeOf(places, "/root/missing").exact, false);
});

test("the playground makes no API call outside insetd.js", async () => {
    const { readdir, readFile } = await import("node:fs/promises");
    const folder = new URL("../../Sources/InsetAPI/Playground/Assets/", import.meta.url);
    for (const name of (await readdir(folder)).filter((n) => n.endsWith(".js"))) {
        const text = await readFile(new URL(name, folder), "utf8");
        assert.doesNotMatch(text, /\bfetch\s*\(|XMLHttpRequest|EventSource|sendBeacon/, `${name} calls the network itself`);
    }
    assert.match(await readFile(new URL("playground.js", folder), "utf8"), /from "\.\/insetd\.js"/);
});

test("an id is matched in the picture as the picture writes it", () => {
    assert.equal(pictureId("plain"), "plain");
    assert.equal(pictureId("a\u0001\tb\\c\uffff"), "a\\u0001\\u0009b\\\\c\\uFFFF");
    assert.notEqual(pictureId("a\u0001"), pictureId("a\u0002"));
});
