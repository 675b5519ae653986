#!/usr/bin/env python3
"""Checks a running insetd's responses against openapi.yaml, field by field.

Sends every request of the public scenarios (../shared/scenarios/*.json) plus a sweep of
the registry and the error answers (every device with no query and in every orientation
it supports, its emulation, each ?family=, a few /layout and /scroll shapes, 400, 404,
405, 413, 415, 422), looks up the schema the document gives for that operation, status
and content type, and validates the body with a JSON Schema 2020-12 validator, and the
headers the document gives for that answer (required ones present, values as their
schemas say; `X-Content-Type-Options: nosniff` on every answer, as API.md says). The
response schemas are closed (additionalProperties / unevaluatedProperties false) and list
what the code always sends as required, so a field the code sends but the document lacks,
or the other way round, fails here.

It also requires each POST operation's documented 200 example to be the server's
answer to the operation's documented request example, key for key.

With --admin ADMIN_URL (a server started with --admin-address), it checks the admin
listener too: /healthz, /readyz and /metrics as documented, any other path 404, and
/metrics on the public port 404 (without it, /metrics on the public port must be 200).

Then it proves that it bites: for one response per operation, status and content type it
adds an undocumented field to every object in the body, one at a time, and requires each
such body to fail validation (a schema left open would let it through).

usage: scripts/check-responses.py [--no-self-test] [--verbose] [--admin ADMIN_URL] URL
       e.g. scripts/check-responses.py http://127.0.0.1:8080
One line per failure (with the JSON path); ends with "N passed, N failed"; exit 1 on any.
  env: INSETD_VENV (scripts/lib/venv.sh), INSETD_SCENARIOS (default Tests/Shared/scenarios, the copy of ../shared/scenarios)
Runs itself in the venv of scripts/lib/venv.sh (jsonschema, referencing, PyYAML).
"""
import copy
import glob
import http.client
import json
import os
import re
import select
import socket
import subprocess
import sys
import urllib.error
import urllib.parse
import urllib.request

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "lib"))
import scenarios as public_scenarios  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
PINNED = "openapi-spec-validator==0.9.0"  # brings jsonschema, referencing and PyYAML


VENV = os.environ.get("INSETD_VENV") or os.path.join(os.environ.get("TMPDIR", "/tmp"), "insetd-tools-venv")


def reexec_in_venv(venv=VENV):
    """Run this script with the venv's Python (created by scripts/lib/venv.sh if needed),
    so that the validator versions are the pinned ones, as for check-openapi.sh."""
    py = os.path.join(venv, "bin", "python")
    lib = os.path.join(ROOT, "scripts", "lib", "venv.sh")
    rc = subprocess.call(["bash", "-c", f'. "$1" && ensure_venv {PINNED}', "bash", lib],
                         env=dict(os.environ, INSETD_VENV=venv))
    if rc != 0:
        sys.exit(rc)
    os.execv(py, [py, os.path.abspath(__file__)] + sys.argv[1:])


if os.path.realpath(sys.prefix) != os.path.realpath(VENV):
    reexec_in_venv()
try:
    import jsonschema
    import referencing.jsonschema
    import yaml
    from referencing import Registry, Resource
except ImportError as e:
    sys.exit(f"error: {e} in the venv {VENV}")

BASE = "urn:insetd-openapi"
MIB = 1 << 20


