#!/usr/bin/env bash
# Proves the Dockerfile: builds it with podman exactly as written, runs the image on
# loopback with the admin listener on as deploy/kubernetes runs it, checks /healthz, the
# image's HEALTHCHECK, the admin listener, one /layout scenario and a SIGTERM drain, then
# prints the image size and the build time. Slow (minutes): CI runs it only
# when Dockerfile, .dockerignore, deploy/ or Package.swift changed.
#
# No registry is reachable here, so the two base images are made locally and tagged with
# the official names the Dockerfile uses (research/feasibility.md §4, §4b):
#   docker.io/library/debian:bookworm-slim  a debootstrap minbase tree, pruned like Debian's slim image
#   docker.io/library/swift:6.3-bookworm    that tree + the Swift image's apt packages + libmicrohttpd-dev;
#                                           the toolchain (/opt/swift) and the package copies
#                                           (/opt/swift-packages) are mounted read-only at build time
#
#   usage: deploy/container-proof.sh [--keep]     (run as root; --keep leaves the scratch folder)
#   env:   INSETD_PROOF_CACHE   where the debootstrap tree is kept between runs
#                               (default ${XDG_CACHE_HOME:-$HOME/.cache}/insetd/container-proof)
#          INSETD_DEBIAN_MIRROR Debian mirror for debootstrap (default: the host's bookworm source)
#          INSETD_SHARED        the shared material (default: Tests/Shared, its copy in the repository)
#          INSETD_DRAIN_GRACE   seconds the container may take to exit after SIGTERM (default 30,
#                               as terminationGracePeriodSeconds in deploy/kubernetes)
# All other state lives in a scratch folder that is removed at the end; every container
# the script starts is removed.
set -euo pipefail

root=$(cd "$(dirname "$0")/.." && pwd)
shared=${INSETD_SHARED:-$root/Tests/Shared}
cache=${INSETD_PROOF_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/insetd/container-proof}
grace=${INSETD_DRAIN_GRACE:-30}
keep=0
[ "${1:-}" = "--keep" ] && keep=1

say() { printf '== %s\n' "$*"; }
die() { printf 'container-proof: FAIL: %s\n' "$*" >&2; exit 1; }
now() { date +%s.%N; }
since() { python3 -c "import sys; print(f'{float(sys.argv[2]) - float(sys.argv[1]):.1f}')" "$1" "$(now)"; }

[ "$(id -u)" -eq 0 ] || die "run as root (podman with its storage in a scratch folder)"
[ -d /opt/swift/usr/bin ] || die "no Swift toolchain at /opt/swift"
[ -d /opt/swift-packages ] || die "no package copies at /opt/swift-packages"
scenario_file=$shared/scenarios/layout.json
[ -f "$scenario_file" ] || die "no $scenario_file (set INSETD_SHARED)"

# ---- tools ------------------------------------------------------------------------------
need=()
for pkg in podman buildah debootstrap runc curl python3; do
    dpkg -s "$pkg" >/dev/null 2>&1 || need+=("$pkg")
