"""sigterm: SIGTERM with connections open, and every server of the run."""
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


def case_sigterm(opts, results):
    server = Server(opts, "sigterm").start()
    idle = connect(server.port, "127.22.0.5")
    half = connect(server.port, "127.22.0.6")
    half.sendall(b"GET /healthz HTTP/1.1\r\nHost: x\r\nX-Half: ")
    keep = connect(server.port, "127.22.0.7")
    keep.sendall(b"GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n")
    try:
        Reader(keep).response(now() + 3.0, label="GET /healthz (keep-alive)")
    except (OSError, Closed, ValueError):
        pass
    stop = server.stop()
    for s in (idle, half, keep):
        reset_close(s)
    budget = DRAIN_DELAY + DRAIN_TIMEOUT + 2
    results.add("sigterm", "sigterm with idle, half-header and keep-alive connections open", stop["ok"],
                f"{describe_stop(stop)} (allowed exit 0 within {budget:g} s)", stop)


def sigterm_summary(results, budget):
    stops = [s for s in Server.all_stops if s.get("server") != "sigterm"]
    if not stops:
        return
    terms = [s for s in stops if s.get("signal") in ("TERM", None)]
    ok = [s for s in terms if s["ok"]]
    killed = [s for s in stops if s.get("signal") == "KILL"]
    bad = [f"{s['server']}: {describe_stop(s)}" for s in terms if not s["ok"]]
    slowest = max((s["seconds"] for s in ok), default=0.0)
    text = (f"{len(ok)}/{len(terms)} servers of the run exited 0 within {budget:g} s of SIGTERM (slowest {slowest:.1f} s)"
            + (f"; {len(killed)} killed by the suite before (safety cap)" if killed else "")
            + (f"; failed: {'; '.join(bad[:4])}" + (" ..." if len(bad) > 4 else "") if bad else ""))
    results.add("sigterm", "sigterm of every server in the run", len(ok) == len(terms), text,
                {"servers": len(terms), "ok": len(ok), "killed": len(killed), "failed": bad})