class Checker:
    def __init__(self, url, spec_path, verbose=False, admin=None):
        self.url = url.rstrip("/")
        self.admin = admin.rstrip("/") if admin else None
        self.doc = yaml.safe_load(open(spec_path, encoding="utf-8"))
        self.registry = Registry().with_resource(
            BASE, Resource.from_contents(self.doc, default_specification=referencing.jsonschema.DRAFT202012))
        self.verbose = verbose
        self.passed = self.failed = 0
        self.samples = {}  # (method, template, status, ctype) -> (label, schema, body)
        self.validators = {}
        self.templates = [(re.compile("^" + re.sub(r"\\\{[^}]+\\\}", "[^/]+", re.escape(p)) + "$"), p)
                          for p in self.doc["paths"]]

    # ---- the document ----------------------------------------------------------------
    def resolve(self, obj):
        while isinstance(obj, dict) and "$ref" in obj:
            node = self.doc
            for part in obj["$ref"].removeprefix("#/").split("/"):
                node = node[part.replace("~1", "/").replace("~0", "~")]
            obj = node
        return obj

    def validator(self, schema):
        key = json.dumps(schema, sort_keys=True)
        if key not in self.validators:
            # Inline schemas hold local refs ("#/components/..."): point them at the document.
            rebased = json.loads(key.replace('"#/', f'"{BASE}#/'))
            self.validators[key] = jsonschema.Draft202012Validator(rebased, registry=self.registry)
        return self.validators[key]

    def errors(self, schema, body):
        """(json path, message) for each way body misses schema, most specific first."""
        out = []
        for err in without_echoes([leaf for e in self.validator(schema).iter_errors(body) for leaf in leaves(e)]):
            message = err.message
            if err.validator == "not":
                message = f"must not match {json.dumps(err.validator_value)}"
            out.append((err.json_path, message[:300]))
        return out

    # ---- HTTP --------------------------------------------------------------------------
    def send(self, method, path, body=None, raw=None, headers=None, base=None):
        """(status, response headers, body bytes)."""
        data = raw.encode() if isinstance(raw, str) else raw
        hdrs = dict(headers or {})
        if body is not None:
            data = json.dumps(body).encode()
        if data is not None:
            hdrs.setdefault("Content-Type", "application/json")
        if data is not None and len(data) > MIB:
            return self.send_oversized(method, path, data, hdrs)
        req = urllib.request.Request((base or self.url) + path, data=data, method=method, headers=hdrs)
        try:
            with urllib.request.urlopen(req, timeout=30) as resp:
                return resp.status, resp.headers, resp.read()
        except urllib.error.HTTPError as e:
            return e.code, e.headers, e.read()

    def send_oversized(self, method, path, data, hdrs):
        """A body over the limit: the server may answer 413 and close before it has read
        the body, so send the head, take an early answer, and tolerate a refused body."""
        u = urllib.parse.urlsplit(self.url)
        with socket.create_connection((u.hostname, u.port or 80), timeout=30) as sock:
            head = f"{method} {path} HTTP/1.1\r\nHost: {u.netloc}\r\nContent-Length: {len(data)}\r\n"
            head += "".join(f"{k}: {v}\r\n" for k, v in hdrs.items()) + "Connection: close\r\n\r\n"
            sock.sendall(head.encode())
            if not select.select([sock], [], [], 2.0)[0]:
                try:
                    sock.sendall(data)
                except OSError:
                    pass
            resp = http.client.HTTPResponse(sock, method=method)
            resp.begin()
            return resp.status, resp.headers, resp.read()

    # ---- one exchange -------------------------------------------------------------------
    def fail(self, label, where, message):
        self.failed += 1
        print(f"FAIL {label}: {where}: {message}")

    def check(self, method, path, body=None, raw=None, headers=None, expect=None, label=None, base=None, unknown=False):
        """Sends one request and checks the answer against the document; `unknown` takes the
        path as one the server does not serve (the admin listener's other paths)."""
        label = label or f"{method} {path}"
        status, received, payload = self.send(method, path, body, raw, headers, base)
        ctype = received.get("Content-Type", "")
        label = f"{label} -> {status}"
        if expect is not None and status != expect:
            return self.fail(label, "status", f"expected {expect}")
        if received.get_all("X-Content-Type-Options") != ["nosniff"]:
            return self.fail(label, "X-Content-Type-Options", f"{received.get_all('X-Content-Type-Options')}, expected ['nosniff']")
        bare = urllib.parse.urlsplit(path).path
        template = None if unknown else next((t for rx, t in self.templates if rx.match(bare)), None)
        if template is None:
            # an unknown path: the document's NotFound answer applies
            if status != 404:
                return self.fail(label, "status", "a path the document lacks must be 404")
            response = self.doc["components"]["responses"]["NotFound"]
        else:
            op = self.doc["paths"][template].get(method.lower())
            if op is None:
                if status != 405:
                    return self.fail(label, "status", f"{method} is not in the document for {template}: expected 405")
                response = self.doc["components"]["responses"]["MethodNotAllowed"]
            else:
                response = op["responses"].get(str(status)) or op["responses"].get("default")
                if response is None:
                    return self.fail(label, "status", f"{status} is not documented for {method} {template}")
                response = self.resolve(response)
        if not self.headers_match(label, response, received):
            return None
        content = response.get("content")
        mtype = ctype.split(";")[0].strip().lower()
        if not content:
            if payload:
                return self.fail(label, "body", f"the document gives no body for {status}, got {len(payload)} bytes")
            self.passed += 1
            return None
        media = content.get(mtype)
        if media is None:
            return self.fail(label, "Content-Type", f"{ctype!r} is not one of {sorted(content)}")
        schema = media.get("schema", {})
        if mtype.endswith("json"):
            try:
                value = json.loads(payload)
            except ValueError as e:
                return self.fail(label, "body", f"not JSON: {e}")
        else:
            value = payload.decode("utf-8", "replace")
        errs = self.errors(schema, value)
        for where, message in errs:
            self.fail(label, where, message)
        if not errs:
            self.passed += 1
            if self.verbose:
                print(f"ok   {label} ({mtype})")
            # per operation, query shape, status and type: the body with the most objects
            query = tuple(sorted(urllib.parse.parse_qs(urllib.parse.urlsplit(path).query)))
            key = (method, template or "(unknown path)", query, status, mtype)
            size = sum(1 for _ in objects(value))
            if size and size > self.samples.get(key, (0,))[0]:
                self.samples[key] = (size, label, schema, value)
        return value

    def headers_match(self, label, response, received):
        """Whether the answer carries every header the document requires for it, and each
        documented header it carries has a value its schema allows."""
        ok = True
        for name, header in response.get("headers", {}).items():
            header = self.resolve(header)
            value = received.get(name)
            if value is None:
                if header.get("required"):
                    self.fail(label, f"header {name}", "required by the document, not sent")
                    ok = False
                continue
            schema = header.get("schema", {})
            if schema.get("type") == "integer":
                try:
                    value = int(value)
                except ValueError:
                    pass
            for where, message in self.errors(schema, value):
                self.fail(label, f"header {name}", message)
                ok = False
        return ok

    # ---- what to send -----------------------------------------------------------------------
    def scenarios(self, folder):
        if not glob.glob(os.path.join(folder, "*.json")):
            self.fail("scenarios", folder, "no scenario files")
        for fname, s in public_scenarios.load(folder):
            rq = s["request"]
            self.check(rq["method"], rq["path"], body=rq.get("body"), raw=rq.get("rawBody"),
                       headers=rq.get("headers"), expect=s.get("expect", {}).get("status"),
                       label=f"scenario {os.path.basename(fname)} {s['name']!r}")

    def examples(self):
        """Each POST operation's documented 200 example must be the server's answer to its
        documented request example, key for key (an example that drifts from the engine
        misleads whoever reads the document)."""
        for template, item in self.doc["paths"].items():
            op = item.get("post")
            if not op or "requestBody" not in op:
                continue
            request = op["requestBody"]["content"]["application/json"].get("example")
            documented = self.resolve(op["responses"].get("200", {})).get("content", {}).get("application/json", {}).get("example")
            if request is None or documented is None:
                continue
            label = f"POST {template} (the documented example)"
            status, _, payload = self.send("POST", template, request)
            if status != 200:
                self.fail(label, "status", f"{status}, expected 200")
                continue
            where = first_difference(json.loads(payload), documented)
            if where is None:
                self.passed += 1
            else:
                self.fail(label, where, "the documented 200 example differs from the server's answer here")

    def sweep(self):
        c = self.check
        c("GET", "/healthz", expect=200)
        c("GET", "/readyz", expect=200)
        # With an admin listener the metrics are served there only.
        c("GET", "/metrics", expect=404 if self.admin else 200)
        c("GET", "/openapi.yaml", expect=200)
        listing = c("GET", "/devices", expect=200) or {}
        for family in self.doc["components"]["schemas"]["Family"]["enum"]:
            c("GET", f"/devices?family={family}", expect=200)
        for dev in listing.get("devices", []):
            did = dev["id"]
            profile = c("GET", f"/devices/{did}", expect=200) or {}
            c("GET", f"/devices/{did}?systemVersion=10", expect=200)
            for orientation in profile.get("orientations", {}):
                c("GET", f"/devices/{did}?orientation={orientation}", expect=200)
                c("GET", f"/devices/{did}/emulation?orientation={orientation}", expect=200)
            c("GET", f"/devices/{did}/emulation", expect=200)
            c("GET", f"/devices/{did}/emulation", headers={"Accept": "text/css"}, expect=200)
            if "portraitUpsideDown" not in profile.get("orientations", {"portraitUpsideDown": 0}):
                c("GET", f"/devices/{did}?orientation=portraitUpsideDown", expect=422)
        c("OPTIONS", "/layout", headers={"Origin": "http://example.com",
                                         "Access-Control-Request-Method": "POST"}, expect=204)

        # /layout and /scroll shapes the scenarios may not reach
        vc = {"kind": "plain"}
        c("POST", "/layout", expect=200, label="layout: navigation + toolbar, scroll kinds, steps",
          body={"device": "iphone-x", "root": {
              "id": "nav", "viewController": {"kind": "navigation", "toolbar": {"hidden": False}},
              "subviews": [{"id": "feed", "viewController": vc, "subviews": [
                  {"id": "table", "kind": "tableView", "contentSize": {"width": 375, "height": 2000},
                   "subviews": [{"id": "cell", "frame": {"x": 0, "y": 0, "width": 375, "height": 44}}]},
                  {"id": "card", "pin": "safeArea"}]}]},
              "steps": [{"frames": {"table": {"x": 0, "y": 40, "width": 375, "height": 700}}}]})
        c("POST", "/layout", expect=200, label="layout: tab bar, landscape, right to left",
          body={"device": "iphone-15-pro", "orientation": "landscapeLeft", "layoutDirection": "rightToLeft",
                "root": {"id": "tabs", "viewController": {"kind": "tabBar"}, "subviews": [
                    {"id": "tab", "viewController": {"additionalSafeAreaInsets": {"top": 10}},
                     "subviews": [{"id": "col", "kind": "collectionView"}]}]}})
        c("POST", "/layout", expect=200, label="layout: legacy model (systemVersion 10)",
          body={"device": "iphone-8", "systemVersion": 10, "root": {
              "id": "nav", "viewController": {"kind": "navigation"},
              "subviews": [{"id": "list", "kind": "scrollView", "viewController": vc}]}})
        c("POST", "/layout", expect=200, label="layout: custom screen, status bar hidden",
          body={"screen": {"width": 800, "height": 400, "safeAreaInsets": {"top": 20, "bottom": 10}},
                "statusBarHidden": True, "root": {"id": "r", "viewController": vc}})
        c("POST", "/layout", expect=200, label="layout: tvOS, plain view root",
          body={"device": "apple-tv-4k", "root": {"id": "r", "subviews": [{"id": "v"}]}})
        c("POST", "/scroll", expect=200, label="scroll: from a device with a tab bar",
          body={"device": "iphone-x", "frame": {"x": 0, "y": 0, "width": 375, "height": 812},
                "tabBar": {}, "contentSize": {"width": 375, "height": 2000}})
        c("POST", "/layout", expect=200, label="layout: a free iPad window, a split view controller with navigation columns (iOS 26, RTL)",
          body={"device": "ipad-pro-13-m4", "orientation": "landscapeLeft", "systemVersion": 26, "layoutDirection": "rightToLeft",
                "window": {"frame": {"x": 0, "y": 0, "width": 1000, "height": 900}},
                "root": {"id": "split", "viewController": {"kind": "split", "preferredPrimaryColumnWidth": 300}, "subviews": [
                    {"id": "list", "viewController": {"kind": "navigation"}, "subviews": [{"id": "rows", "viewController": vc}]},
                    {"id": "detail", "viewController": vc}]}})
        c("POST", "/layout", expect=200, label="layout: a legacy Split View window, classic split",
          body={"device": "ipad-pro-12-9-2nd-gen", "orientation": "landscapeLeft", "systemVersion": 10,
                "window": {"split": "twoThirds", "side": "trailing"},
                "root": {"id": "split", "viewController": {"kind": "split"}, "subviews": [
                    {"id": "p", "viewController": vc}, {"id": "s", "viewController": vc}]}})
        c("POST", "/layout", expect=422, label="layout: a split view controller in a compact window",
          body={"device": "ipad-pro-11", "window": {"split": "oneThird"}, "root": {
              "id": "split", "viewController": {"kind": "split"}, "subviews": [
                  {"id": "p", "viewController": vc}, {"id": "s", "viewController": vc}]}})
        c("POST", "/scroll", expect=200, label="scroll: a free iPad window",
          body={"device": "ipad-air-13", "window": {"frame": {"x": 0, "y": 200, "width": 500, "height": 500}},
                "frame": {"x": 0, "y": 0, "width": 500, "height": 500}, "contentSize": {"width": 500, "height": 900}})
        c("POST", "/scroll", expect=200, label="scroll: legacy, never",
          body={"systemVersion": 10, "contentInsetAdjustmentBehavior": "never",
                "bounds": {"width": 320, "height": 480}, "safeAreaInsets": {"top": 64}})

        # problem answers
        c("GET", "/nope", expect=404)
        c("GET", "/devices/iphone-1", expect=404)
        c("GET", "/devices/iphone-1/emulation", expect=404)
        c("DELETE", "/layout", expect=405)
        c("POST", "/devices", body={}, expect=405)
        c("PUT", "/healthz", expect=405)
        c("OPTIONS", "/nope", expect=404)
        c("POST", "/layout", raw="{}", headers={"Content-Type": "text/plain"}, expect=415)
        c("POST", "/scroll", raw="<x/>", headers={"Content-Type": "application/xml"}, expect=415)
        c("POST", "/layout", raw='{"device": "iphone-x", "root": ', expect=400)
        c("POST", "/layout", raw='{"device": "iphone-x", "root": {"id": "r", "frame": "wide"}}', expect=422)
        c("POST", "/layout", body={"devic": "iphone-x", "root": {"id": "r"}}, expect=422)
        c("GET", "/devices/iphone-15pro", expect=404)
        c("POST", "/scroll", raw="not json", expect=400)
        c("POST", "/layout", raw=" " * (MIB + 16), expect=413)
        c("GET", "/devices?family=watch", expect=422)
        c("GET", "/devices/iphone-x?orientation=sideways", expect=422)
        c("GET", "/devices/iphone-x/emulation?systemVersion=6", expect=422)
        c("POST", "/layout", body={"device": "iphone-x", "root": {"id": "r", "colour": "red"}}, expect=422)
        c("POST", "/layout", body={"root": {"id": "r"}}, expect=422)
        c("POST", "/scroll", body={"bounds": {"width": -1, "height": 1}}, expect=422)

    def admin_listener(self):
        """The admin listener serves /healthz, /readyz and /metrics as documented, and
        nothing else (problem+json 404 with the usual headers)."""
        c = self.check
        for path in ("/healthz", "/readyz", "/metrics"):
            c("GET", path, expect=200, label=f"admin GET {path}", base=self.admin)
        c("OPTIONS", "/readyz", expect=204, label="admin OPTIONS /readyz", base=self.admin)
        c("PUT", "/metrics", expect=405, label="admin PUT /metrics", base=self.admin)
        for path in ("/openapi.yaml", "/devices", "/devices/iphone-x", "/nope"):
            c("GET", path, expect=404, label=f"admin GET {path}", base=self.admin, unknown=True)
        c("POST", "/layout", body={"root": {"id": "r"}}, expect=404, label="admin POST /layout", base=self.admin, unknown=True)

    # ---- proof that it bites ------------------------------------------------------------------
    def self_test(self):
        """Add an undocumented field to each object of one body per operation/status/type."""
        caught = missed = 0
        for key in sorted(self.samples, key=str):
            _, label, schema, body = self.samples[key]
            for pointer in objects(body):
                mutated = copy.deepcopy(body)
                target = mutated
                for part in pointer:
                    target = target[part]
                target["undocumentedField"] = True
                if self.errors(schema, mutated):
                    caught += 1
                else:
                    missed += 1
                    self.fail(f"self-test {label}", "$" + "".join(f"[{p!r}]" for p in pointer),
                              "an added field 'undocumentedField' passed validation (schema not closed)")
        print(f"self-test: {caught + missed} bodies with an added field, {caught} rejected, "
              f"{len(self.samples)} responses used")
        if missed == 0:
            self.passed += 1


