#!/usr/bin/env bash
# GET /healthz throughput: insetd (release build) against a minimal C libmicrohttpd
# server with the same threading configuration (bench/c-ceiling/ceiling.c).
#
#   bench/healthz.sh            # three interleaved rounds of wrk -t2 -c64 -d5s
#
# Environment: ROUNDS (3), DURATION (5s), CONNECTIONS (64), WRK_THREADS (2),
# INSETD_BENCH_PORT (18180), CEILING_PORT (18181), ACCESS_LOG (on; insetd's log goes to
# /dev/null). Prints req/s, p50 and p99 per run, then the best of the rounds and the
# ratio insetd / C. Every process it starts is stopped by its PID.
set -euo pipefail

here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/.." && pwd)
out="$here/out"
rounds=${ROUNDS:-3}
duration=${DURATION:-5s}
connections=${CONNECTIONS:-64}
wrk_threads=${WRK_THREADS:-2}
insetd_port=${INSETD_BENCH_PORT:-18180}
ceiling_port=${CEILING_PORT:-18181}
access_log=${ACCESS_LOG:-on}
mkdir -p "$out"
# wrk drives every run; gcc builds the C ceiling.
"$root/scripts/ensure-deps" wrk gcc

pids=()
cleanup() {
    for pid in "${pids[@]}"; do
        if kill -0 "$pid" 2>/dev/null; then
            kill -TERM "$pid" 2>/dev/null || true
            wait "$pid" 2>/dev/null || true
        fi
    done
}
trap cleanup EXIT

port_free() { ! ss -Hltn "sport = :$1" | grep -q .; }
for port in "$insetd_port" "$ceiling_port"; do
    port_free "$port" || { echo "port $port is in use; set INSETD_BENCH_PORT / CEILING_PORT" >&2; exit 1; }
done

echo "building…"
"$root/scripts/build-release" --product insetd >/dev/null
insetd="$(cd "$root" && swift build -c release --show-bin-path)/insetd"
# shellcheck disable=SC2046
gcc -O2 -Wall -o "$out/ceiling" "$here/c-ceiling/ceiling.c" $(pkg-config --cflags --libs libmicrohttpd)

"$insetd" --port "$insetd_port" --access-log "$access_log" --drain-delay 0 >/dev/null 2>&1 &
pids+=($!)
"$out/ceiling" "$ceiling_port" >/dev/null 2>&1 &
pids+=($!)

wait_for() {
    for _ in $(seq 1 100); do
        "$insetd" probe --url "http://127.0.0.1:$1/healthz" >/dev/null 2>&1 && return 0
        sleep 0.1
    done
    echo "nothing answers on port $1" >&2
    exit 1
}
wait_for "$insetd_port"
wait_for "$ceiling_port"

# One wrk run; prints "req/s p50 p99" (latencies in ms).
measure() {
    wrk -t"$wrk_threads" -c"$connections" -d"$duration" --latency "http://127.0.0.1:$1/healthz" | awk '
        function ms(v) { if (v ~ /us$/) return v / 1000; if (v ~ /ms$/) return v + 0; if (v ~ /s$/) return v * 1000; return v }
        /^ *50%/ { p50 = ms($2) } /^ *99%/ { p99 = ms($2) } /^Requests\/sec/ { rps = $2 }
        /Non-2xx/ { bad = $NF }
        END { if (bad != "") { print "non-2xx answers: " bad > "/dev/stderr"; exit 1 }; printf "%.0f %.3f %.3f\n", rps, p50, p99 }'
}

best_insetd=0 best_ceiling=0
printf "%-7s %-8s %12s %10s %10s\n" round server "req/s" "p50 ms" "p99 ms"
for round in $(seq 1 "$rounds"); do
    for server in ceiling insetd; do
        port=$ceiling_port
        [ "$server" = insetd ] && port=$insetd_port
        read -r rps p50 p99 < <(measure "$port")
        printf "%-7s %-8s %12s %10s %10s\n" "$round" "$server" "$rps" "$p50" "$p99"
        if [ "$server" = insetd ]; then
            [ "$rps" -gt "$best_insetd" ] && best_insetd=$rps
        else
            [ "$rps" -gt "$best_ceiling" ] && best_ceiling=$rps
        fi
    done
done
echo
echo "best of $rounds: insetd $best_insetd req/s, C ceiling $best_ceiling req/s"
awk -v a="$best_insetd" -v b="$best_ceiling" 'BEGIN { printf "ratio insetd / C: %.2f (target >= 0.80)\n", a / b }'
