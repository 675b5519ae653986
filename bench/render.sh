#!/usr/bin/env bash
# POST /render against POST /layout of the same body (../shared/bench/layout-31.json, or
# BODY=file), same server, same run: interleaved wrk rounds at 64 connections, the best of
# each; the goal is render / layout req/s >= 0.5. Prints every run, then the figures and
# PASS or MISS (exit 1 on a miss).
#   bench/render.sh              # release build, 3 rounds of 5 s
#   ROUNDS=1 DURATION=3s bench/render.sh --no-build
# Loopback only; the server it starts is stopped by its PID.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/.." && pwd)
body=${BODY:-$root/../shared/bench/layout-31.json}
[ -f "$body" ] || body=$here/layout-31.json
rounds=${ROUNDS:-3}
duration=${DURATION:-5s}
[ "${1:-}" = --no-build ] || "$root/scripts/build-release" --product insetd >/dev/null
command -v wrk >/dev/null || { echo "wrk is missing (apt-get install -y wrk)" >&2; exit 1; }

. "$root/scripts/lib/insetd.sh"
insetd_start "$root/.build/release/insetd" --port 0 --access-log off || { echo "insetd did not start" >&2; exit 1; }
url=$INSETD_URL
trap 'kill "$INSETD_PID" 2>/dev/null || true' EXIT
for path in /layout /render; do
    status=$(curl -s -o /dev/null -w '%{http_code}' -H 'Content-Type: application/json' --data-binary "@$body" "$url$path")
    [ "$status" = 200 ] || { echo "POST $path answered $status" >&2; exit 1; }
done

best_layout=0 best_render=0
run() { # PATH -> req/s
    BODY="$body" wrk -t2 -c64 -d"$duration" -s "$here/post.lua" "$url$1" | awk '/Requests\/sec/ {print $2}'
}
for round in $(seq 1 "$rounds"); do
    layout=$(run /layout)
    render=$(run /render)
    echo "round $round: POST /layout $layout req/s, POST /render $render req/s"
    best_layout=$(awk -v a="$best_layout" -v b="$layout" 'BEGIN {print (b > a ? b : a)}')
    best_render=$(awk -v a="$best_render" -v b="$render" 'BEGIN {print (b > a ? b : a)}')
done
ratio=$(awk -v r="$best_render" -v l="$best_layout" 'BEGIN {printf "%.2f", r / l}')
verdict=$(awk -v x="$ratio" 'BEGIN {print (x >= 0.5 ? "PASS" : "MISS")}')
bytes=$(curl -s -H 'Content-Type: application/json' --data-binary "@$body" "$url/render" | wc -c)
echo "best: POST /layout $best_layout req/s, POST /render $best_render req/s ($bytes-byte SVG); render/layout $ratio (goal >= 0.5) $verdict"
[ "$verdict" = PASS ]
