#!/usr/bin/env bash
# Validates deploy/kubernetes offline: renders it with `kubectl kustomize`, then checks every
# resource with kubernetes-validate --strict (schemas ship in the wheel; unknown fields fail)
# against the newest schema set and the oldest Kubernetes version supported here, and checks
# the invariants the manifests promise (probes and scraping on the admin listener, security
# context, grace period).
#   usage: scripts/check-kubernetes.sh        env: INSETD_VENV (scripts/lib/venv.sh),
#          INSETD_K8S_VERSIONS (default "1.37.0 1.30.0")
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
# shellcheck source=lib/venv.sh
. "$root/scripts/lib/venv.sh"
command -v kubectl >/dev/null || { echo "error: kubectl is needed (kustomize)" >&2; exit 1; }
ensure_venv kubernetes-validate==1.37.0

rendered=$(mktemp "${TMPDIR:-/tmp}/insetd-k8s.XXXXXX.yaml")
trap 'rm -f "$rendered"' EXIT
kubectl kustomize "$root/deploy/kubernetes" >"$rendered"
for version in ${INSETD_K8S_VERSIONS:-1.37.0 1.30.0}; do
    "$INSETD_VENV/bin/kubernetes-validate" --strict -k "$version" "$rendered"
done
"$INSETD_VENV/bin/python" - "$rendered" <<'PY'
import sys, yaml
docs = {d["kind"]: d for d in yaml.safe_load_all(open(sys.argv[1])) if d}
problems = []
def need(cond, what):
    if not cond: problems.append(what)
need(set(docs) == {"Deployment", "Service", "HorizontalPodAutoscaler", "PodDisruptionBudget"}, f"kinds: {sorted(docs)}")
pod = docs["Deployment"]["spec"]["template"]
spec, c = pod["spec"], pod["spec"]["containers"][0]
sel = docs["Deployment"]["spec"]["selector"]["matchLabels"]
need(sel and all(pod["metadata"]["labels"].get(k) == v for k, v in sel.items()), "Deployment selector matches its pods")
need(docs["Service"]["spec"]["selector"] == sel, "Service selects the Deployment's pods")
need(docs["PodDisruptionBudget"]["spec"]["selector"]["matchLabels"] == sel, "PDB selects the Deployment's pods")
need(docs["HorizontalPodAutoscaler"]["spec"]["scaleTargetRef"]["name"] == docs["Deployment"]["metadata"]["name"], "HPA targets the Deployment")
env = {e["name"]: e.get("value") for e in c.get("env", [])}
admin_address = env.get("INSETD_ADMIN_ADDRESS") or ""
admin_port = int(admin_address.rsplit(":", 1)[1]) if admin_address.rsplit(":", 1)[-1].isdigit() else None
need(admin_port is not None, f"INSETD_ADMIN_ADDRESS is HOST:PORT (got {admin_address!r})")
ports = {p["name"]: p["containerPort"] for p in c.get("ports", [])}
need(admin_port is not None and ports.get("admin") == admin_port, f"a containerPort named admin on the admin listener's port {admin_port}")
need(ports.get("http") not in (None, admin_port), "the public port and the admin port differ")
def probe_port(kind):
    port = c.get(kind, {}).get("httpGet", {}).get("port")
    return ports.get(port) if isinstance(port, str) else port
need(c.get("readinessProbe", {}).get("httpGet", {}).get("path") == "/readyz", "readiness probe on /readyz")
need(c.get("livenessProbe", {}).get("httpGet", {}).get("path") == "/healthz", "liveness probe on /healthz")
need(c.get("startupProbe", {}).get("httpGet", {}).get("path") == "/healthz", "startup probe on /healthz")
for kind in ("readinessProbe", "livenessProbe", "startupProbe"):
    need(admin_port is not None and probe_port(kind) == admin_port, f"{kind} on the admin port")
service_targets = {p.get("targetPort") for p in docs["Service"]["spec"]["ports"]}
need(not service_targets & {"admin", admin_port}, "the Service does not expose the admin port")
need(spec.get("terminationGracePeriodSeconds", 30) > 5 + 20, "grace period longer than drain delay 5 s + drain timeout 20 s")
need(spec["securityContext"].get("runAsNonRoot") is True, "runAsNonRoot")
need(spec["securityContext"].get("seccompProfile", {}).get("type") == "RuntimeDefault", "seccomp RuntimeDefault")
sc = c["securityContext"]
need(sc.get("readOnlyRootFilesystem") is True, "readOnlyRootFilesystem")
need(sc.get("allowPrivilegeEscalation") is False, "allowPrivilegeEscalation false")
need(sc.get("capabilities", {}).get("drop") == ["ALL"], "capabilities drop ALL")
need(all(k in c["resources"].get(r, {}) for r in ("requests", "limits") for k in ("cpu", "memory")), "cpu and memory requests and limits")
ann = pod["metadata"].get("annotations", {})
need(ann.get("prometheus.io/scrape") == "true" and ann.get("prometheus.io/path") == "/metrics", "Prometheus scrape annotations for /metrics")
need(admin_port is not None and ann.get("prometheus.io/port") == str(admin_port), "Prometheus scrapes the admin port (/metrics is 404 on the public one)")
need("replicas" not in docs["Deployment"]["spec"], "no replicas in the Deployment (the HPA owns the count)")
for p in problems: print(f"FAIL: {p}")
if problems: sys.exit(1)
print(f"kubernetes invariants: {len(docs)} resources, all checks passed")
PY
