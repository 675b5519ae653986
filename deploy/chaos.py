#!/usr/bin/env python3
"""Chaos test: three insetd replicas on loopback behind HAProxy (deploy/haproxy/haproxy.cfg,
health-checked on each admin port, requests replayed on another replica when a connection
closes without an answer), under steady mixed load (POST /layout, POST /render, GETs):

  1. load for --warmup s;
  2. SIGKILL one replica, restart it at once: it must serve (/readyz 200 on its admin port,
     POST /layout 200 on its public port) within 5 s of the restart;
  3. roll all three with SIGTERM one by one (each drained, exited 0, restarted, serving);
  4. load until --duration s in all.

Prints the counts (requests, answers by status, failed client requests, each event's
timing) and exits 1 unless no client request failed, every restart served within 5 s and
every SIGTERM exited 0.

usage: deploy/chaos.py [--binary PATH] [--duration 60] [--clients 8]
"""
import argparse
import http.client
import json
import os
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "scripts", "lib"))
import launcher  # noqa: E402

SERVE_WITHIN = 5.0
# /readyz 503 for 1 s (HAProxy's checks take it out in 0.5 s), then up to 5 s to finish.
DRAIN = ["--drain-delay", "1s", "--drain-timeout", "5s"]
NAV = {"id": "nav", "viewController": {"kind": "navigation"},
       "subviews": [{"id": "content", "viewController": {"kind": "plain"}}]}
TABLE = {"id": "tabs", "viewController": {"kind": "tabBar"}, "subviews": [
    {"id": "nav", "viewController": {"kind": "navigation"}, "subviews": [
        {"id": "list", "kind": "tableView", "viewController": {}, "contentSize": {"width": 390, "height": 2000},
         "subviews": [{"id": f"row{i}", "kind": "cell"} for i in range(20)]}]}]}
REQUESTS = [
    ("POST", "/layout", {"device": "iphone-15-pro", "root": NAV}),
    ("POST", "/layout", {"device": "ipad-pro-11", "orientation": "landscapeLeft", "root": TABLE}),
    ("POST", "/render", {"device": "iphone-x", "root": NAV, "render": {"node": "content"}}),
    ("GET", "/devices", None),
    ("GET", "/devices/iphone-x", None),
    ("GET", "/devices/iphone-x/render.svg", None),
]


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Replica:
    def __init__(self, binary, name):
        self.binary, self.name = binary, name
        self.port, self.admin = free_port(), free_port()
        self.process = None

    def start(self):
        self.process = launcher.Insetd(self.binary, [
            "--port", str(self.port), "--admin-address", f"127.0.0.1:{self.admin}", "--access-log", "off"] + DRAIN).start()
        return self

    def serving(self):
        """Whether /readyz (admin) and POST /layout (public) both answer 200."""
        try:
            admin = http.client.HTTPConnection("127.0.0.1", self.admin, timeout=1)
            admin.request("GET", "/readyz")
            ready = admin.getresponse().status == 200
            public = http.client.HTTPConnection("127.0.0.1", self.port, timeout=2)
            public.request("POST", "/layout", json.dumps(REQUESTS[0][2]), {"Content-Type": "application/json"})
            return ready and public.getresponse().status == 200
        except OSError:
            return False

    def restart_until_serving(self):
        """Starts the replica again; seconds until it serves, or None past the limit."""
        begin = time.monotonic()
        self.start()
        while time.monotonic() - begin < SERVE_WITHIN + 5:
            if self.serving():
                return time.monotonic() - begin
            time.sleep(0.05)
        return None


class Load:
    """`clients` threads sending REQUESTS in turn over keep-alive connections to HAProxy."""

    def __init__(self, port, clients):
        self.port, self.clients = port, clients
        self.halt = threading.Event()
        self.lock = threading.Lock()
        self.statuses, self.failures, self.sent = {}, [], 0
        self.threads = [threading.Thread(target=self.run, args=(i,), daemon=True) for i in range(clients)]

    def run(self, index):
        connection = None
        turn = index
        while not self.halt.is_set():
            method, path, body = REQUESTS[turn % len(REQUESTS)]
            turn += 1
            try:
                if connection is None:
                    connection = http.client.HTTPConnection("127.0.0.1", self.port, timeout=15)
                data = json.dumps(body).encode() if body is not None else None
                connection.request(method, path, data, {"Content-Type": "application/json"} if data else {})
                response = connection.getresponse()
                response.read()
                ok = 200 <= response.status < 300
                with self.lock:
                    self.sent += 1
                    self.statuses[response.status] = self.statuses.get(response.status, 0) + 1
                    if not ok:
                        self.failures.append(f"{method} {path}: {response.status}")
                if response.getheader("Connection", "").lower() == "close":
                    connection.close()
                    connection = None
            except (OSError, http.client.HTTPException) as error:
                with self.lock:
                    self.sent += 1
                    self.failures.append(f"{method} {path}: {type(error).__name__} {error}")
                connection = None

    def start(self):
        for thread in self.threads:
            thread.start()

    def stop(self):
        self.halt.set()
        for thread in self.threads:
            thread.join(20)


