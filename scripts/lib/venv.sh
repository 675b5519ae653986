# shellcheck shell=bash
# Sourced by the check scripts: a Python venv outside the repository holding the
# validators, created on first use and reused afterwards.
#   INSETD_VENV   where the venv lives (default: ${TMPDIR:-/tmp}/insetd-tools-venv)
# Pinned to the versions the checks were written against.
INSETD_VENV=${INSETD_VENV:-${TMPDIR:-/tmp}/insetd-tools-venv}

# ensure_venv PACKAGE==VERSION...: create the venv if needed and install what is missing.
ensure_venv() {
    if [ ! -x "$INSETD_VENV/bin/python" ]; then
        python3 -m venv "$INSETD_VENV" || { echo "error: cannot create venv $INSETD_VENV" >&2; return 1; }
    fi
    local missing=() req name want have
    for req in "$@"; do
        # pip show is fast and offline; install only what is absent or at another version
        name=${req%%==*} want=${req#*==}
        have=$("$INSETD_VENV/bin/python" -m pip show "$name" 2>/dev/null | sed -n 's/^Version: //p' || true)
        [ "$have" = "$want" ] || missing+=("$req")
    done
    if [ ${#missing[@]} -gt 0 ]; then
        echo "installing into $INSETD_VENV: ${missing[*]}" >&2
        "$INSETD_VENV/bin/python" -m pip install --quiet --disable-pip-version-check "${missing[@]}" || return 1
    fi
}
