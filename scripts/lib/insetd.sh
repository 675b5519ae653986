# shellcheck shell=bash
# Sourced by shell scripts that start insetd. scripts/lib/launcher.py reads its listening
# lines (the one place that does); this starts it with its output piped there and waits.
#   insetd_start BINARY [ARGS...]   starts it in the background; sets INSETD_PID (insetd's
#                                   own), INSETD_PORT, INSETD_ADMIN_PORT (- without an admin
#                                   listener), INSETD_THREADS and INSETD_URL; its output goes
#                                   to $INSETD_LOG when set (else discarded); returns 1 when
#                                   it exits or prints no listening line within 15 s
#   insetd_stop [PID]               SIGTERM and wait; returns insetd's exit status
INSETD_LAUNCHER="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)/launcher.py"

insetd_start() {
    local ready want=() arg
    ready=$(mktemp -u "${TMPDIR:-/tmp}/insetd-ready.XXXXXX")
    for arg in "$@"; do
        case $arg in --admin-address*) want=(--want-admin) ;; esac
    done
    "$@" > >(python3 "$INSETD_LAUNCHER" watch --ready "$ready" "${want[@]}" --log "${INSETD_LOG:-/dev/null}") &
    INSETD_PID=$!
    local tries=300
    while [ ! -s "$ready" ]; do
        if ! kill -0 "$INSETD_PID" 2>/dev/null || [ $((tries -= 1)) -le 0 ]; then
            kill "$INSETD_PID" 2>/dev/null
            wait "$INSETD_PID" 2>/dev/null
            return 1
        fi
        sleep 0.05
    done
    read -r INSETD_PORT INSETD_ADMIN_PORT INSETD_THREADS <"$ready"
    rm -f "$ready"
    INSETD_URL="http://127.0.0.1:$INSETD_PORT"
}

insetd_stop() {
    local pid=${1:-$INSETD_PID}
    kill -TERM "$pid" 2>/dev/null || return 0
    wait "$pid"
}
