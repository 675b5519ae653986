#!/usr/bin/env python3
"""Keeps docs/api.md with its pages docs/api-*.md (the contract in the project's words) and
openapi.yaml (its machine-readable form) in step: every path with its methods, every
response status, every query parameter and every request-body field openapi.yaml names is
named in the pages, and every route, status and request field they name is in openapi.yaml.

How the pages name them:
  - routes: `METHOD /path` in backticks anywhere (a query string after the path is ignored);
  - statuses: the first cell of a table row whose header's first cell is `status`;
  - request fields: the backticked names in the first cell of a table whose header's first
    cell is `field` (each such table describes request fields), and every field must also
    appear in backticks somewhere in the document.
usage: scripts/check-api-doc.py [DOC.md [openapi.yaml]]   (default docs/api.md and docs/api-*.md;
       exit 1 on any difference)
Standard library plus PyYAML (python3's own, or the tools venv of scripts/lib/venv.sh).
"""
import re
import sys
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parent.parent
METHODS = ("get", "post", "put", "patch", "delete", "head", "options")
# Statuses the document explains that openapi.yaml does not list per operation: 405 (every
# known path with a wrong method, stated once for all in docs/api.md) and the protocol
# errors libmicrohttpd answers before insetd sees a request (414, 431, 505).
DOC_ONLY_STATUSES = {"405", "414", "431", "505"}


def deref(spec, node):
    """`node` with `$ref`s followed (JSON Pointers into the document)."""
    seen = 0
    while isinstance(node, dict) and "$ref" in node and seen < 50:
        target = spec
        for part in node["$ref"].lstrip("#/").split("/"):
            target = target[part]
        node, seen = target, seen + 1
    return node


def request_fields(spec):
    """Every property name reachable from a request body schema, and every query parameter."""
    fields, stack, seen = set(), [], set()
    for path_item in spec["paths"].values():
        for method, op in path_item.items():
            if method not in METHODS:
                continue
            for parameter in op.get("parameters", []):
                parameter = deref(spec, parameter)
                if parameter.get("in") == "query":
                    fields.add(parameter["name"])
            body = op.get("requestBody")
            if body:
                for media in deref(spec, body).get("content", {}).values():
                    stack.append(media.get("schema", {}))
    while stack:
        node = stack.pop()
        if isinstance(node, dict) and "$ref" in node:
            if node["$ref"] in seen:
                continue
            seen.add(node["$ref"])
            node = deref(spec, node)
        if isinstance(node, dict):
            fields.update(node.get("properties", {}).keys())
            stack.extend(node.get("properties", {}).values())
            for key in ("items", "additionalProperties", "not"):
                if isinstance(node.get(key), dict):
                    stack.append(node[key])
            for key in ("anyOf", "oneOf", "allOf", "prefixItems"):
                stack.extend(node.get(key, []))
        elif isinstance(node, list):
            stack.extend(node)
    return fields


def tables(text, first_header):
    """The rows (lists of cells) of every Markdown table whose first header cell is `first_header`."""
    rows, inside = [], False
    for line in text.splitlines():
        if not line.startswith("|"):
            inside = False
            continue
        cells = [cell.strip() for cell in line.strip().strip("|").split("|")]
        if not inside:
            inside = cells[0] == first_header
            in_header = True
            continue
        if in_header and set(cells[0]) <= set("-: "):
            in_header = False
            continue
        rows.append(cells)
    return rows


def main():
    docs = [Path(sys.argv[1])] if len(sys.argv) > 1 else [ROOT / "docs" / "api.md", *sorted((ROOT / "docs").glob("api-*.md"))]
    spec_path = Path(sys.argv[2]) if len(sys.argv) > 2 else ROOT / "openapi.yaml"
    doc_path = docs[0]
    doc = "\n\n".join(path.read_text(encoding="utf-8") for path in docs)
    spec = yaml.safe_load(spec_path.read_text(encoding="utf-8"))
    problems = []

    spec_routes = {(m.upper(), p) for p, item in spec["paths"].items() for m in item if m in METHODS}
    doc_routes = {(m, p.split("?")[0]) for m, p in re.findall(r"`(GET|POST|PUT|PATCH|DELETE|HEAD|OPTIONS) (/[^`\s]*)`", doc)}
    problems += [f"openapi.yaml's {m} {p} is not named in {doc_path.name}" for m, p in sorted(spec_routes - doc_routes)]
    problems += [f"{doc_path.name} names {m} {p}, which openapi.yaml lacks" for m, p in sorted(doc_routes - spec_routes)]

    spec_statuses = {str(code) for item in spec["paths"].values() for m, op in item.items() if m in METHODS for code in op.get("responses", {})}
    doc_statuses = {row[0].strip("`") for row in tables(doc, "status") if row and row[0].strip("`").isdigit()}
    problems += [f"openapi.yaml's status {s} is not in {doc_path.name}'s status table" for s in sorted(spec_statuses - doc_statuses)]
    problems += [f"{doc_path.name}'s status {s} is in no operation of openapi.yaml" for s in sorted(doc_statuses - spec_statuses - DOC_ONLY_STATUSES)]

    spec_fields = request_fields(spec)
    named = set(re.findall(r"`([A-Za-z][A-Za-z0-9]*)`", doc))
    doc_fields = {name for row in tables(doc, "field") if row for name in re.findall(r"`([A-Za-z][A-Za-z0-9]*)`", row[0])}
    problems += [f"request field {f} (openapi.yaml) is not named in {doc_path.name}" for f in sorted(spec_fields - named)]
    problems += [f"{doc_path.name}'s request field {f} is in no request schema of openapi.yaml" for f in sorted(doc_fields - spec_fields)]

    for problem in problems:
        print(problem, file=sys.stderr)
    if problems:
        sys.exit(f"{len(problems)} differences between {doc_path.name} and openapi.yaml")
    print(f"{doc_path.name} and openapi.yaml name the same {len(spec_routes)} routes, {len(spec_statuses)} statuses and {len(spec_fields)} request fields")


if __name__ == "__main__":
    main()
