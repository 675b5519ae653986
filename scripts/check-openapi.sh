#!/usr/bin/env bash
# Validates openapi.yaml: OpenAPI 3.1 structure (openapi-spec-validator), then every
# example in it and every expected-200 scenario request body in Tests/Shared/scenarios
# against the schema it belongs to. Offline once the venv exists.
#   usage: scripts/check-openapi.sh [openapi.yaml]
#   env:   INSETD_VENV (see scripts/lib/venv.sh), INSETD_SCENARIOS (default Tests/Shared/scenarios, the copy of ../shared/scenarios)
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
# shellcheck source=lib/venv.sh
. "$root/scripts/lib/venv.sh"
spec=${1:-$root/openapi.yaml}
scenarios=${INSETD_SCENARIOS:-$root/Tests/Shared/scenarios}

ensure_venv openapi-spec-validator==0.9.0
"$INSETD_VENV/bin/openapi-spec-validator" "$spec"
if [ -d "$scenarios" ]; then
    "$INSETD_VENV/bin/python" "$root/scripts/openapi-examples.py" "$spec" "$scenarios"
else
    echo "warning: no scenarios at $scenarios; checking the document's own examples only" >&2
    "$INSETD_VENV/bin/python" "$root/scripts/openapi-examples.py" "$spec"
fi
