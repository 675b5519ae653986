"""nonreaders: clients that never read the largest /layout answer."""
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
from .probes import *  # noqa: F401,F403


def largest_layout_body(id_bytes=256):
    """99 plain views (a root and 98 subviews; 99 x 1,001 node states is within the 100,000
    cap) with ids of `id_bytes`, and 1,000 steps each moving one view."""
    ids = [f"v{i:02d}-".ljust(id_bytes, "x") for i in range(99)]
    subviews = [{"id": ids[i], "frame": {"x": 0, "y": 8 * i, "width": 300, "height": 40}} for i in range(1, 99)]
    steps = [{"frames": {ids[1 + k % 98]: {"x": k % 13, "y": 8 * (1 + k % 98) - 60, "width": 300, "height": 40}}}
             for k in range(1000)]
    body = {"device": "iphone-x", "root": {"id": ids[0], "subviews": subviews}, "steps": steps}
    return json.dumps(body, separators=(",", ":")).encode()


class Sampler(threading.Thread):
    """Samples the server's VmRSS (every 50 ms) and its sockets' buffers (every 0.5 s);
    kills it when RSS passes the safety cap."""

    def __init__(self, server, cap):
        super().__init__(daemon=True)
        self.server = server
        self.cap = cap
        self.rss = []           # (t, bytes)
        self.total = []         # (t, rss + socket buffers)
        self.buffers = []       # (t, bytes)
        self.killed_at = None
        self.halt = threading.Event()

    def run(self):
        next_ss = 0.0
        while not self.halt.is_set() and self.server.alive():
            rss = self.server.rss()
            if rss is None:
                break
            t = now()
            self.rss.append((t, rss))
            if rss > self.cap:
                self.killed_at = (t, rss)
                self.server.kill(f"RSS {mib(rss)} passed the safety cap {mib(self.cap)}")
                break
            if t >= next_ss:
                buffers = socket_buffers(self.server.port)
                self.buffers.append((t, buffers))
                self.total.append((t, rss + buffers))
                next_ss = t + 0.5
            self.halt.wait(0.05)

    def stop(self):
        self.halt.set()
        self.join(5)

    @staticmethod
    def peak(series, begin, end=None):
        values = [v for t, v in series if t >= begin and (end is None or t <= end)]
        return max(values) if values else None


