#!/usr/bin/env python3
"""Records insetd's answers to a fixed corpus of POST bodies, to prove that a change kept
every answer byte for byte (performance work must not change what the service says).

    bench/answers.py URL OUTDIR          # e.g. http://127.0.0.1:8080 /tmp/answers-before
    diff -r /tmp/answers-before /tmp/answers-after

The corpus (the same on every run: a fixed seed) is every /layout and /scroll request of
../shared/scenarios, ../shared/bench/layout-31.json, mutations of each (every top-level
key removed, unknown keys, wrong types, out-of-range and non-finite numbers, duplicate
keys, truncated and malformed JSON) and 300 generated /layout trees mixing devices,
orientations, system versions, containers and bars, scroll kinds, frames, pins, margins
and steps. Each answer is written as OUTDIR/NNNN.txt: status, content type, then the body.
Loopback only.
"""
import json
import os
import random
import sys
import urllib.error
import urllib.parse
import urllib.request

here = os.path.dirname(os.path.abspath(__file__))
shared = os.path.join(here, "..", "..", "shared")


def scenario_bodies():
    bodies = []
    for name in ("layout", "scroll"):
        for scenario in json.load(open(os.path.join(shared, "scenarios", name + ".json"))):
            request = scenario["request"]
            if request["method"] == "POST" and "body" in request:
                bodies.append((request["path"], request["body"]))
    bodies.append(("/layout", json.load(open(os.path.join(shared, "bench", "layout-31.json")))))
    return bodies


