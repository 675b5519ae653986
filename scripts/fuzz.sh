#!/usr/bin/env bash
# Fuzzes insetd's readers with libFuzzer (Swift's Linux toolchain ships it: swiftc
# -sanitize=fuzzer,address), one target per reader, each in Fuzz/<target>.swift with
# Fuzz/Support.swift: json (the JSON parser), layout (the fast and the validating /layout
# readers agree; explanations sum to their insets), scroll, matrix (JSON and CSV), render,
# framing (request framing, the raw target and Host checks), negotiation (Accept),
# devicefile (the device-file parser). Each asserts API.md's promise: a problem or an
# answer, never a trap.
#   scripts/fuzz.sh [SECONDS] [TARGET...]   SECONDS per target (default 20), all targets
#                                           by default; prints executions and coverage
# Seeds: Fuzz/corpus/<target>/ (committed) and the request bodies of ../shared/scenarios
# when present; what a run finds new goes to .build-fuzz/corpus/<target>/, a crash to
# .build-fuzz/crash-<target>-* (and the script fails).
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD
seconds=${1:-20}
shift || true
targets=("$@")
[ ${#targets[@]} -gt 0 ] || targets=(json layout scroll matrix render framing negotiation devicefile)
scratch=$root/.build-fuzz

# The modules, instrumented for coverage and built with AddressSanitizer; the targets link
# their objects (no executable of the package is linked with libFuzzer's main). SwiftPM
# does not rebuild for changed -Xswiftc flags: the folder is this script's alone.
swift build --target InsetAPI --scratch-path "$scratch" --sanitize=address \
    -Xswiftc -sanitize-coverage=edge,inline-8bit-counters,pc-table,trace-cmp >/dev/null
debug=$scratch/debug
# Every library module built (tests, executables and build tools left out: they have a main).
objects=()
for folder in "$debug"/*.build; do
    name=$(basename "$folder" .build)
    case $name in
        *Tests|*PackageTests|*PackageDiscoveredTests|*-tool|insetd|insetd_bench|EmbedResourcesTool|generate_*) continue ;;
    esac
    while IFS= read -r object; do objects+=("$object"); done < <(find "$folder" -name '*.o')
done
module_dir=$debug/Modules
[ -d "$module_dir" ] || module_dir=$debug
# The C modules the Swift modules import: insetd's own, and the packages' (swift-atomics).
includes=(-I Sources/CMicroHTTPD -I Sources/CSockets -I Sources/CMalloc)
for map in "$scratch"/checkouts/*/Sources/*/include/module.modulemap "$debug"/*.build/module.modulemap; do
    [ -e "$map" ] && includes+=(-Xcc "-fmodule-map-file=$map" -I "$(dirname "$map")")
done

python3 - "$scratch/seeds" <<'EOF'
# The request bodies of ../shared/scenarios, one seed file per body, by target.
import glob, json, os, sys
out = sys.argv[1]
paths = {"/layout": "layout", "/scroll": "scroll", "/layout/matrix": "matrix", "/render": "render"}
for fname in sorted(glob.glob("../shared/scenarios/*.json")):
    for i, scenario in enumerate(json.load(open(fname))):
        request = scenario.get("request", {})
        target = paths.get(request.get("path"))
        if target and "body" in request:
            body = request["body"]
            data = body.encode() if isinstance(body, str) else json.dumps(body).encode()
            os.makedirs(f"{out}/{target}", exist_ok=True)
            with open(f"{out}/{target}/{os.path.basename(fname)}-{i}", "wb") as f:
                f.write(data)
            if target == "layout":
                os.makedirs(f"{out}/json", exist_ok=True)
                with open(f"{out}/json/{os.path.basename(fname)}-{i}", "wb") as f:
                    f.write(data)
EOF

failed=0
for target in "${targets[@]}"; do
    binary=$scratch/fuzz-$target
    swiftc -sanitize=fuzzer,address -parse-as-library -swift-version 5 -g -Onone \
        -I "$module_dir" "${includes[@]}" \
        "Fuzz/Support.swift" "Fuzz/$target.swift" "${objects[@]}" \
        $(pkg-config --libs libmicrohttpd) -o "$binary" 2> >(grep -v 'ld.gold: warning' >&2)
    corpus=$scratch/corpus/$target
    mkdir -p "$corpus"
    seeds=()
    [ -d "Fuzz/corpus/$target" ] && seeds+=("$root/Fuzz/corpus/$target")
    [ -d "$scratch/seeds/$target" ] && seeds+=("$scratch/seeds/$target")
    log=$scratch/fuzz-$target.log
    # Swift's own backtracer off: libFuzzer reports the crash and keeps its input.
    if (cd "$scratch" && SWIFT_BACKTRACE=enable=no "$binary" "$corpus" "${seeds[@]}" -max_total_time="$seconds" -max_len=65536 \
            -timeout=10 -rss_limit_mb=2048 -artifact_prefix="$scratch/crash-$target-" -print_final_stats=1) >"$log" 2>&1; then
        status=ok
    else
        status=CRASH
        failed=1
    fi
    runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log")
    cov=$(grep -o 'cov: [0-9]*' "$log" | tail -n 1 || true)
    ft=$(grep -o 'ft: [0-9]*' "$log" | tail -n 1 || true)
    echo "fuzz $target: $status, ${runs:-?} executions in ${seconds}s, ${cov:-cov: ?} edges, ${ft:-ft: ?} features, corpus $(ls "$corpus" | wc -l)"
    [ "$status" = ok ] || { grep -B 2 -A 20 -m 1 'Fatal error\|==ERROR\|deadly signal' "$log" || tail -n 30 "$log"; } | head -40
done
exit $failed
