"""nosniff: every answer of the run carries X-Content-Type-Options: nosniff."""
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


def case_nosniff(opts, results):
    server = Server(opts, "nosniff").start()
    source = "127.22.0.4"
    tour = [
        ("public", get("/healthz"), "GET"), ("public", get("/readyz"), "GET"),
        ("public", get("/devices"), "GET"), ("public", get("/devices/iphone-x"), "GET"),
        ("public", get("/devices/nope"), "GET"), ("public", get("/devices/iphone-x/emulation", extra="Accept: image/png\r\n"), "GET"),
        ("public", get("/openapi.yaml"), "GET"), ("public", get("/"), "GET"), ("public", get("/metrics"), "GET"),
        ("public", get("/nowhere"), "GET"),
        ("public", b"DELETE /devices HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n", "DELETE"),
        ("public", b"OPTIONS /layout HTTP/1.1\r\nHost: x\r\nOrigin: http://a.example\r\nAccess-Control-Request-Method: POST\r\nConnection: close\r\n\r\n", "OPTIONS"),
        ("public", b"HEAD /healthz HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n", "HEAD"),
        ("public", post("/layout", LAYOUT_SMALL), "POST"), ("public", post("/layout", b"{}"), "POST"),
        ("public", post("/layout", b"{x"), "POST"), ("public", post("/layout", b"{}", content_type="text/plain"), "POST"),
        ("public", b"POST /layout HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 2000000\r\nConnection: close\r\n\r\n", "POST"),
        ("admin", get("/healthz"), "GET"), ("admin", get("/readyz"), "GET"), ("admin", get("/metrics"), "GET"),
        ("admin", get("/devices"), "GET"),
    ]
    try:
        for kind, raw, method in tour:
            port = server.port if kind == "public" else server.admin_port
            if port is None:
                continue
            request(port, raw, source, timeout=5.0, method=method, port_kind=kind)
    finally:
        server.stop()
    with ANSWERS_LOCK:
        answers = list(ANSWERS)
    exempt = 0
    missing = {}
    for label, kind, status, headers in answers:
        names = {name.lower(): value for name, value in headers}
        if "content-type" not in names and status in MHD_OWN_STATUSES:
            exempt += 1
            continue
        if names.get("x-content-type-options", "").lower() != "nosniff":
            key = f"{kind} {label} -> {status}"
            missing[key] = missing.get(key, 0) + 1
    listed = "; ".join(f"{k} x{v}" if v > 1 else k for k, v in list(missing.items())[:6])
    text = (f"{len(answers) - exempt - sum(missing.values())}/{len(answers) - exempt} answers carry it"
            f" ({exempt} libmicrohttpd pages exempt)" + (f"; without: {listed}" + (" ..." if len(missing) > 6 else "") if missing else ""))
    results.add("nosniff", "nosniff on every answer", not missing, text,
                {"answers": len(answers), "exempt": exempt, "missing": missing})