def mutations(path, body):
    """Bodies that are each wrong in one way (or, for some, still valid)."""
    out = []
    text = json.dumps(body)
    for key in list(body):
        out.append((path, json.dumps({k: v for k, v in body.items() if k != key})))
    out.append((path, json.dumps(dict(body, unknownField=1))))
    out.append((path, text[: len(text) // 2]))
    out.append((path, text.replace(":", "::", 1)))
    out.append((path, text[:-1] + ', "systemVersion": 1e309}'))
    out.append((path, text[:-1] + ', "device": "iphone-99"}'))
    for key, value in list(body.items()):
        for wrong in ("x", 3, -1, True, None, [], {}, 2e9):
            mutated = dict(body)
            mutated[key] = wrong
            out.append((path, json.dumps(mutated)))
    root = body.get("root")
    if isinstance(root, dict):
        for field, wrong in (("frame", {"x": 0, "y": 0, "width": 1, "height": 1}), ("pin", "bounds"),
                             ("kind", "button"), ("layoutMargins", {"top": -1}), ("subviews", {}),
                             ("id", 7), ("viewController", {"kind": "split"}), ("bogus", 1)):
            mutated = json.loads(text)
            mutated["root"][field] = wrong
            out.append((path, json.dumps(mutated)))
    return out


DEVICES = ["iphone-se-1st-gen", "iphone-8", "iphone-x", "iphone-xr", "iphone-12-mini", "iphone-15-pro",
           "iphone-16-pro", "iphone-17-pro-max", "ipad-pro-11", "ipad-10-2", "apple-tv-4k"]
ORIENTATIONS = ["portrait", "portraitUpsideDown", "landscapeLeft", "landscapeRight"]
INSETS = [{"top": 0, "left": 0, "bottom": 0, "right": 0}, {"top": 10, "left": 4.5, "bottom": 20, "right": 0},
          {"top": 8}, {"left": 30, "right": 30}]


def generated(rng, index):
    """A random /layout tree; some are invalid on purpose (unsupported orientations, …)."""
    counter = [0]

    def node_id():
        counter[0] += 1
        return "n%d-%d" % (index, counter[0])

    def view(depth):
        node = {"id": node_id()}
        roll = rng.random()
        if roll < 0.25:
            node["kind"] = rng.choice(["scrollView", "tableView", "collectionView"])
            node["contentSize"] = {"width": rng.choice([0, 320, 393, 2000]), "height": rng.choice([0, 300, 1616, 5000])}
            if rng.random() < 0.5:
                node["contentInsetAdjustmentBehavior"] = rng.choice(["automatic", "scrollableAxes", "never", "always"])
            if rng.random() < 0.3:
                node["contentInset"] = rng.choice(INSETS)
            if rng.random() < 0.2:
                node["alwaysBounceVertical"] = True
        placement = rng.random()
        if placement < 0.3:
            node["frame"] = {"x": rng.choice([0, 8, 20.5]), "y": rng.choice([0, 30, 700]),
                             "width": rng.choice([100, 375, 393.5]), "height": rng.choice([44, 200, 900])}
        elif placement < 0.6:
            node["pin"] = rng.choice(["bounds", "safeArea", "layoutMargins", "readableContent"])
        if rng.random() < 0.15:
            node["layoutMargins"] = rng.choice(INSETS)
        elif rng.random() < 0.1:
            node["directionalLayoutMargins"] = {"leading": 12, "trailing": 4}
        if rng.random() < 0.1:
            node["preservesSuperviewLayoutMargins"] = True
        if rng.random() < 0.1:
            node["insetsLayoutMarginsFromSafeArea"] = False
        if rng.random() < 0.2 and depth > 1:
            node["viewController"] = {"kind": "plain", "additionalSafeAreaInsets": rng.choice(INSETS)}
        if depth < 5:
            node["subviews"] = [view(depth + 1) for _ in range(rng.choice([0, 0, 1, 2, 3]))]
        return node

    def container(depth):
        kind = rng.choice(["navigation", "tabBar", "plain"])
        controller = {"kind": kind}
        if kind == "navigation":
            controller["navigationBar"] = rng.choice([{}, {"prefersLargeTitles": True}, {"hidden": True}, {"translucent": False}])
            if rng.random() < 0.3:
                controller["toolbar"] = {"hidden": False}
        elif kind == "tabBar" and rng.random() < 0.3:
            controller["tabBar"] = {"translucent": False}
        if rng.random() < 0.2:
            controller["edgesForExtendedLayout"] = rng.choice(["none", ["top"], ["bottom", "left"]])
        if rng.random() < 0.2:
            controller["extendedLayoutIncludesOpaqueBars"] = True
        if rng.random() < 0.2:
            controller["automaticallyAdjustsScrollViewInsets"] = False
        node = {"id": node_id(), "viewController": controller}
        if kind == "plain":
            node["subviews"] = [view(depth + 1) for _ in range(rng.choice([1, 2, 3]))]
        else:
            content = container(depth + 1) if depth < 3 and rng.random() < 0.4 else view(depth + 1)
            content.pop("frame", None)
            content.pop("pin", None)
            content["viewController"] = content.get("viewController", {"kind": "plain"})
            node["subviews"] = [content]
        return node

    body = {"device": rng.choice(DEVICES), "root": container(1)}
    if rng.random() < 0.6:
        body["orientation"] = rng.choice(ORIENTATIONS)
    if rng.random() < 0.6:
        body["systemVersion"] = rng.choice([9, 10, 11, 12, 13, 14, 15.4, 17, 18, 26, 27.1])
    if rng.random() < 0.15:
        body["statusBarHidden"] = True
    if rng.random() < 0.15:
        body["layoutDirection"] = "rightToLeft"
    if rng.random() < 0.2:
        ids = []

        def collect(node, free):
            if free:
                ids.append(node["id"])
            for child in node.get("subviews", []):
                collect(child, "viewController" not in child)
        collect(body["root"], False)
        if ids:
            body["steps"] = [{"frames": {rng.choice(ids): {"x": 0, "y": 50, "width": 200, "height": 100}}}]
    return ("/layout", json.dumps(body))


def post(url, path, text):
    request = urllib.request.Request(url + path, data=text.encode(), method="POST",
                                     headers={"Content-Type": "application/json"})
    try:
        with urllib.request.urlopen(request, timeout=10) as answer:
            return answer.status, answer.headers.get("Content-Type"), answer.read()
    except urllib.error.HTTPError as error:
        return error.code, error.headers.get("Content-Type"), error.read()


def main():
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    url, outdir = sys.argv[1].rstrip("/"), sys.argv[2]
    if urllib.parse.urlparse(url).hostname not in ("127.0.0.1", "localhost", "::1"):
        sys.exit("answers.py: loopback only")
    corpus = []
    for path, body in scenario_bodies():
        corpus.append((path, json.dumps(body)))
        corpus.extend(mutations(path, body))
    rng = random.Random(20261124)
    corpus.extend(generated(rng, index) for index in range(300))
    os.makedirs(outdir, exist_ok=True)
    statuses = {}
    for number, (path, text) in enumerate(corpus):
        status, content_type, body = post(url, path, text)
        statuses[status] = statuses.get(status, 0) + 1
        with open(os.path.join(outdir, "%04d.txt" % number), "wb") as out:
            out.write(("%s %d %s\n" % (path, status, content_type)).encode() + body + b"\n")
    print("%d answers in %s; statuses %s" % (len(corpus), outdir, dict(sorted(statuses.items()))))


if __name__ == "__main__":
    main()