def leaves(err):
    """The errors to report for err: for oneOf/anyOf, those of the branch that came closest
    (fewest errors, then the most specific), down to the leaves."""
    if not err.context:
        return [err]
    branches = {}
    for e in err.context:
        branches.setdefault(e.relative_schema_path[0], []).append(e)
    candidates = [without_echoes([leaf for e in es for leaf in leaves(e)]) for es in branches.values()]
    return min(candidates, key=lambda es: (len(es), -max(len(e.absolute_path) for e in es)))


def without_echoes(errors):
    """A failing subschema leaves its object's properties unevaluated: drop that echo, an
    unevaluatedProperties error where another error lies at or below the same object."""
    def echo(err):
        return err.validator == "unevaluatedProperties" and any(
            o is not err and tuple(o.absolute_path)[:len(err.absolute_path)] == tuple(err.absolute_path)
            and (o.validator != "unevaluatedProperties" or len(o.absolute_path) > len(err.absolute_path))
            for o in errors)
    return [e for e in errors if not echo(e)]


def first_difference(actual, documented, pointer=""):
    """The JSON Pointer of the first place where documented differs from actual (keys and
    their order included), or None."""
    if isinstance(actual, dict) and isinstance(documented, dict):
        if list(actual) != list(documented):
            return f"{pointer or '/'} (keys {list(documented)} documented, {list(actual)} sent)"
        for key in actual:
            found = first_difference(actual[key], documented[key], f"{pointer}/{key}")
            if found:
                return found
        return None
    if isinstance(actual, list) and isinstance(documented, list):
        if len(actual) != len(documented):
            return f"{pointer or '/'} ({len(documented)} items documented, {len(actual)} sent)"
        for index, (a, d) in enumerate(zip(actual, documented)):
            found = first_difference(a, d, f"{pointer}/{index}")
            if found:
                return found
        return None
    same = actual == documented and type(actual) is type(documented) or (
        isinstance(actual, (int, float)) and isinstance(documented, (int, float))
        and not isinstance(actual, bool) and not isinstance(documented, bool) and actual == documented)
    return None if same else f"{pointer or '/'} ({json.dumps(documented)} documented, {json.dumps(actual)} sent)"