def main():
    parser = argparse.ArgumentParser(description="Three insetd replicas behind HAProxy, killed and rolled under load.")
    parser.add_argument("--binary", default=os.path.join(ROOT, ".build", "release", "insetd"))
    parser.add_argument("--duration", type=float, default=60.0, help="seconds of load in all (default 60)")
    parser.add_argument("--warmup", type=float, default=10.0, help="seconds of load before the kill (default 10)")
    parser.add_argument("--clients", type=int, default=8, help="concurrent client connections (default 8)")
    opts = parser.parse_args()
    if shutil.which("haproxy") is None:
        sys.exit("chaos: haproxy is missing (apt-get install haproxy)")
    replicas = [Replica(opts.binary, f"r{i}") for i in (1, 2, 3)]
    for replica in replicas:
        replica.start()
    front = free_port()
    env = dict(os.environ, CHAOS_BIND=f"127.0.0.1:{front}")
    for i, replica in enumerate(replicas, 1):
        env[f"INSETD_R{i}"] = f"127.0.0.1:{replica.port}"
        env[f"INSETD_A{i}"] = str(replica.admin)
    proxy_log = tempfile.TemporaryFile()
    proxy = subprocess.Popen(["haproxy", "-db", "-f", os.path.join(ROOT, "deploy", "haproxy", "haproxy.cfg")],
                             env=env, stdin=subprocess.DEVNULL, stdout=proxy_log, stderr=subprocess.STDOUT,
                             preexec_fn=launcher._die_with_parent)
    events, ok = [], True
    load = Load(front, opts.clients)
    begin = time.monotonic()
    try:
        time.sleep(1.0)     # HAProxy's first health checks
        load.start()
        time.sleep(opts.warmup)
        victim = replicas[1]
        victim.process.proc.send_signal(signal.SIGKILL)
        victim.process.proc.wait()
        took = victim.restart_until_serving()
        ok &= took is not None and took <= SERVE_WITHIN
        events.append(f"SIGKILL {victim.name}, restarted: serving in " + (f"{took:.2f} s" if took is not None else "NEVER")
                      + f" (allowed {SERVE_WITHIN:g} s)")
        time.sleep(3.0)
        for replica in replicas:
            rc, drained = replica.process.terminate(15)
            took = replica.restart_until_serving()
            ok &= rc == 0 and took is not None and took <= SERVE_WITHIN
            events.append(f"SIGTERM {replica.name}: exit {rc} after {drained:.1f} s, restarted: serving in "
                          + (f"{took:.2f} s" if took is not None else "NEVER"))
            time.sleep(2.0)
        remaining = opts.duration - (time.monotonic() - begin)
        if remaining > 0:
            time.sleep(remaining)
    finally:
        load.stop()
        proxy.terminate()
        proxy.wait()
        for replica in replicas:
            replica.process.terminate(10)
    seconds = time.monotonic() - begin
    failed = len(load.failures)
    statuses = ", ".join(f"{status} x{count}" for status, count in sorted(load.statuses.items()))
    print(f"chaos: {load.sent} requests in {seconds:.0f} s from {opts.clients} clients through HAProxy to 3 replicas; "
          f"answers {statuses}; failed client requests {failed}")
    for event in events:
        print(f"  {event}")
    for failure in load.failures[:10]:
        print(f"  failed: {failure}")
    ok &= failed == 0 and load.sent > 0
    if not ok:
        proxy_log.seek(0)
        print("haproxy's log:\n" + proxy_log.read().decode(errors="replace")[-4000:])
    print(f"chaos: {'PASS' if ok else 'FAIL'}")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
