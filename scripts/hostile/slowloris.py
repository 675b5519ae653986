"""slowloris: headers and bodies trickled a byte at a time."""
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


def case_slowloris(opts, results, slack):
    body_count, header_count = 32, SLOWLORIS_LIMIT + 32
    server = Server(opts, "slowloris", ["--connection-limit", str(SLOWLORIS_LIMIT)]).start()
    admin = Prober(server.admin_port, "127.0.0.201", "admin"); admin.start()
    public = Prober(server.port, "127.0.0.200", "public"); public.start()
    selector = selectors.DefaultSelector()
    conns = []      # dicts: sock, kind, start, closed_at, payload, sent
    begin = now()
    try:
        body_head = (b"POST /layout HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
                     b"Content-Length: 100000\r\n\r\n")
        header_payload = b"GET /healthz HTTP/1.1\r\nHost: x\r\nX-Slow: " + b"a" * 400
        for i in range(body_count + header_count):
            kind = "body" if i < body_count else "header"
            try:
                s = connect(server.port, f"127.20.0.{i % 8 + 1}", timeout=2.0)
            except OSError as error:
                conns.append({"sock": None, "kind": kind, "start": now(), "closed_at": now(), "error": str(error)})
                continue
            conn = {"sock": s, "kind": kind, "start": now(), "closed_at": None, "sent": 0}
            if kind == "body":
                s.sendall(body_head)
                conn["start"] = now()      # the body's clock starts with the complete header
                conn["payload"] = b"[" * 100000
            else:
                conn["payload"] = header_payload
            s.setblocking(False)
            selector.register(s, selectors.EVENT_READ, conn)
            conns.append(conn)
        give_up = now() + max(HEADER_TIMEOUT, CONNECTION_TIMEOUT) + slack + 6
        next_tick = now()
        while now() < give_up and any(c["closed_at"] is None for c in conns):
            timeout = max(0.0, next_tick - now())
            for key, _ in selector.select(timeout):
                conn = key.data
                try:
                    data = conn["sock"].recv(65536)
                except BlockingIOError:
                    continue
                except OSError:
                    data = b""
                if data:
                    conn["answered"] = True
                    continue
                conn["closed_at"] = now()
                selector.unregister(conn["sock"])
            if now() >= next_tick:
                next_tick = now() + 0.5
                for conn in conns:
                    if conn["closed_at"] is not None:
                        continue
                    try:
                        conn["sock"].send(conn["payload"][conn["sent"]:conn["sent"] + 1])
                        conn["sent"] += 1
                    except BlockingIOError:
                        pass
                    except OSError:
                        conn["closed_at"] = now()
                        selector.unregister(conn["sock"])
        left = now()
        for conn in conns:
            if conn.get("sock") is not None:
                reset_close(conn["sock"])
        close_wait, _ = wait_close_wait(server.port)
        end = now()
        a, p = admin.window(begin, end), public.window(begin, end)
        admin_after = healthz(server.admin_port, "127.0.0.201", "admin")
        public_after = healthz(server.port, "127.0.0.200", "public")
        layout = layout_ok(server.port, "127.0.0.202")
    finally:
        selector.close()
        admin.stop(); public.stop()
        server.stop()
    for kind, limit in (("header", HEADER_TIMEOUT), ("body", CONNECTION_TIMEOUT)):
        group = [c for c in conns if c["kind"] == kind]
        times = sorted(c["closed_at"] - c["start"] for c in group if c["closed_at"] is not None)
        open_left = sum(1 for c in group if c["closed_at"] is None)
        late = sum(1 for t in times if t > limit + slack)
        ok = open_left == 0 and late == 0
        dist = (f"closed after min {times[0]:.1f} / median {times[len(times) // 2]:.1f} / max {times[-1]:.1f} s"
                if times else "none closed")
        text = (f"{len(group)} connections (limit {SLOWLORIS_LIMIT}), {dist}"
                f" (allowed {limit + slack:.1f} s), {late} late, {open_left} still open after {left - begin:.0f} s")
        results.add("slowloris", f"slowloris {kind}", ok, text,
                    {"count": len(group), "closed_s": [round(t, 2) for t in times], "late": late, "open": open_left})
    ok = a["ok"] and p["ok"] and close_wait == 0 and admin_after[0] and public_after[0] and layout[0]
    results.add("slowloris", "slowloris health", ok,
                f"/healthz throughout: admin {a['text']}, public {p['text']}; CLOSE-WAIT {close_wait} 5 s after; "
                f"then admin {fmt_check(admin_after)}, public {fmt_check(public_after)}, /layout {layout[1]}",
                {"admin": a, "public": p, "close_wait": close_wait, "public_after": fmt_check(public_after),
                 "layout_after": layout[1]})