def objects(value, pointer=()):
    """The paths of every JSON object within value."""
    if isinstance(value, dict):
        yield pointer
        for k, v in value.items():
            yield from objects(v, pointer + (k,))
    elif isinstance(value, list):
        for i, v in enumerate(value):
            yield from objects(v, pointer + (i,))


def main():
    argv = sys.argv[1:]
    admin = None
    if "--admin" in argv:
        at = argv.index("--admin")
        if at + 1 >= len(argv):
            print(__doc__.split("\n\n")[-1].strip(), file=sys.stderr)
            return 2
        admin = argv[at + 1]
        del argv[at:at + 2]
    args = [a for a in argv if not a.startswith("--")]
    flags = {a for a in argv if a.startswith("--")}
    unknown = flags - {"--no-self-test", "--verbose"}
    if len(args) != 1 or unknown:
        print(__doc__.split("\n\n")[-1].strip(), file=sys.stderr)
        return 2
    checker = Checker(args[0], os.path.join(ROOT, "openapi.yaml"), verbose="--verbose" in flags, admin=admin)
    for url in filter(None, (args[0], admin)):
        try:
            checker.send("GET", "/healthz", base=url.rstrip("/"))
        except OSError as e:
            print(f"error: no insetd answering at {url}: {e}", file=sys.stderr)
            return 2
    checker.scenarios(os.environ.get("INSETD_SCENARIOS") or os.path.join(ROOT, "Tests", "Shared", "scenarios"))
    checker.sweep()
    if admin:
        checker.admin_listener()
    checker.examples()
    if "--no-self-test" not in flags:
        checker.self_test()
    print(f"responses vs spec: {checker.passed} passed, {checker.failed} failed")
    return 1 if checker.failed else 0


if __name__ == "__main__":
    sys.exit(main())
