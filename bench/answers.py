#!/usr/bin/env python3
"""Checks that a change kept every answer of insetd byte for byte, over a fixed corpus of
POST bodies (refactoring and performance work must not change what the service says).

    bench/answers.py record URL DIGEST      # the answers of the server at URL, as a digest file
    bench/answers.py check URL DIGEST       # the server at URL answers as DIGEST says
    bench/answers.py compare URL_A URL_B    # two servers answer alike
    bench/answers.py dump URL OUTDIR        # every answer in full, OUTDIR/NNNN.txt

`check` and `compare` print each differing answer (its request body and both answers, up
to 20) and exit 1 if there is any. A typical run: start the old build and record
(`record http://127.0.0.1:PORT /tmp/answers.digest`), then the new one and `check` it.

The corpus is the same on every run (fixed seeds):
- every POST body of ../shared/scenarios/*.json, and the /layout bodies of ../shared/bench;
- for the /layout and /scroll ones, mutations (every top-level key removed, unknown keys,
  wrong types, out-of-range and non-finite numbers, truncated and malformed JSON), and 300
  generated /layout trees mixing devices, orientations, system versions, containers and
  bars, scroll kinds, frames, pins, margins, steps, table rows and styles, collection
  layouts, keyboards and keyboard layout guides;
- 4,000 bodies of scripts/fuzz-requests.py's mutator (seed 1), made from those bodies as the
  fuzz makes them, a fifth of them garbled byte-wise.

A digest holds, per body, its path, the answer's status and Content-Type and a SHA-256 of
the answer's body, after a line naming the corpus (its size and a hash of its bodies): a
digest recorded on another corpus (the scenarios or the mutator changed) is refused.
Loopback only.
"""
import hashlib
import importlib.util
import json
import os
import random
import sys
import urllib.parse

here = os.path.dirname(os.path.abspath(__file__))
shared = os.environ.get("INSETD_SHARED", os.path.join(here, "..", "..", "shared"))


def load_fuzz():
    """scripts/fuzz-requests.py as a module (its mutator and its keep-alive client)."""
    spec = importlib.util.spec_from_file_location("fuzz_requests", os.path.join(here, "..", "scripts", "fuzz-requests.py"))
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


fuzz = load_fuzz()


def scenario_bodies():
    """Every POST body of the public scenarios, then the bench's /layout bodies."""
    bodies = []
    for name in sorted(os.listdir(os.path.join(shared, "scenarios"))):
        if not name.endswith(".json"):
            continue
        for scenario in json.load(open(os.path.join(shared, "scenarios", name))):
            request = scenario.get("request", {})
            if request.get("method") == "POST" and isinstance(request.get("body"), dict):
                bodies.append((request["path"], request["body"]))
    for name in sorted(os.listdir(os.path.join(shared, "bench"))):
        if name.endswith(".json"):
            body = json.load(open(os.path.join(shared, "bench", name)))
            if isinstance(body, dict) and "root" in body:
                bodies.append(("/layout", body))
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
        if rng.random() < 0.1:
            node["keyboardLayoutGuide"] = rng.choice([True, {"followsUndockedKeyboard": True}, {"usesBottomSafeArea": False}])
        if depth < 5:
            node["subviews"] = [view(depth + 1) for _ in range(rng.choice([0, 0, 1, 2, 3]))]
        if node.get("kind") == "tableView":
            table(node, depth)
        elif node.get("kind") == "collectionView" and rng.random() < 0.6:
            node["layout"] = collection_layout()
        return node

    def table(node, depth):
        """A table's own fields, and rows among its subviews (some with subviews of their own)."""
        if rng.random() < 0.6:
            node["style"] = rng.choice(["plain", "grouped", "insetGrouped"])
        for key, values in (("insetsContentViewsToSafeArea", [False]), ("cellLayoutMarginsFollowReadableWidth", [True, False]),
                            ("separatorInset", [{"left": 30}, {"left": 4, "right": 12}]),
                            ("separatorInsetReference", ["fromCellEdges", "fromAutomaticInsets"])):
            if rng.random() < 0.2:
                node[key] = rng.choice(values)
        rows = []
        for _ in range(rng.choice([0, 1, 3, 5])):
            row = {"id": node_id(), "kind": rng.choice(["cell", "cell", "sectionHeader", "sectionFooter"])}
            if rng.random() < 0.3:
                row["y"] = rng.choice([0, 100, 250.5])
            if rng.random() < 0.5:
                row["height"] = rng.choice([28, 44, 60.5])
            if row["kind"] == "cell" and rng.random() < 0.2:
                row["separatorInset"] = {"left": rng.choice([0, 16, 60])}
            if depth < 5 and rng.random() < 0.6:
                row["subviews"] = [view(depth + 2) for _ in range(rng.choice([1, 2]))]
            rows.append(row)
        node["subviews"] = rows + node.get("subviews", [])

    def collection_layout():
        if rng.random() < 0.5:
            return {"type": "flow", "sectionInsetReference": rng.choice(["fromContentInset", "fromSafeArea", "fromLayoutMargins"]),
                    "sections": [{"sectionInset": rng.choice(INSETS)} for _ in range(rng.choice([1, 2]))]}
        references = ["automatic", "none", "safeArea", "layoutMargins", "readableContent"]
        return {"type": "compositional", "contentInsetsReference": rng.choice(references),
                "sections": [{"contentInsets": {"leading": rng.choice([0, 10]), "top": 5}, "contentInsetsReference": rng.choice(references)}
                             for _ in range(rng.choice([1, 2]))]}

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
    if rng.random() < 0.15:
        body["keyboard"] = rng.choice([{"height": 336}, {"frame": {"x": 20, "y": 300, "width": 320, "height": 250}, "docked": False},
                                       {"frame": {"x": 0, "y": 500, "width": 393, "height": 352}}])
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


