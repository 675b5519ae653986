#!/usr/bin/env bash
# Validates openapi.yaml: OpenAPI 3.1 structure (openapi-spec-validator, on the document as
# its own reader and as PyYAML's YAML 1.1 loader reads it), then every
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

ensure_venv openapi-spec-validator==0.9.0 PyYAML==6.0.4
"$INSETD_VENV/bin/openapi-spec-validator" "$spec"
# As YAML 1.1 readers (PyYAML, many code generators) load it: every number a number.
"$INSETD_VENV/bin/python" - "$spec" <<'PY'
import sys
import yaml
from openapi_spec_validator import validate
with open(sys.argv[1], encoding="utf-8") as handle:
    validate(yaml.safe_load(handle))
print(f"{sys.argv[1]}: OK as PyYAML reads it")
PY
if [ -d "$scenarios" ]; then
    "$INSETD_VENV/bin/python" "$root/scripts/openapi-examples.py" "$spec" "$scenarios"
else
    echo "warning: no scenarios at $scenarios; checking the document's own examples only" >&2
    "$INSETD_VENV/bin/python" "$root/scripts/openapi-examples.py" "$spec"
fi
