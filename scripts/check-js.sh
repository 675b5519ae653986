#!/usr/bin/env bash
# The JavaScript checks: the API client type-checked with Debian's TypeScript
# (node-typescript, installed when missing) and the unit tests of the client and the
# playground's pure modules with node's own runner (no npm packages).
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
command -v tsc >/dev/null || { apt-get update -qq && apt-get install -y -qq node-typescript; }
tsc -p "$root/clients/js"
node --test "$root/clients/js" "$root/Tests/Playground"
