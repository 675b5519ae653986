#!/usr/bin/env bash
# Validates deploy/kubernetes offline: renders it with `kubectl kustomize`, then checks every
# resource with kubernetes-validate --strict (schemas ship in the wheel; unknown fields fail)
# against the newest schema set and the oldest Kubernetes version supported here, and checks
# the invariants the manifests promise (probes, security context, grace period, scraping).
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
need(c["readinessProbe"]["httpGet"]["path"] == "/readyz", "readiness probe on /readyz")
need(c["livenessProbe"]["httpGet"]["path"] == "/healthz", "liveness probe on /healthz")
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
need("replicas" not in docs["Deployment"]["spec"], "no replicas in the Deployment (the HPA owns the count)")
for p in problems: print(f"FAIL: {p}")
if problems: sys.exit(1)
print(f"kubernetes invariants: {len(docs)} resources, all checks passed")
PY
