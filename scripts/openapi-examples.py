#!/usr/bin/env python3
"""Validate the examples of an OpenAPI 3.1 document against their schemas, and the
request bodies of the expected-200 POST scenarios (shared/scenarios/*.json) against the
operation's request schema. Exit 1 on any mismatch.

usage: openapi-examples.py OPENAPI.yaml [SCENARIO_DIR]
Needs jsonschema and referencing (both come with openapi-spec-validator)."""
import json
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "lib"))
import scenarios as public_scenarios  # noqa: E402

import jsonschema
import referencing.jsonschema
import yaml
from referencing import Registry, Resource

BASE = "urn:insetd-openapi"


def main() -> int:
    doc = yaml.safe_load(open(sys.argv[1], encoding="utf-8"))
    registry = Registry().with_resource(
        BASE, Resource.from_contents(doc, default_specification=referencing.jsonschema.DRAFT202012))
    checked = failed = 0

    def check(where, schema, value):
        nonlocal checked, failed
        checked += 1
        # Inline schemas hold local refs ("#/components/..."): point them at the document.
        rebased = json.loads(json.dumps(schema).replace('"#/', f'"{BASE}#/'))
        for err in list(jsonschema.Draft202012Validator(rebased, registry=registry).iter_errors(value))[:3]:
            failed += 1
            print(f"FAIL {where}: at /{'/'.join(map(str, err.absolute_path))}: {err.message[:200]}")

    def media(where, content):
        for ctype, c in content.items():
            if "schema" not in c:
                continue
            if "example" in c:
                check(f"{where} {ctype}", c["schema"], c["example"])
            for name, ex in c.get("examples", {}).items():
                check(f"{where} {ctype} ({name})", c["schema"], ex["value"])

    for path, item in doc["paths"].items():
        for method, op in item.items():
            if method == "parameters":
                continue
            media(f"{method.upper()} {path} request", op.get("requestBody", {}).get("content", {}))
            for status, resp in op["responses"].items():
                if "$ref" not in resp:
                    media(f"{method.upper()} {path} {status}", resp.get("content", {}))
    for name, resp in doc["components"].get("responses", {}).items():
        media(f"components/responses/{name}", resp.get("content", {}))

    scenarios = 0
    if len(sys.argv) > 2:
        for _, s in public_scenarios.load(sys.argv[2]):
            rq = s["request"]
            if rq["method"] != "POST" or s["expect"]["status"] != 200:
                continue
            op = doc["paths"].get(rq["path"], {}).get("post")
            if op is None:
                failed += 1
                print(f"FAIL scenario {s['name']!r}: POST {rq['path']} is not in the document")
                continue
            scenarios += 1
            check(f"scenario {s['name']!r}", op["requestBody"]["content"]["application/json"]["schema"], rq["body"])
    print(f"openapi examples: {checked - scenarios} examples and {scenarios} scenario bodies checked, {failed} failures")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
