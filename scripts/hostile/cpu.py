"""cpu: one valid /layout/matrix request costs CPU in proportion to its size and the node
states it asks for, not to its whitespace times its combinations: the body is parsed once
however many combinations it has (API.md "Memory"). The body the reliability probe named:
1,000 distinct systemVersions, a keyboard (which makes each combination's window and keyboard
depend on its screen), about 1 MB of whitespace inside root, ?fields=contentInset, CSV."""
import json
import os

from .server import Server
from .wire import request

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
        body = matrix_body()
        raw = (f"POST /layout/matrix?fields=contentInset HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
               f"Accept: text/csv\r\nContent-Length: {len(body)}\r\nConnection: close\r\n\r\n").encode() + body
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