def fuzzed(seeds, devices, count, seed=1):
    """`count` bodies as scripts/fuzz-requests.py makes them from `seeds` with `seed`."""
    rng = random.Random(seed)
    mutator = fuzz.Mutator(rng, devices)
    out = []
    for _ in range(count):
        path, seed_body = rng.choice(seeds)
        body = mutator.scroll_body(seed_body) if path == "/scroll" else mutator.body(seed_body)
        raw = json.dumps(body, separators=rng.choice([(",", ":"), (", ", ": ")])).encode()
        if rng.random() < .2:
            raw = mutator.bytes(raw)
        out.append((path, raw))
    return out


def corpus(server):
    """The corpus as (path, body bytes) pairs, in a fixed order."""
    answer = server.request("GET", "/devices")
    if not answer or answer[0] != 200:
        sys.exit("answers.py: GET /devices: %r" % (answer,))
    devices = sorted(device["id"] for device in json.loads(answer[2])["devices"])
    seeds = scenario_bodies()
    items = []
    for path, body in seeds:
        items.append((path, json.dumps(body)))
        if path in ("/layout", "/scroll"):
            items.extend(mutations(path, body))
    rng = random.Random(20261124)
    items.extend(generated(rng, index) for index in range(300))
    items = [(path, text.encode()) for path, text in items]
    items.extend(fuzzed(seeds, devices, 4000))
    return items


def corpus_name(items):
    digest = hashlib.sha256()
    for path, raw in items:
        digest.update(path.encode() + b"\0" + raw + b"\0")
    return "corpus %d %s" % (len(items), digest.hexdigest()[:16])


def answers(url, items):
    """The answers to `items`, each (status, content type, body)."""
    server = fuzz.Server(url)
    out = []
    for path, raw in items:
        answer = server.request("POST", path, raw)
        if answer is None:
            sys.exit("answers.py: no answer from %s for a body of %s" % (url, path))
        out.append(answer)
    return out


def line(path, answer):
    status, content_type, body = answer
    return "%s %d %s %s" % (path, status, content_type, hashlib.sha256(body).hexdigest())


def server_for(url):
    if urllib.parse.urlparse(url).hostname not in ("127.0.0.1", "localhost", "::1"):
        sys.exit("answers.py: loopback only")
    return fuzz.Server(url.rstrip("/"))


def report(items, differences, total):
    for number, left, right in differences[:20]:
        path, raw = items[number]
        print("#%d %s %s" % (number, path, raw[:400].decode("latin-1")))
        print("  was: %s" % left)
        print("  now: %s" % right)
    print("%d of %d answers differ" % (len(differences), total))
    sys.exit(1 if differences else 0)


def main():
    if len(sys.argv) != 4 or sys.argv[1] not in ("record", "check", "compare", "dump"):
        sys.exit(__doc__)
    mode, url, target = sys.argv[1:]
    server = server_for(url)
    items = corpus(server)
    name = corpus_name(items)
    got = answers(url.rstrip("/"), items)
    statuses = {}
    for status, _, _ in got:
        statuses[status] = statuses.get(status, 0) + 1
    if mode == "record":
        with open(target, "w") as out:
            out.write(name + "\n")
            out.writelines(line(path, answer) + "\n" for (path, _), answer in zip(items, got))
        print("%s: %d answers, statuses %s" % (target, len(got), dict(sorted(statuses.items()))))
    elif mode == "dump":
        os.makedirs(target, exist_ok=True)
        for number, ((path, _), (status, content_type, body)) in enumerate(zip(items, got)):
            with open(os.path.join(target, "%04d.txt" % number), "wb") as out:
                out.write(("%s %d %s\n" % (path, status, content_type)).encode() + body + b"\n")
        print("%d answers in %s; statuses %s" % (len(got), target, dict(sorted(statuses.items()))))
    elif mode == "check":
        recorded = open(target).read().splitlines()
        if not recorded or recorded[0] != name:
            sys.exit("answers.py: %s was recorded on another corpus (%s, now %s): record it again from the old build"
                     % (target, recorded[0] if recorded else "empty", name))
        now = [line(path, answer) for (path, _), answer in zip(items, got)]
        report(items, [(n, a, b) for n, (a, b) in enumerate(zip(recorded[1:], now)) if a != b], len(now))
    else:
        server_for(target)
        other = answers(target.rstrip("/"), items)
        differences = []
        for number, (left, right) in enumerate(zip(got, other)):
            if left != right:
                differences.append((number, "%d %s %s" % (left[0], left[1], left[2][:300].decode("latin-1")),
                                    "%d %s %s" % (right[0], right[1], right[2][:300].decode("latin-1"))))
        report(items, differences, len(got))


if __name__ == "__main__":
    main()
