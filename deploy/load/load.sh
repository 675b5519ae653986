#!/usr/bin/env bash
# A bounded curl load test for insetd: N requests at concurrency C with
# `curl --parallel --parallel-max C`, cycling through every expected-200 POST /layout and
# POST /scroll body of the shared scenarios and GET /devices. Prints req/s, the status
# codes per route, and p50/p95/p99 of curl's time_total; exits non-zero on any non-2xx
# answer, transport error or timeout.
#
#   usage: deploy/load/load.sh [--url URL] [--requests N] [--concurrency C]
#                              [--mix all|get|post] [--max-time S] [--timeout S] [--allow-remote]
#     --url           default http://127.0.0.1:8080; a host other than loopback needs --allow-remote
#     --requests      default 1000 (at most 200000)
#     --concurrency   default 16 (at most 256)
#     --mix           all (default): POST /layout, POST /scroll and GET /devices in turn;
#                     get: GET /devices only; post: the POST bodies only
#     --max-time      per-request limit in seconds (curl --max-time), default 10
#     --timeout       limit for the whole run in seconds, default 300
#   env: INSETD_SCENARIOS (default Tests/Shared/scenarios, the copy of ../shared/scenarios)
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
url=http://127.0.0.1:8080 requests=1000 concurrency=16 mix=all max_time=10 total_timeout=300 allow_remote=0
scenarios=${INSETD_SCENARIOS:-$root/Tests/Shared/scenarios}

usage() { sed -n '2,18p' "$0" | sed 's/^# \{0,1\}//'; exit "${1:-2}"; }
while [ $# -gt 0 ]; do
    case $1 in
        --url) url=${2:?}; shift 2 ;;
        --requests|-n) requests=${2:?}; shift 2 ;;
        --concurrency|-c) concurrency=${2:?}; shift 2 ;;
        --mix) mix=${2:?}; shift 2 ;;
        --max-time) max_time=${2:?}; shift 2 ;;
        --timeout) total_timeout=${2:?}; shift 2 ;;
        --allow-remote) allow_remote=1; shift ;;
        -h|--help) usage 0 ;;
        *) echo "unknown argument: $1" >&2; usage ;;
    esac
done
int() { [[ $2 =~ ^[0-9]+$ ]] && [ "$2" -ge "$3" ] && [ "$2" -le "$4" ] || { echo "error: $1 must be an integer in [$3, $4]" >&2; exit 2; }; }
int --requests "$requests" 1 200000
int --concurrency "$concurrency" 1 256
int --max-time "$max_time" 1 600
int --timeout "$total_timeout" 1 3600
case $mix in all|get|post) ;; *) echo "error: --mix is all, get or post" >&2; exit 2 ;; esac
url=${url%/}

# Loopback only unless asked: this is a load generator.
host=$(python3 -c 'import sys, urllib.parse; print(urllib.parse.urlsplit(sys.argv[1]).hostname or "")' "$url")
case $url in http://*|https://*) ;; *) echo "error: --url must be http(s)://HOST[:PORT]" >&2; exit 2 ;; esac
if [ "$allow_remote" -ne 1 ] && ! python3 -c '
import ipaddress, sys
h = sys.argv[1]
sys.exit(0 if h == "localhost" or (h and ipaddress.ip_address(h).is_loopback) else 1)' "$host" 2>/dev/null; then
    echo "error: $host is not a loopback address; pass --allow-remote to load another host" >&2
    exit 2
fi

work=$(mktemp -d "${TMPDIR:-/tmp}/insetd-load.XXXXXX")
trap 'rm -rf "$work"' EXIT

# The curl config: one transfer per request, the mix repeated until N.
# Scenarios of features not built yet (scripts/pending-scenarios.txt beside this checkout) are
# left out: they answer 422 until their issue lands.
pending="$(cd "$(dirname "$0")/../.." && pwd)/scripts/pending-scenarios.txt"
python3 - "$scenarios" "$work" "$url" "$requests" "$mix" "$max_time" "$pending" <<'PY'
import glob, json, os, sys
scenarios, work, url, n, mix, max_time, pending = sys.argv[1], sys.argv[2], sys.argv[3], int(sys.argv[4]), sys.argv[5], sys.argv[6], sys.argv[7]
skip = set()
if os.path.exists(pending):
    skip = {line.rstrip("\n") for line in open(pending, encoding="utf-8") if line.strip() and not line.startswith("#")}
