#!/usr/bin/env bash
# Property-based conformance test of a running insetd against openapi.yaml (schemathesis).
#   usage: scripts/schemathesis.sh URL        e.g. scripts/schemathesis.sh http://127.0.0.1:8080
# Checks: no 5xx, documented status codes, content types, headers and response schemas,
# and 405 + Allow for undeclared methods. Fixed seed, bounded example budget and wall time;
# exit non-zero on any failure. Also requires GET URL/openapi.yaml to equal the file.
#   env: INSETD_VENV (scripts/lib/venv.sh)
#        SCHEMATHESIS_MAX_EXAMPLES   cases per operation and phase (default 40)
#        SCHEMATHESIS_SEED           (default 20261122)
#        SCHEMATHESIS_TIMEOUT        overall wall-clock limit in seconds (default 300)
#        SCHEMATHESIS_WORKERS        (default 2)
#        SCHEMATHESIS_REPORT_DIR     JUnit report folder (default: a temporary folder, printed)
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
# shellcheck source=lib/venv.sh
. "$root/scripts/lib/venv.sh"

url=${1:?usage: $0 URL (e.g. http://127.0.0.1:8080)}
url=${url%/}
spec=$root/openapi.yaml
max_examples=${SCHEMATHESIS_MAX_EXAMPLES:-40}
seed=${SCHEMATHESIS_SEED:-20261122}
budget=${SCHEMATHESIS_TIMEOUT:-300}
workers=${SCHEMATHESIS_WORKERS:-2}
report_dir=${SCHEMATHESIS_REPORT_DIR:-$(mktemp -d "${TMPDIR:-/tmp}/insetd-schemathesis.XXXXXX")}

ensure_venv schemathesis==4.32.5

# The server must be up and serve this very document (it is embedded in the binary).
served=$(mktemp "${TMPDIR:-/tmp}/insetd-openapi.XXXXXX")
trap 'rm -f "$served"' EXIT
if ! curl -fsS --max-time 5 --retry 10 --retry-connrefused --retry-delay 1 -o /dev/null "$url/healthz"; then
    echo "error: no insetd answering GET $url/healthz" >&2
    exit 2
fi
curl -fsS --max-time 5 -o "$served" "$url/openapi.yaml"
if ! cmp -s "$served" "$spec"; then
    echo "error: GET $url/openapi.yaml differs from $spec (stale binary?)" >&2
    diff -u "$spec" "$served" | head -n 20 >&2 || true
    exit 1
fi

checks=not_a_server_error,status_code_conformance,content_type_conformance
checks+=,response_headers_conformance,response_schema_conformance
checks+=,unsupported_method,allow_header_conformance
echo "schemathesis: $url, seed $seed, $max_examples examples per operation, limit ${budget}s, report in $report_dir"
start=$(date +%s)
# schemathesis keeps its cache (.schemathesis/) in the working folder: not the repository.
cd "$report_dir"
set +e
timeout --kill-after=10 "$budget" \
    "$INSETD_VENV/bin/schemathesis" --config-file "$root/scripts/schemathesis.toml" run "$spec" \
    --url "$url" \
    --checks "$checks" \
    --phases examples,coverage,fuzzing \
    --seed "$seed" \
    --max-examples "$max_examples" \
    --workers "$workers" \
    --request-timeout 5 \
    --report junit --report-dir "$report_dir"
rc=$?
set -e
echo "schemathesis: exit $rc after $(( $(date +%s) - start ))s"
if [ "$rc" -eq 124 ] || [ "$rc" -eq 137 ]; then
    echo "error: schemathesis exceeded ${budget}s; lower SCHEMATHESIS_MAX_EXAMPLES" >&2
fi
exit "$rc"
