"""framing: RFC 9112 section 6 framings a proxy could be smuggled past, and bodies over the limit."""
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


FRAMING_400 = [
    ("TE chunked + CL, a request smuggled after the body",
     b"POST /layout HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 7\r\n"
     b"Transfer-Encoding: chunked\r\n\r\n2\r\n{}\r\n0\r\n\r\nGET /smuggled HTTP/1.1\r\nHost: x\r\n\r\n"),
    ("two Content-Length, same value",
     b"POST /layout HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 2\r\nContent-Length: 2\r\n\r\n{}"),
    ("two Content-Length, different values",
     b"POST /layout HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 2\r\nContent-Length: 40\r\n\r\n{}"),
    ("chunked twice in one field",
     b"POST /layout HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked, chunked\r\n\r\n2\r\n{}\r\n0\r\n\r\n"),
    ("two Transfer-Encoding fields, chunked twice",
     b"POST /layout HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\nTransfer-Encoding: chunked\r\n\r\n2\r\n{}\r\n0\r\n\r\n"),
    ("two Transfer-Encoding fields, chunked then gzip",
     b"POST /layout HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\nTransfer-Encoding: gzip\r\n\r\n2\r\n{}\r\n0\r\n\r\n"),
    ("chunked not last (chunked, gzip)",
     b"POST /layout HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked, gzip\r\n\r\n2\r\n{}\r\n0\r\n\r\n"),
    ("space before the colon: Content-Length",
     b"POST /layout HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length : 2\r\n\r\n{}"),
    ("space before the colon: Transfer-Encoding",
     b"POST /layout HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nTransfer-Encoding : chunked\r\n\r\n2\r\n{}\r\n0\r\n\r\n"),
]


def framing_check(server, raw, want_status, want_type, source="127.22.0.1", timeout=3.0):
    response, elapsed, after, error = request(server.port, raw, source, timeout=timeout, method="POST",
                                              label=raw.split(b"\r\n")[0].decode(), wait_close=2.0)
    if response is None:
        return False, f"no answer in {elapsed:.1f} s ({error})"
    kind = response.problem_type()
    content_type = response.header("Content-Type")
    ok = (response.status == want_status and kind == want_type and after == "closed"
          and (content_type or "").startswith("application/problem+json"))
    what = f"{response.brief()}" + ("" if kind or not content_type else f" ({content_type})")
    if after == "more data":
        what += ", then MORE DATA (a second answer)"
    else:
        what += f", then {after}"
    return ok, what


def case_framing(opts, results):
    server = Server(opts, "framing").start()
    try:
        for name, raw in FRAMING_400:
            ok, what = framing_check(server, raw, 400, "/problems/bad-request")
            results.add("framing", f"framing {name}", ok, f"{what} (want 400 /problems/bad-request, closed)")
        ok, what = framing_check(server, b"POST /layout HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
                                 b"Transfer-Encoding: gzip\r\n\r\n", 501, "/problems/not-implemented")
        results.add("framing", "framing Transfer-Encoding: gzip", ok, f"{what} (want 501 /problems/not-implemented, closed)")
        for value in ("9223372036854775808", "18446744073709551615"):
            raw = (b"POST /layout HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: "
                   + value.encode() + b"\r\n\r\n")
            ok, what = framing_check(server, raw, 413, "/problems/payload-too-large")
            results.add("framing", f"framing Content-Length {value}", ok,
                        f"{what}, no body byte sent (want 413 /problems/payload-too-large, closed)")
        chunked_over_limit(server, results)
    finally:
        server.stop()


def server_read(port, client_port):
    """Bytes the server has read off the connection from `client_port` (its socket's
    bytes_received less its Recv-Q), or None when the socket is gone."""
    out = subprocess.run(["ss", "-tinH", f"( sport = :{port} and dport = :{client_port} )"],
                         capture_output=True, text=True).stdout
    received = re.search(r"bytes_received:(\d+)", out)
    lines = out.split("\n")
    if not received or not lines[0].split():
        return None
    return int(received.group(1)) - int(lines[0].split()[1])


def stream_chunked(server, chunk, offer, give_up_s, pace=None, source="127.22.0.2", linger=0.0):
    """Sends a chunked POST /layout whose body is `chunk` (framed chunks) repeated up to
    `offer` wire bytes or for `give_up_s` s, `pace` s between sends, and never ends it.
    Whether the server cut the connection while the body was still coming, after how many
    bytes (the client's count, and the server's own read as `ss` last saw it, sampled
    every 20 ms), and, if not cut, what happened within `linger` s after the offer."""
    s = connect(server.port, source, timeout=3.0)
    s.setsockopt(socket.SOL_SOCKET, socket.SO_SNDBUF, 256 << 10)
    client_port = s.getsockname()[1]
    seen = {"read": 0}
    halt = threading.Event()

    def sample():
        while not halt.is_set():
            value = server_read(server.port, client_port)
            if value is not None:
                seen["read"] = max(seen["read"], value)
            halt.wait(0.02)
    sampler = threading.Thread(target=sample, daemon=True)
    sampler.start()
    s.sendall(b"POST /layout HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n")
    start = now()
    sent = 0
    cut = None
    after = None
    s.settimeout(0.5)
    try:
        while sent < offer and now() - start < give_up_s:
            try:
                sent += s.send(chunk)
            except socket.timeout:
                pass
            except OSError as error:
                cut = type(error).__name__
                break
            if pace:
                time.sleep(pace)
        took = now() - start
        if cut is None and linger > 0:
            ended = now()
            s.settimeout(linger)
            try:
                data = s.recv(65536)
                after = (f"answered {bytes(data[:12])!r}, " if data else "") + f"closed {now() - ended:.1f} s after the offer"
            except socket.timeout:
                after = f"still open {linger:g} s after the offer"
            except OSError as error:
                after = f"{type(error).__name__} {now() - ended:.1f} s after the offer"
    finally:
        halt.set()
        sampler.join(2)
        reset_close(s)
    return {"cut": cut, "sent": sent, "seconds": round(took, 2), "server_read": seen["read"], "after_offer": after}


def chunked_over_limit(server, results):
    chunk = b"10000\r\n" + b"a" * 65536 + b"\r\n"
    offer = 50_000_000
    f = stream_chunked(server, chunk, offer, give_up_s=10, linger=CONNECTION_TIMEOUT + 2)
    allowed = MAX_BODY + (1 << 20)
    allowed_sent = 16 << 20     # the limit, plus what socket buffers may hold when it is cut
    ok = f["cut"] is not None and f["server_read"] <= allowed and f["sent"] <= allowed_sent
    text = (f"offered {mb(offer)} in 64 KiB chunks against --max-body-bytes {MAX_BODY}: "
            + (f"cut ({f['cut']}) after {f['seconds']:.1f} s" if f["cut"] else f"NOT cut while it came ({f['seconds']:.1f} s)")
            + f", client sent {mb(f['sent'])} (allowed {mb(allowed_sent)}), server read at least {mb(f['server_read'])}"
            + f" (allowed {mb(allowed)})"
            + (f"; then {f['after_offer']}" if f["after_offer"] else ""))
    results.add("framing", "framing chunked body over the limit", ok, text, f)