def case_nonreaders(opts, results):
    clients = opts.nonreader_clients
    budget = opts.rss_budget_mib << 20
    cap = max(opts.safety_cap_mib << 20, 2 * budget)
    body = largest_layout_body()
    server = Server(opts, "nonreaders", ["--connection-limit", str(clients)]).start()
    sampler = Sampler(server, cap); sampler.start()
    admin = Prober(server.admin_port, "127.0.0.201", "admin"); admin.start()
    sockets = []
    heads = {"200": 0, "503": 0, "other": 0, "none": 0}
    bad_503 = []
    try:
        time.sleep(0.3)
        baseline = server.rss()
        # One client that reads: the answer's size (and that the body is valid).
        response, elapsed, _, error = request(server.port, post("/layout", body), "127.21.0.250", timeout=60.0,
                                              label="POST /layout (largest)")
        answer = f"{response.status}, {mb(response.body_length)} in {elapsed:.1f} s" if response else f"no answer ({error})"
        valid = response is not None and response.status == 200
        time.sleep(0.5)
        begin = now()
        raw = post("/layout", body)
        sockets = [None] * clients
        send_errors = []

        def send(i):
            # Connected and sent from a thread each: a server thread busy with one answer
            # must not hold up the other clients' requests.
            try:
                s = connect(server.port, f"127.21.0.{i % 16 + 1}", timeout=opts.hold)
                sockets[i] = s
                s.sendall(raw)
            except OSError as error:
                send_errors.append(type(error).__name__)
        senders = [threading.Thread(target=send, args=(i,), daemon=True) for i in range(clients)]
        for sender in senders:
            sender.start()
        deadline = begin + opts.hold
        while now() < deadline and server.alive():
            time.sleep(0.1)
        hold_end = now()
        public_check = healthz(server.port, "127.0.0.200", "public")
        for sender in senders:
            sender.join(0.1)
        sockets = [s for s in sockets if s is not None]
        # Each client now reads its answer's head.
        for s in sockets:
            reader = Reader(s)
            try:
                status, _, headers = reader.head(now() + 2.0)
            except (OSError, Closed, ValueError, IndexError):
                heads["none"] += 1
                continue
            response = Response(status, "", headers, None, 0)
            if status == 503:
                heads["503"] += 1
                try:
                    remaining = int(response.header("Content-Length") or 0)
                    while len(reader.buf) < remaining:
                        reader._fill(now() + 2.0)
                    response.body = bytes(reader.buf[:remaining])
                except (OSError, Closed, ValueError):
                    pass
                if response.header("Retry-After") is None or response.problem_type() != "/problems/overloaded":
                    bad_503.append(f"Retry-After {response.header('Retry-After')!r}, type {response.problem_type()!r}")
            elif status == 200:
                heads["200"] += 1
            else:
                heads["other"] += 1
            record_answer("POST /layout (non-reader)", "public", response)
        for s in sockets:
            reset_close(s)
        sockets = []
        left = now()
        # Released: the server's own count of bytes held for clients (request bodies and
        # answers) falls back to nothing. RSS itself stays near its peak: glibc keeps freed
        # memory for the next requests (AllocatorTuning's trim threshold), which a second wave
        # reuses rather than adds to.
        settled = None
        held = None
        while now() - left < 5.0 and server.alive():
            held = bytes_in_flight(server.admin_port)
            if held is not None and held <= SETTLED_BYTES:
                settled = now() - left
                break
            time.sleep(0.1)
        after_rss = server.rss()
        end = now()
    finally:
        for s in sockets:
            if s is not None:
                reset_close(s)
        admin.stop()
        sampler.stop()
        server.stop()
    peak_rss = Sampler.peak(sampler.rss, begin, hold_end)
    peak_total = Sampler.peak(sampler.total, begin, hold_end)
    peak_buffers = Sampler.peak(sampler.buffers, begin, hold_end)
    a = admin.window(begin, end)
    killed = sampler.killed_at
    memory_ok = killed is None and peak_total is not None and peak_total <= budget and (peak_rss or 0) <= budget
    heads_ok = heads["none"] == 0 and heads["other"] == 0 and not bad_503 and killed is None
    settle_ok = settled is not None
    text = (f"{clients} clients (--connection-limit {clients}), body {len(body) / 1000:.0f} KB, one read answer {answer}; "
            f"baseline RSS {mib(baseline)}, peak RSS {mib(peak_rss)}, socket buffers {mib(peak_buffers)}, "
            f"peak RSS+buffers {mib(peak_total)} (budget {mib(budget)})"
            + (f"; KILLED at RSS {mib(killed[1])} {killed[0] - begin:.1f} s in (safety cap {mib(cap)})" if killed else ""))
    results.add("nonreaders", "nonreaders memory", memory_ok and valid, text,
                {"clients": clients, "body_bytes": len(body), "answer": answer, "baseline_rss": baseline,
                 "peak_rss": peak_rss, "peak_socket_buffers": peak_buffers, "peak_total": peak_total,
                 "budget": budget, "killed": killed is not None})
    text = (f"heads after {hold_end - begin:.1f} s{' (server killed)' if killed else ''}: 200 x{heads['200']}, 503 x{heads['503']}, other x{heads['other']}, "
            f"none x{heads['none']}" + (f"; bad 503s: {bad_503[:2]}" if bad_503 else "")
            + (f"; {len(send_errors)} clients could not connect or send ({', '.join(sorted(set(send_errors)))})" if send_errors else ""))
    results.add("nonreaders", "nonreaders answers", heads_ok, text, {"heads": heads, "bad_503": bad_503})
    results.add("nonreaders", "nonreaders health", a["ok"],
                f"/healthz during: admin {a['text']}; public at the end of the hold (no evictable connection,"
                f" not required): {fmt_check(public_check)}",
                {"admin": a, "public_at_hold_end": fmt_check(public_check)})
    results.add("nonreaders", "nonreaders settle", settle_ok,
                ("the server was killed at the safety cap" if killed else
                 f"insetd_bytes_in_flight {held} B" + (f" (at most {SETTLED_BYTES} B) {settled:.1f} s" if settled is not None else f", over {SETTLED_BYTES} B 5 s")
                 + f" after the clients left; RSS then {mib(after_rss)}"),
                {"after_rss": after_rss, "settled_s": settled, "bytes_in_flight": held})
