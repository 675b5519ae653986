#!/usr/bin/env bash
# Where a served POST /layout's time goes: insetd (release) under `wrk -t2 -c64` with the
# benchmark body, sampled by `perf record` (a software clock, so it works in a VM without
# hardware counters) for 10 s, then split into the route's stages, the service around them,
# libmicrohttpd and the kernel (the share of insetd's own samples; wrk's are not counted).
#
#   bench/profile.sh [BODY]        (default ../shared/bench/layout-31.json)
# Leaves the samples in bench/out/perf.data for `perf report -i bench/out/perf.data`.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/.." && pwd)
body=${1:-$root/../shared/bench/layout-31.json}
[ -f "$body" ] || body=$root/Tests/Shared/bench/layout-31.json
"$root/scripts/ensure-deps" wrk linux-perf
mkdir -p "$here/out"
"$root/scripts/build-release" --product insetd >/dev/null
. "$root/scripts/lib/insetd.sh"
insetd_start "$root/.build/release/insetd" --port 0 --access-log off
trap 'kill "$INSETD_PID" 2>/dev/null || true' EXIT
BODY=$body wrk -t2 -c64 -d14s -s "$here/post.lua" "$INSETD_URL/layout" >"$here/out/profile-wrk.txt" &
load=$!
sleep 2
perf record -q -F 499 -g -p "$INSETD_PID" -o "$here/out/perf.data" -- sleep 10 >/dev/null 2>&1
wait "$load"
echo "$(awk '/Requests\/sec/ { print $2 }' "$here/out/profile-wrk.txt") req/s under perf; share of insetd's samples:"
# Inclusive shares of the frames that mark each part, and self shares by library.
inclusive() { perf report -i "$here/out/perf.data" --children --sort sym -g none 2>/dev/null | swift demangle --simplified; }
frames=$(inclusive)
libraries=$(perf report -i "$here/out/perf.data" --no-children --sort dso -g none 2>/dev/null)
share() { echo "$frames" | grep -F -m1 "$1" | awk '{ print $1 }'; }
route=$(share 'closure #4 in static ProductRoutes.all') service=$(share 'HTTPService.respond(to:')
printf '  %-56s %s\n' \
    "the route (decode, engine, encode, its answer)" "$route" \
    "  decode (bytes to the engine's request)" "$(share 'LayoutRequestDecoder.decode(_:)')" \
    "  engine" "$(share 'static InsetEngine.layout(_:)')" \
    "  encode" "$(share 'LayoutResponseEncoder.encode(_:for:)')" \
    "the service around it (routing, metrics, headers, CORS)" "$(awk -v a="${service%\%}" -v b="${route%\%}" 'BEGIN { printf "%.2f%%", a - b }')" \
    "libmicrohttpd's own code" "$(echo "$libraries" | awk '/libmicrohttpd/ { print $1 }')" \
    "the kernel (sockets, loopback TCP, scheduling)" "$(echo "$libraries" | awk '/kernel.kallsyms/ { print $1 }')"
