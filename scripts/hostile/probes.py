"""What the cases measure with: health probes, the server's figures, socket states, results."""
import errno
import json
import os
import re
import selectors
import signal
import socket
import struct
import subprocess
import sys
import threading
import time

from .server import *  # noqa: F401,F403
from .wire import *  # noqa: F401,F403


# What the server may still count as held for clients once every client has gone: nothing
# but the admin scrape's own answer, which is copied and not counted.
SETTLED_BYTES = 0


def bytes_in_flight(admin_port):
    """insetd_bytes_in_flight from the admin listener's /metrics, or None."""
    response, _, _, error = request(admin_port, get("/metrics"), "127.0.0.201", timeout=3.0, label="GET /metrics", port_kind="admin")
    if error or response is None or response.status != 200 or response.body is None:
        return None
    match = re.search(rb"^insetd_bytes_in_flight (\S+)$", response.body, re.M)
    return int(float(match.group(1))) if match else None


def healthz(port, source, port_kind):
    """One /healthz on a new connection: (ok, latency or None, what)."""
    if port is None:
        return False, None, "absent"
    response, elapsed, _, error = request(port, get("/healthz"), source, timeout=3.0, label="GET /healthz", port_kind=port_kind)
    if error:
        return False, None, error
    ok = response.status == 200 and elapsed <= HEALTH_LIMIT
    return ok, elapsed, str(response.status)


def layout_ok(port, source):
    if port is None:
        return False, "no port"
    response, _, _, error = request(port, post("/layout", LAYOUT_SMALL), source, timeout=3.0, label="POST /layout")
    if error:
        return False, error
    return response.status == 200, str(response.status)


class Prober(threading.Thread):
    """GET /healthz on a new connection every `interval` s; keeps every sample."""

    def __init__(self, port, source, port_kind, interval=0.25):
        super().__init__(daemon=True)
        self.port = port
        self.source = source
        self.port_kind = port_kind
        self.interval = interval
        self.samples = []       # (start, ok, latency or None, what)
        self.halt = threading.Event()

    def run(self):
        if self.port is None:
            return
        while not self.halt.is_set():
            start = now()
            ok, latency, what = healthz(self.port, self.source, self.port_kind)
            self.samples.append((start, ok, latency, what))
            self.halt.wait(max(0.0, self.interval - (now() - start)))

    def stop(self):
        self.halt.set()
        if self.is_alive():
            self.join(5)

    def window(self, begin, end=None):
        """Figures of the samples started in [begin, end]."""
        if self.port is None:
            return {"absent": True, "ok": False, "text": "absent"}
        picked = [s for s in self.samples if s[0] >= begin and (end is None or s[0] <= end)]
        failed = [s for s in picked if not s[1]]
        latencies = [s[2] for s in picked if s[2] is not None]
        worst = max(latencies) if latencies else None
        reasons = sorted({s[3] for s in failed if s[2] is None or s[3] != "200"})
        text = (f"max {worst:.2f} s" if worst is not None else "no answer") + f", {len(failed)}/{len(picked)} failed"
        if reasons:
            text += " (" + ", ".join(reasons)[:80] + ")"
        return {"ok": bool(picked) and not failed, "samples": len(picked), "failed": len(failed),
                "max_s": None if worst is None else round(worst, 3), "text": text}


def close_wait_count(port):
    out = subprocess.run(["ss", "-Htan", "state", "close-wait", f"( sport = :{port} )"],
                         capture_output=True, text=True).stdout
    return sum(1 for line in out.splitlines() if line.strip())


def wait_close_wait(port, window=CLOSE_WAIT_WINDOW):
    """Polls until no server socket is in CLOSE-WAIT or `window` s pass: (count, seconds)."""
    start = now()
    while True:
        count = close_wait_count(port)
        if count == 0 or now() - start >= window:
            return count, now() - start
        time.sleep(0.25)


def socket_buffers(port):
    """Sum of the server sockets' receive and send queues (ss skmem r and w), bytes."""
    out = subprocess.run(["ss", "-Htmn", f"( sport = :{port} )"], capture_output=True, text=True).stdout
    total = 0
    for m in re.finditer(r"skmem:\(r(\d+),rb\d+,t\d+,tb\d+,f\d+,w(\d+)", out):
        total += int(m.group(1)) + int(m.group(2))
    return total


def mib(n):
    return "?" if n is None else f"{n / (1 << 20):.0f} MiB"


def mb(n):
    return f"{n / 1e6:.1f} MB"


# ---------------------------------------------------------------- results

class Results:
    def __init__(self):
        self.items = []

    def add(self, case, name, ok, text, figures=None):
        self.items.append({"case": case, "name": name, "passed": bool(ok), "text": text, "figures": figures or {}})
        print(f"{'PASS' if ok else 'FAIL'} {name}: {text}", flush=True)

    def note(self, text):
        print(f"     {text}", flush=True)


def max_of(*windows):
    values = [w.get("max_s") for w in windows if w.get("max_s") is not None]
    return max(values) if values else None


def fmt_check(check):
    ok, latency, what = check
    if latency is None:
        return what
    return f"{what} in {latency:.2f} s"