done
if [ ${#need[@]} -gt 0 ]; then
    say "installing ${need[*]}"
    apt-get update -qq
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${need[@]}" >/dev/null
fi

# ---- scratch, configuration and cleanup -------------------------------------------------
scratch=$(mktemp -d "${TMPDIR:-/tmp}/insetd-container-proof.XXXXXX")
cname=insetd-proof-$$
cleanup() {
    local rc=$?
    set +e
    if [ -n "${CONTAINERS_CONF:-}" ]; then
        podman rm -f -t 0 "$cname" >/dev/null 2>&1
        if [ "$keep" -eq 0 ]; then
            podman rmi -a -f >/dev/null 2>&1
            buildah rm --all >/dev/null 2>&1
        fi
    fi
    if [ "$keep" -eq 0 ]; then
        # containers/storage bind-mounts its overlay folder onto itself: unmount, then remove
        findmnt -rn -o TARGET | grep -F "$scratch" | sort -r | while read -r m; do umount -l "$m"; done
        rm -rf "$scratch"
    else
        echo "kept: $scratch (export CONTAINERS_CONF=$scratch/containers.conf CONTAINERS_STORAGE_CONF=$scratch/storage.conf)"
    fi
    exit "$rc"
}
trap cleanup EXIT
trap 'exit 130' INT TERM

mkdir -p "$scratch/tmp" "$scratch/run"
cat > "$scratch/containers.conf" <<EOF
[containers]
# root here lacks CAP_SYS_RESOURCE: podman's default nofile 1048576 fails (feasibility §4)
default_ulimits = ["nofile=4096:4096", "nproc=4096:4096"]
[engine]
# crun 1.8 fails on this host's hybrid cgroups; runc works (feasibility §4)
runtime = "runc"
cgroup_manager = "cgroupfs"
events_logger = "file"
events_logfile_path = "$scratch/events.log"
tmp_dir = "$scratch/tmp"
EOF
storage_conf() {
    cat > "$scratch/storage.conf" <<EOF
[storage]
driver = "$1"
runroot = "$scratch/run"
graphroot = "$scratch/storage"
EOF
}
export CONTAINERS_CONF=$scratch/containers.conf CONTAINERS_STORAGE_CONF=$scratch/storage.conf
storage_conf overlay
if ! podman info --format '{{.Store.GraphDriverName}}' >/dev/null 2>&1; then
    echo "overlay storage unavailable here; using vfs (slower, larger)"
    rm -rf "$scratch/storage" "$scratch/run"; mkdir -p "$scratch/run"
    storage_conf vfs
fi
say "podman $(podman --version | awk '{print $3}'), storage $(podman info --format '{{.Store.GraphDriverName}}'), scratch $scratch"

# ---- base images --------------------------------------------------------------------------
t0=$(now)
rootfs_tar=$cache/bookworm-minbase.tar
if [ ! -s "$rootfs_tar" ]; then
    mirror=${INSETD_DEBIAN_MIRROR:-$(python3 - <<'PY'
# The host's own Debian bookworm source (deb822 or one-line format): no host named here.
import glob, re
files = sorted(glob.glob("/etc/apt/sources.list.d/*.sources"))
for f in files:
    for stanza in open(f).read().split("\n\n"):
        fields = dict(re.findall(r"^(\w[\w-]*):\s*(.*)$", stanza, re.M))
        if "bookworm" in fields.get("Suites", "").split() and "main" in fields.get("Components", "").split():
            print(fields["URIs"].split()[0]); raise SystemExit
for f in ["/etc/apt/sources.list"] + sorted(glob.glob("/etc/apt/sources.list.d/*.list")):
    try:
        for line in open(f):
            p = line.split()
            if len(p) >= 4 and p[0] == "deb" and "bookworm" in p and "main" in p:
                print([x for x in p[1:] if "://" in x][0]); raise SystemExit
    except FileNotFoundError:
        pass
PY
)}
    [ -n "$mirror" ] || die "no Debian bookworm source found; set INSETD_DEBIAN_MIRROR"
    say "debootstrap --variant=minbase bookworm (cached in $cache for later runs)"
    mkdir -p "$cache"
    debootstrap --variant=minbase bookworm "$scratch/rootfs" "$mirror" >"$scratch/debootstrap.log" 2>&1 \
        || { tail -n 20 "$scratch/debootstrap.log"; die "debootstrap failed"; }
    tar -C "$scratch/rootfs" -cf "$rootfs_tar.partial" . && mv "$rootfs_tar.partial" "$rootfs_tar"
    rm -rf "$scratch/rootfs"
fi
podman import --quiet - localhost/insetd-proof-base:bookworm <"$rootfs_tar" >/dev/null

# Slim stand-in: no apt lists or caches, and the apt settings Debian's images carry.
mkdir "$scratch/slimroot"
tar -C "$scratch/slimroot" -xf "$rootfs_tar"
rm -rf "$scratch/slimroot/var/lib/apt/lists/"* "$scratch/slimroot/var/cache/apt/"*.bin
mkdir -p "$scratch/slimroot/var/lib/apt/lists/partial"
cat > "$scratch/slimroot/etc/apt/apt.conf.d/docker-clean" <<'EOF'
DPkg::Post-Invoke { "rm -f /var/cache/apt/archives/*.deb /var/cache/apt/archives/partial/*.deb /var/cache/apt/*.bin || true"; };
APT::Update::Post-Invoke { "rm -f /var/cache/apt/archives/*.deb /var/cache/apt/archives/partial/*.deb /var/cache/apt/*.bin || true"; };
Dir::Cache::pkgcache "";
Dir::Cache::srcpkgcache "";
EOF
echo 'Acquire::Languages "none";' > "$scratch/slimroot/etc/apt/apt.conf.d/docker-no-languages"
tar -C "$scratch/slimroot" -c . | podman import --quiet - docker.io/library/debian:bookworm-slim >/dev/null
rm -rf "$scratch/slimroot"

# Swift stand-in: the official image's apt packages; the toolchain is mounted at build time.
mkdir "$scratch/standin"
cat > "$scratch/standin/Containerfile" <<'EOF'
FROM localhost/insetd-proof-base:bookworm
RUN apt-get update \
 && DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends \
      binutils git gnupg2 libc6-dev libcurl4-openssl-dev libedit2 libgcc-12-dev libpython3-dev \
      libsqlite3-0 libstdc++-12-dev libxml2-dev libncurses-dev libz3-dev pkg-config tzdata zlib1g-dev \
      libmicrohttpd-dev \
 && rm -rf /var/lib/apt/lists/*
ENV PATH=/opt/swift/usr/bin:/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin
RUN git config --system url./opt/swift-packages/.insteadOf https://github.com/
RUN mkdir -p /usr/libexec && ln -s /opt/swift/usr/libexec/swift /usr/libexec/swift
EOF
podman build --quiet --pull=never --format docker -t docker.io/library/swift:6.3-bookworm \
    "$scratch/standin" >"$scratch/standin.log" 2>&1 \
    || { tail -n 30 "$scratch/standin.log"; die "Swift stand-in image failed"; }
say "base images ready in $(since "$t0") s"

# ---- the real Dockerfile ------------------------------------------------------------------
say "podman build --format docker $root (Dockerfile as written)"
t_build=$(now)
if ! podman build --pull=never --format docker \
        --volume /opt/swift:/opt/swift:ro --volume /opt/swift-packages:/opt/swift-packages:ro \
        -t localhost/insetd:proof -f "$root/Dockerfile" "$root" >"$scratch/build.log" 2>&1; then
    tail -n 40 "$scratch/build.log"
    die "image build failed"
fi
build_time=$(since "$t_build")
grep -E "Build complete|Compiling|Computed|resolved" "$scratch/build.log" | tail -n 3 || true
say "built in $build_time s"

[ "$(podman image inspect --format '{{.Config.User}}' localhost/insetd:proof)" = "10001:10001" ] \
    || die "image does not run as the non-root user 10001"
podman image inspect --format '{{json .Config.Healthcheck}}' localhost/insetd:proof | grep -q '"probe"' \
    || die "image has no HEALTHCHECK (was --format docker lost?)"

# ---- run on loopback ----------------------------------------------------------------------
# Two free loopback ports at once (both sockets open), so that they differ.
read -r port admin_port < <(python3 -c '
import socket
s = [socket.socket() for _ in range(2)]
for x in s: x.bind(("127.0.0.1", 0))
print(*(x.getsockname()[1] for x in s))')
url=http://127.0.0.1:$port
admin_url=http://127.0.0.1:$admin_port
say "podman run -p 127.0.0.1:$port:8080 -p 127.0.0.1:$admin_port:9090 (admin listener, read-only root, no capabilities, as in deploy/kubernetes)"
podman run -d --name "$cname" -p "127.0.0.1:$port:8080" -p "127.0.0.1:$admin_port:9090" \
    -e INSETD_ADMIN_ADDRESS=0.0.0.0:9090 \
    --read-only --cap-drop ALL --security-opt no-new-privileges \
    localhost/insetd:proof >/dev/null 2>"$scratch/run.err" \
    || { cat "$scratch/run.err"; die "podman run failed"; }
up=0
for _ in $(seq 1 50); do
    if curl -fsS --max-time 2 -o "$scratch/healthz.json" "$url/healthz" 2>/dev/null; then up=1; break; fi
    [ "$(podman inspect --format '{{.State.Running}}' "$cname")" = "true" ] || break
    sleep 0.2
done
if [ "$up" -ne 1 ]; then
    echo "--- container log"; podman logs "$cname" 2>&1 | tail -n 20
    die "GET /healthz did not answer 200 within 10 s"
fi
python3 -c 'import json,sys; b=json.load(open(sys.argv[1])); assert b=={"status":"ok"}, b' "$scratch/healthz.json" \
    || die "/healthz body is not {\"status\":\"ok\"}"
echo "GET /healthz: 200 $(cat "$scratch/healthz.json")"

podman healthcheck run "$cname" >/dev/null 2>&1 || die "the image's HEALTHCHECK (insetd probe) failed"
echo "HEALTHCHECK (insetd probe): healthy"

# As deploy/kubernetes probes and scrapes it: the admin listener answers /healthz, /readyz
# and /metrics; the public port then has no /metrics.
for path in /healthz /readyz /metrics; do
    status=$(curl -sS --max-time 2 -o /dev/null -w '%{http_code}' "$admin_url$path") || status=none
    [ "$status" = 200 ] || die "admin listener: GET $path answered $status"
done
status=$(curl -sS --max-time 2 -o /dev/null -w '%{http_code}' "$url/metrics") || status=none
[ "$status" = 404 ] || die "public port: GET /metrics answered $status with the admin listener on (expected 404)"
echo "admin listener: /healthz, /readyz, /metrics 200; public /metrics 404"

# One /layout scenario: the first expected-200 one; the answer must contain the expectation.
python3 - "$scenario_file" "$scratch" <<'PY'
import json, sys
s = next(s for s in json.load(open(sys.argv[1])) if s["request"]["path"] == "/layout" and s["expect"]["status"] == 200)
json.dump(s["request"]["body"], open(f"{sys.argv[2]}/layout-body.json", "w"))
json.dump(s["expect"]["json"], open(f"{sys.argv[2]}/layout-expect.json", "w"))
open(f"{sys.argv[2]}/layout-name", "w").write(s["name"])
PY
status=$(curl -sS --max-time 10 -o "$scratch/layout-out.json" -w '%{http_code}' \
    -H 'Content-Type: application/json' --data-binary "@$scratch/layout-body.json" "$url/layout")
[ "$status" = 200 ] || { head -c 400 "$scratch/layout-out.json"; echo; die "POST /layout answered $status"; }
python3 - "$scratch/layout-expect.json" "$scratch/layout-out.json" <<'PY' || die "POST /layout answer differs from the scenario"
import json, sys
def contains(want, got, at="") -> bool:
    if isinstance(want, dict):
        return isinstance(got, dict) and all(k in got and contains(v, got[k], f"{at}/{k}") for k, v in want.items()) or fail(at, want, got)
    if isinstance(want, (int, float)) and not isinstance(want, bool):
        return isinstance(got, (int, float)) and abs(want - got) < 1e-9 or fail(at, want, got)
    return want == got or fail(at, want, got)
def fail(at, want, got):
    print(f"at {at or '/'}: expected {json.dumps(want)[:200]}, got {json.dumps(got)[:200]}"); return False
sys.exit(0 if contains(json.load(open(sys.argv[1])), json.load(open(sys.argv[2]))) else 1)
PY
echo "POST /layout \"$(cat "$scratch/layout-name")\": 200, matches the scenario"

# ---- SIGTERM drain --------------------------------------------------------------------------
say "SIGTERM: the container must exit 0 within ${grace} s"
t_stop=$(now)
podman kill --signal TERM "$cname" >/dev/null
if ! code=$(timeout "$grace" podman wait "$cname"); then
    echo "--- container log"; podman logs "$cname" 2>&1 | tail -n 20
    die "still running ${grace} s after SIGTERM"
fi
stop_time=$(since "$t_stop")
[ "$code" = 0 ] || { podman logs "$cname" 2>&1 | tail -n 20; die "exit status $code after SIGTERM"; }
echo "exited 0 in $stop_time s after SIGTERM"

# ---- figures -------------------------------------------------------------------------------
size=$(podman image inspect --format '{{.Size}}' localhost/insetd:proof)
base=$(podman image inspect --format '{{.Size}}' docker.io/library/debian:bookworm-slim)
say "container proof passed"
printf 'image localhost/insetd:proof: %s MB (base stand-in %s MB), build %s s, SIGTERM to exit %s s\n' \
    "$((size / 1000000))" "$((base / 1000000))" "$build_time" "$stop_time"
