#!/usr/bin/env bash
# The in-process route of two builds side by side: `insetd-bench BODY N all` of each, in
# alternating rounds (A B, then B A, ...), on each benchmark body; prints every round and,
# per body, the medians and the ratio B/A. The way to compare a change with the build before
# it on a noisy host (PERF.md, "Comparing two builds").
#
#   bench/route-ab.sh OLD_INSETD_BENCH NEW_INSETD_BENCH [ROUNDS [CALLS]]
#
# e.g. a build of the start of a piece of work kept beside the current one:
#   git worktree add /tmp/old START && (cd /tmp/old && swift build -c release --product insetd-bench)
#   scripts/build-release --product insetd-bench
#   bench/route-ab.sh /tmp/old/.build/release/insetd-bench .build/release/insetd-bench 10
# (each build made as its own tree makes release builds: a START without
# scripts/build-release was built and shipped without link-time optimisation)
set -euo pipefail
[ $# -ge 2 ] || { sed -n '2,/^[^#]/{/^#/p}' "$0"; exit 2; }
a=$1 b=$2 rounds=${3:-10} calls=${4:-20000}
here=$(cd "$(dirname "$0")" && pwd)
bodies=$here/../../shared/bench
[ -d "$bodies" ] || bodies=$here/../Tests/Shared/bench
median() { printf '%s\n' "$@" | sort -g | awk '{ v[NR] = $1 } END { print (NR % 2 ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2) }'; }
route() { "$1" "$2" "$calls" all | awk '/all \(as the route\)/ { print $(NF-1) }'; }
for body in "$bodies"/layout-31.json "$bodies"/rows-31.json; do
    name=$(basename "$body" .json)
    times_a=() times_b=()
    for round in $(seq 1 "$rounds"); do
        if [ $((round % 2)) = 1 ]; then
            ta=$(route "$a" "$body"); tb=$(route "$b" "$body")
        else
            tb=$(route "$b" "$body"); ta=$(route "$a" "$body")
        fi
        times_a+=("$ta") times_b+=("$tb")
        printf '%s round %2d: A %7s µs  B %7s µs\n' "$name" "$round" "$ta" "$tb"
    done
    ma=$(median "${times_a[@]}") mb=$(median "${times_b[@]}")
    awk -v n="$name" -v a="$ma" -v b="$mb" -v r="$rounds" 'BEGIN { printf "%s: median A %.2f µs, B %.2f µs, B/A %.3f over %d alternating rounds\n", n, a, b, b / a, r }'
done
