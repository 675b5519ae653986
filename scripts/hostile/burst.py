"""burst: bursts of idle connections past the connection limit."""
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


def open_burst(port, n, sources, deadline_s=4.0):
    """Opens `n` non-blocking connections spread over `sources`; waits for the handshakes up
    to `deadline_s`. Returns (sockets, figures)."""
    selector = selectors.DefaultSelector()
    sockets, failed = [], {}
    pending = 0
    for i in range(n):
        s = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        s.setblocking(False)
        try:
            s.setsockopt(socket.IPPROTO_IP, IP_BIND_ADDRESS_NO_PORT, 1)
            s.bind((sources[i % len(sources)], 0))
            code = s.connect_ex((HOST, port))
        except OSError as error:
            code = error.errno
        if code == 0:
            sockets.append(s)
        elif code == errno.EINPROGRESS:
            selector.register(s, selectors.EVENT_WRITE)
            pending += 1
        else:
            failed[errno.errorcode.get(code, str(code))] = failed.get(errno.errorcode.get(code, str(code)), 0) + 1
            s.close()
    deadline = now() + deadline_s
    while pending and now() < deadline:
        for key, _ in selector.select(0.1):
            s = key.fileobj
            selector.unregister(s)
            pending -= 1
            code = s.getsockopt(socket.SOL_SOCKET, socket.SO_ERROR)
            if code == 0:
                sockets.append(s)
            else:
                name = errno.errorcode.get(code, str(code))
                failed[name] = failed.get(name, 0) + 1
                s.close()
    still = [key.fileobj for key in list(selector.get_map().values())]
    selector.close()
    connected = len(sockets)
    sockets.extend(still)       # handshakes still pending: held and closed like the others
    return sockets, {"connected": connected, "pending": len(still), "failed": failed}


def closed_by_server(sockets):
    count = 0
    for s in sockets:
        try:
            if s.recv(1, socket.MSG_PEEK | socket.MSG_DONTWAIT) == b"":
                count += 1
        except BlockingIOError:
            pass
        except OSError:
            count += 1
    return count


def burst_sources(size_index, run, four):
    if four:
        return [f"127.{10 + size_index}.4.{4 * run + k + 1}" for k in range(4)]
    return [f"127.{10 + size_index}.1.{run + 1}"]


def case_burst(opts, results):
    extra = ["--connection-limit", str(opts.connection_limit)] if opts.connection_limit else []
    limit = opts.connection_limit or DEFAULT_LIMIT
    summary = {}
    for size_index, n in enumerate(opts.bursts):
        server = Server(opts, f"burst-{n}", extra).start()
        admin = Prober(server.admin_port, "127.0.0.201", "admin"); admin.start()
        public = Prober(server.port, "127.0.0.200", "public"); public.start()
        try:
            for run in range(opts.runs):
                for four in (False, True):
                    name = f"burst n={n} src={4 if four else 1} run {run + 1}/{opts.runs}"
                    figures = burst_run(server, admin, public, n, burst_sources(size_index, run, four))
                    figures["limit"] = limit
                    key = (n, 4 if four else 1)
                    summary.setdefault(key, []).append(figures)
                    results.add("burst", name, figures["ok"], figures["text"], figures)
                    if figures["wedged"] or not server.alive():
                        # The next run gets a fresh server; this one's SIGTERM is recorded.
                        admin.stop(); public.stop()
                        stop = server.stop()
                        results.note(f"{server.label}: wedged; SIGTERM: {describe_stop(stop)}; a new server for the next run")
                        server = Server(opts, f"burst-{n}", extra).start()
                        admin = Prober(server.admin_port, "127.0.0.201", "admin"); admin.start()
                        public = Prober(server.port, "127.0.0.200", "public"); public.start()
        finally:
            admin.stop(); public.stop()
            server.stop()
    for (n, sources), runs in summary.items():
        passed = sum(1 for f in runs if f["ok"])
        wedged = sum(1 for f in runs if f["wedged"])
        failures = {kind: sum(f[f"{kind}_{phase}"].get("failed", 0) for f in runs for phase in ("during", "after"))
                    for kind in ("admin", "public")}
        probes = {kind: sum(f[f"{kind}_{phase}"].get("samples", 0) for f in runs for phase in ("during", "after"))
                  for kind in ("admin", "public")}
        worst = {kind: max((f[f"{kind}_max_s"] for f in runs if f[f"{kind}_max_s"] is not None), default=None)
                 for kind in ("admin", "public")}
        health = ", ".join(f"{kind} {failures[kind]}/{probes[kind]} failed" + (f" (answered max {worst[kind]:.2f} s)" if worst[kind] is not None else "")
                           if probes[kind] else f"{kind} absent" for kind in ("admin", "public"))
        results.note(f"burst n={n} src={sources}: {passed}/{len(runs)} runs passed, deadlocks {wedged}, "
                     f"CLOSE-WAIT at 5 s max {max(f['close_wait'] for f in runs)}; /healthz probes: {health}")


def burst_run(server, admin, public, n, sources, hold=3.0):
    port = server.port
    begin = now()
    sockets, opened = open_burst(port, n, sources)
    open_s = now() - begin
    time.sleep(hold)
    by_server = closed_by_server(sockets)
    for s in sockets:
        s.close()           # FIN: a server that misses it keeps the socket in CLOSE-WAIT
    left = now()
    close_wait, cw_seconds = wait_close_wait(port)
    # After: explicit checks on new connections.
    admin_after = healthz(server.admin_port, "127.0.0.201", "admin")
    public_after = healthz(port, "127.0.0.200", "public")
    layout = layout_ok(port, "127.0.0.202")
    end = now()
    during_admin = admin.window(begin, left)
    during_public = public.window(begin, left)
    after_admin = admin.window(left, end)
    after_public = public.window(left, end)
    wedged = not public_after[0] and not layout[0] and (public_after[1] is None)
    # The explicit checks stand for the window after the clients left, which may be too short
    # for a probe of its own: only a probe that failed there counts against the run.
    quiet_after = all(w["failed"] == 0 and not w.get("absent") for w in (after_admin, after_public))
    ok = (during_admin["ok"] and during_public["ok"] and quiet_after
          and admin_after[0] and public_after[0] and layout[0] and close_wait == 0 and server.alive())
    failed = ", ".join(f"{k} {v}" for k, v in sorted(opened["failed"].items()))
    text = (f"opened {opened['connected']}/{n} in {open_s:.1f} s"
            + (f" ({opened['pending']} pending" + (f", {failed}" if failed else "") + ")" if opened["pending"] or failed else "")
            + f", {by_server} closed by the server in the hold; /healthz during: admin {during_admin['text']}, public {during_public['text']}"
            + f"; after: admin {fmt_check(admin_after)}, public {fmt_check(public_after)}, /layout {layout[1]}"
            + f"; CLOSE-WAIT {close_wait}" + (f" after {cw_seconds:.1f} s" if close_wait else "")
            + ("; WEDGED (deadlock)" if wedged else "") + ("" if server.alive() else "; server EXITED"))
    return {"ok": ok, "text": text, "n": n, "sources": len(sources), "opened": opened, "open_s": round(open_s, 2),
            "closed_by_server_in_hold": by_server, "close_wait": close_wait, "wedged": wedged,
            "admin_during": during_admin, "public_during": during_public, "admin_after": after_admin,
            "public_after": after_public, "layout_after": layout[1],
            "admin_max_s": max_of(during_admin, after_admin), "public_max_s": max_of(during_public, after_public)}
