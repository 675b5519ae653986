"""cpu: one valid /layout/matrix request costs CPU in proportion to its size and the node
states it asks for, not to its whitespace times its combinations: the body is parsed once
however many combinations it has (API.md "Memory"). The body the reliability probe named:
1,000 distinct systemVersions, a keyboard (which makes each combination's window and keyboard
depend on its screen), about 1 MB of whitespace inside root, ?fields=contentInset, CSV. And
while 64 clients send such matrices in a loop, the public /healthz still answers in time."""
import json
import multiprocessing
import os
import socket
import threading
import time

from .server import HEALTH_LIMIT, Server
from .wire import get, post, request

BURST_CLIENTS = 64
BURST_SECONDS = 8.0

CPU_LIMIT = 0.5  # seconds of the server's CPU for the whole request (a read per combination took 2.6)


def matrix_body(size=1_000_000):
    versions = [round(15 + i * 0.004, 3) for i in range(1000)]
    body = json.dumps({"devices": ["iphone-x"], "orientations": ["portrait"], "systemVersions": versions,
                       "keyboard": {"height": 300},
                       "root": {"id": "r", "keyboardLayoutGuide": True, "subviews": [{"id": "a", "kind": "scrollView"}]}})
    pad = " " * (size - len(body))
    return body.replace('"subviews": [', '"subviews": [' + pad, 1).encode()


def cpu_seconds(pid):
    with open(f"/proc/{pid}/stat") as stat:
        fields = stat.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def case_cpu(opts, results):
    server = Server(opts, "cpu").start()
    try:
        raw = post("/layout/matrix?fields=contentInset", matrix_body(), extra="Accept: text/csv\r\n")
        before = cpu_seconds(server.pid)
        response, _, _, error = request(server.port, raw, "127.26.0.1", timeout=60, method="POST")
        spent = cpu_seconds(server.pid) - before
        what = response.brief() if response else f"no answer ({error})"
        lines = response.body.count(b"\r\n") if response else 0
        ok = response is not None and response.status == 200 and lines == 1001 and spent <= CPU_LIMIT
        results.add("cpu", "cpu a 1 MB matrix of 1,000 versions with a keyboard", ok,
                    f"{what}, {lines} CSV lines, {spent:.2f} s of server CPU (want 200, 1,001 lines, at most {CPU_LIMIT} s)")
    finally:
        server.stop()
    case_healthz_under_matrices(opts, results)


def burst(port, clients, seconds):
    """Runs in a process of its own, so that the probes below do not wait for its threads."""
    raw = post("/layout/matrix?fields=contentInset", matrix_body(200_000), extra="Accept: text/csv\r\n")
    stop = time.monotonic() + seconds

    def client():
        while time.monotonic() < stop:
            try:
                with socket.create_connection(("127.0.0.1", port), timeout=30) as s:
                    s.sendall(raw)
                    while s.recv(65536):
                        pass
            except OSError:
                pass

    threads = [threading.Thread(target=client) for _ in range(clients)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()


def case_healthz_under_matrices(opts, results):
    server = Server(opts, "cpu-burst").start()
    try:
        clients = multiprocessing.Process(target=burst, args=(server.port, BURST_CLIENTS, BURST_SECONDS))
        clients.start()
        time.sleep(1.5)
        latencies = []
        while clients.is_alive() and len(latencies) < 12:
            response, elapsed, _, error = request(server.port, get("/healthz"), "127.26.0.2")
            latencies.append(elapsed if response is not None and response.status == 200 else float("inf"))
            time.sleep(0.3)
        clients.join()
        worst = max(latencies) if latencies else float("inf")
        results.add("cpu", f"cpu public /healthz while {BURST_CLIENTS} clients send matrices", len(latencies) >= 5 and worst <= HEALTH_LIMIT,
                    f"{len(latencies)} probes, slowest {worst * 1000:.0f} ms (want at least 5, each 200 within {HEALTH_LIMIT:g} s)")
    finally:
        server.stop()