mixes = []
if mix in ("all", "post"):
    files = sorted(glob.glob(os.path.join(scenarios, "*.json")))
    if not files:
        sys.exit(f"error: no scenarios in {scenarios} (set INSETD_SCENARIOS)")
    for f in files:
        for s in json.load(open(f, encoding="utf-8")):
            rq = s["request"]
            if s.get("name") in skip:
                continue
            if rq["method"] == "POST" and rq["path"] in ("/layout", "/scroll") and s["expect"]["status"] == 200:
                body = os.path.join(work, f"body-{len(mixes)}.json")
                json.dump(rq["body"], open(body, "w", encoding="utf-8"))
                mixes.append(("POST", rq["path"], body))
    if not mixes:
        sys.exit("error: no expected-200 POST /layout or /scroll scenario found")
if mix in ("all", "get"):
    mixes.append(("GET", "/devices", None))
    if mix == "all":  # GET /devices as often as each POST kind, not once per list
        mixes += [("GET", "/devices", None)] * max(0, sum(m[1] == "/scroll" for m in mixes) - 1)

def q(s):  # curl config quoting
    return '"' + s.replace("\\", "\\\\").replace('"', '\\"') + '"'

with open(os.path.join(work, "curl.cfg"), "w", encoding="utf-8") as cfg:
    for i in range(n):
        method, path, body = mixes[i % len(mixes)]
        if i:
            cfg.write("next\n")
        cfg.write(f"url = {q(url + path)}\noutput = \"/dev/null\"\nmax-time = {max_time}\nsilent\n")
        cfg.write(f"write-out = {q(path + ' %{http_code} %{time_total} %{exitcode}' + chr(92) + 'n')}\n")
        if body:
            cfg.write(f"header = \"Content-Type: application/json\"\ndata-binary = {q('@' + body)}\n")
print(f"load: {n} requests over {len(mixes)} request kinds "
      f"({sum(m[0] == 'POST' for m in mixes)} POST bodies, {sum(m[0] == 'GET' for m in mixes)} GET)", file=sys.stderr)
PY

echo "load: $url, $requests requests, concurrency $concurrency, per-request limit ${max_time}s, run limit ${total_timeout}s" >&2
start=$(date +%s.%N)
set +e
timeout --kill-after=5 "$total_timeout" \
    curl --parallel --parallel-max "$concurrency" --parallel-immediate --config "$work/curl.cfg" \
    >"$work/results" 2>"$work/curl.err"
curl_rc=$?
set -e
end=$(date +%s.%N)
if [ "$curl_rc" -eq 124 ] || [ "$curl_rc" -eq 137 ]; then
    echo "load: the run exceeded ${total_timeout}s and was stopped" >&2
fi

python3 - "$work/results" "$requests" "$start" "$end" "$curl_rc" <<'PY'
import collections, math, sys
path, n, start, end, curl_rc = sys.argv[1], int(sys.argv[2]), float(sys.argv[3]), float(sys.argv[4]), int(sys.argv[5])
rows = []
for line in open(path, encoding="utf-8", errors="replace"):
    parts = line.split()
    if len(parts) == 4:
        rows.append((parts[0], parts[1], float(parts[2]), int(parts[3])))
wall = end - start
by_route = collections.defaultdict(collections.Counter)
for route, code, _, rc in rows:
    by_route[route][code if rc == 0 else f"{code}(curl exit {rc})"] += 1
times = sorted(r[2] for r in rows if r[3] == 0)
def pct(p):  # nearest rank
    return times[max(0, math.ceil(p / 100 * len(times)) - 1)] * 1000 if times else float("nan")
ok = sum(1 for r in rows if r[3] == 0 and r[1].startswith("2"))
print(f"requests: {len(rows)} done of {n} in {wall:.2f} s = {len(rows) / wall:.0f} req/s")
for route in sorted(by_route):
    print(f"  {route:10s} " + ", ".join(f"{k}: {v}" for k, v in sorted(by_route[route].items())))
print(f"latency ms: p50 {pct(50):.2f}  p95 {pct(95):.2f}  p99 {pct(99):.2f}  max {times[-1] * 1000 if times else float('nan'):.2f}")
failures = len(rows) - ok + (n - len(rows))
if failures:
    print(f"FAIL: {failures} of {n} requests did not answer 2xx in time (curl exit {curl_rc})")
    sys.exit(1)
print("all 2xx")
PY
