#!/usr/bin/env python3
"""Hostile-client suite: what insetd does with clients that misbehave (issue 29; API.md
"Connections and framing", the check order of "Endpoints", "Errors").

Starts its own release server per case on 127.0.0.1 (port 0, an admin listener on
another port 0) with short limits, attacks it with raw sockets from 127.0.0.x, and checks:

  burst       N idle connections (default 1,200 and 5,000 against the limit of 1,024),
              from one source address and from four, held 3 s, then closed (FIN):
              /healthz within 1 s during and after, on the admin listener and on the
              public port (an idle connection is evictable, so a new one gets in); no
              server socket in CLOSE-WAIT 5 s after the clients left; /layout answered.
              One server per burst size serves all its runs (restarted after a wedge).
  slowloris   connections trickling a header (one byte per 0.5 s) closed within
              --header-timeout + slack of their accept, and connections trickling a body
              after a complete header closed within --connection-timeout + slack of it; the
              server runs with --connection-limit 128 so that the tricklers fill its table;
              /healthz within 1 s throughout on both listeners.
  nonreaders  the largest /layout answer (99 plain views, 256-byte ids, 1,000 steps each
              moving one view) asked by --connection-limit clients (64, to keep it quick)
              that never read: VmRSS plus the server sockets' buffers (ss skmem r+w) stay
              under the budget (default 256 MiB); admin /healthz within 1 s; each client
              then reads its answer's head: 200, or 503 /problems/overloaded with
              Retry-After, never nothing; 5 s after they left RSS is back under baseline +
              budget/4.
  framing     RFC 9112 section 6 as API.md has it: TE with CL (a request smuggled after the
              chunked body must not be answered), two CL (same and different), chunked
              twice (one field and two), chunked not last, space before the colon (CL and
              TE): 400 /problems/bad-request and closed; TE gzip: 501
              /problems/not-implemented and closed; CL 2^63 and 2^64-1: 413 with no body
              byte sent, and closed; a chunked body offered to 50 MB against
              --max-body-bytes (1 MiB): cut while it comes, the client having sent at
              most 16 MiB and the server having read (ss: bytes_received less Recv-Q)
              at most the limit + 1 MiB.
  endless     a chunked body of 1-byte chunks forever, fast (cut at the body limit) and
              slow (20 chunks/s: cut at --connection-timeout after the header): cut within
              --connection-timeout + slack either way.
  nosniff     every answer insetd made in the run (and a tour of its routes) carries
              X-Content-Type-Options: nosniff; libmicrohttpd's own pages (no Content-Type;
              400, 413, 414, 431, 505) are exempt as API.md says.
  sigterm     SIGTERM with an idle and a half-header connection open exits 0 within
              drain-delay + drain-timeout + 2 s; and so did every other server of the run.

Servers run with --drain-delay 0 --drain-timeout 3s --connection-timeout 4
--header-timeout 2 --admin-address 127.0.0.1:0 --access-log off. --legacy leaves out the
flags today's binary does not know (--header-timeout, --admin-address,
--in-flight-budget-bytes); the admin checks then fail as "absent" and the public port's
figures are still reported. A server that does not exit on SIGTERM is killed (SIGKILL).

usage: scripts/hostile-clients.py [--binary PATH] [--legacy] [--runs K] [--only CASE,...]
                                  [--json PATH] [--bursts 1200,5000] [--rss-budget-mib M]
One PASS/FAIL line per check with its figures; last line `hostile: N passed, M failed`;
exit 1 on any FAIL.
"""
import argparse
import ctypes
import errno
import json
import os
import re
import selectors
import shutil
import signal
import socket
import struct
import subprocess
import sys
import tempfile
import threading
import time

HOST = "127.0.0.1"
DRAIN_DELAY = 0.0
DRAIN_TIMEOUT = 3.0
CONNECTION_TIMEOUT = 4
HEADER_TIMEOUT = 2
DEFAULT_LIMIT = 1024
MAX_BODY = 1 << 20
SLOWLORIS_LIMIT = 128
HEALTH_LIMIT = 1.0          # seconds a /healthz may take
CLOSE_WAIT_WINDOW = 5.0     # seconds after the clients left
IP_BIND_ADDRESS_NO_PORT = getattr(socket, "IP_BIND_ADDRESS_NO_PORT", 24)
MHD_OWN_STATUSES = {400, 413, 414, 431, 505}

LAYOUT_SMALL = b'{"device":"iphone-x","root":{"id":"r","subviews":[{"id":"a","frame":{"x":0,"y":0,"width":10,"height":10}}]}}'

# Every answer parsed in the run: (label, port kind, status, headers), for the nosniff check.
ANSWERS = []
ANSWERS_LOCK = threading.Lock()


def now():
    return time.monotonic()


# ---------------------------------------------------------------- server process

def _die_with_parent():
    # PR_SET_PDEATHSIG: the server dies with this script, whatever ends it.
    ctypes.CDLL("libc.so.6", use_errno=True).prctl(1, signal.SIGKILL)


class StartError(Exception):
    pass


class Server:
    """One insetd process with the suite's short limits."""

    all_stops = []          # what every SIGTERM (or kill) of the run gave
    running = set()

    def __init__(self, opts, label, extra=()):
        self.opts = opts
        self.label = label
        self.extra = list(extra)
        self.proc = None
        self.port = None
        self.admin_port = None
        self.lines = []
        self.stopped = None

    def command(self):
        cmd = [self.opts.binary, "--host", HOST, "--port", "0",
               "--drain-delay", "0", "--drain-timeout", f"{DRAIN_TIMEOUT:g}s",
               "--connection-timeout", str(CONNECTION_TIMEOUT), "--access-log", "off"]
        if not self.opts.legacy:
            cmd += ["--header-timeout", str(HEADER_TIMEOUT), "--admin-address", f"{HOST}:0"]
            if self.opts.in_flight_budget_bytes is not None:
                cmd += ["--in-flight-budget-bytes", str(self.opts.in_flight_budget_bytes)]
        return cmd + self.extra

    def start(self):
        self.stderr = tempfile.TemporaryFile()
        self.proc = subprocess.Popen(self.command(), stdout=subprocess.PIPE, stderr=self.stderr,
                                     stdin=subprocess.DEVNULL, preexec_fn=_die_with_parent)
        Server.running.add(self)
        public, admin = threading.Event(), threading.Event()

        def read():
            for raw in self.proc.stdout:
                line = raw.decode(errors="replace").rstrip("\n")
                self.lines.append(line)
                m = re.search(r"insetd listening on http://127\.0\.0\.1:(\d+)", line)
                if m:
                    self.port = int(m.group(1))
                    public.set()
                m = re.search(r"insetd admin listening on http://127\.0\.0\.1:(\d+)", line)
                if m:
                    self.admin_port = int(m.group(1))
                    admin.set()
        threading.Thread(target=read, daemon=True).start()
        deadline = now() + 15
        while not public.is_set() and now() < deadline and self.proc.poll() is None:
            public.wait(0.05)
        if not public.is_set():
            self.stderr.seek(0)
            text = self.stderr.read().decode(errors="replace")[-2000:]
            if self.alive():
                self.proc.kill()
                self.proc.wait()
            Server.running.discard(self)
            self.stopped = {"server": self.label, "signal": None, "why": "did not start"}
            first = text.strip().splitlines()[:1] or self.lines[:1] or ["(no output)"]
            raise StartError(f"{self.label}: insetd did not start: {first[0]}")
        if not self.opts.legacy:
            admin.wait(2.0)
        return self

    @property
    def pid(self):
        return self.proc.pid

    def alive(self):
        return self.proc is not None and self.proc.poll() is None

    def rss(self):
        """VmRSS in bytes, or None once the process is gone."""
        try:
            with open(f"/proc/{self.pid}/status") as f:
                for line in f:
                    if line.startswith("VmRSS:"):
                        return int(line.split()[1]) * 1024
        except OSError:
            return None
        return None

    def kill(self, why):
        if self.alive():
            self.proc.kill()
            self.proc.wait()
        if self.stopped is None:
            self.stopped = {"server": self.label, "signal": "KILL", "why": why, "ok": None}
            Server.all_stops.append(self.stopped)
        Server.running.discard(self)

    def stop(self):
        """SIGTERM, then SIGKILL if it has not exited within the drain budget + 2 s."""
        if self.stopped is not None:
            return self.stopped
        if self.proc is None:
            return None
        budget = DRAIN_DELAY + DRAIN_TIMEOUT + 2
        if self.proc.poll() is not None:
            result = {"server": self.label, "signal": None, "rc": self.proc.returncode,
                      "seconds": 0.0, "ok": False, "why": "had exited before SIGTERM"}
        else:
            start = now()
            self.proc.send_signal(signal.SIGTERM)
            try:
                rc = self.proc.wait(timeout=budget)
                took = now() - start
                result = {"server": self.label, "signal": "TERM", "rc": rc, "seconds": round(took, 2),
                          "ok": rc == 0 and took <= budget}
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()
                result = {"server": self.label, "signal": "TERM", "rc": None, "seconds": None,
                          "ok": False, "why": f"SIGTERM ignored for {budget:g} s, killed"}
        self.stopped = result
        Server.all_stops.append(result)
        Server.running.discard(self)
        return result


def kill_all_servers(*_):
    for server in list(Server.running):
        server.kill("suite interrupted")


# ---------------------------------------------------------------- HTTP over raw sockets

class Response:
    def __init__(self, status, reason, headers, body, body_length):
        self.status = status
        self.reason = reason
        self.headers = headers          # [(name, value)] as received
        self.body = body                # kept only when small
        self.body_length = body_length

    def header(self, name):
        for key, value in self.headers:
            if key.lower() == name.lower():
                return value
        return None

    def problem_type(self):
        if self.body is None or "problem+json" not in (self.header("Content-Type") or ""):
            return None
        try:
            return json.loads(self.body).get("type")
        except (ValueError, AttributeError):
            return None

    def mhd_page(self):
        """libmicrohttpd's own error page (API.md exempts it from the contract)."""
        return self.header("Content-Type") is None and self.status in MHD_OWN_STATUSES

    def brief(self):
        kind = self.problem_type()
        return f"{self.status}" + (f" {kind}" if kind else "") + (" (libmicrohttpd page)" if self.mhd_page() else "")


class Closed(Exception):
    """The peer closed (EOF or reset) before a complete answer."""


def connect(port, source=None, timeout=3.0):
    s = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    if source:
        s.setsockopt(socket.IPPROTO_IP, IP_BIND_ADDRESS_NO_PORT, 1)
        s.bind((source, 0))
    s.settimeout(timeout)
    s.connect((HOST, port))
    return s


def reset_close(s):
    """Close with RST (no TIME_WAIT left behind on either side)."""
    try:
        s.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
    except OSError:
        pass
    s.close()


class Reader:
    """Reads HTTP/1.1 answers off one socket against a deadline."""

    def __init__(self, sock):
        self.sock = sock
        self.buf = bytearray()

    def _fill(self, deadline):
        remaining = deadline - now()
        if remaining <= 0:
            raise socket.timeout("deadline")
        self.sock.settimeout(remaining)
        try:
            data = self.sock.recv(262144)
        except (ConnectionResetError, BrokenPipeError):
            raise Closed("reset")
        if not data:
            raise Closed("eof")
        self.buf += data

    def _take(self, n):
        out = bytes(self.buf[:n])
        del self.buf[:n]
        return out

    def _line(self, deadline):
        while b"\r\n" not in self.buf:
            self._fill(deadline)
        i = self.buf.index(b"\r\n")
        line = self._take(i)
        self._take(2)
        return line

    def head(self, deadline):
        while b"\r\n\r\n" not in self.buf:
            self._fill(deadline)
        i = self.buf.index(b"\r\n\r\n")
        head = self._take(i).decode("latin-1")
        self._take(4)
        lines = head.split("\r\n")
        parts = lines[0].split(" ", 2)
        status = int(parts[1])
        reason = parts[2] if len(parts) > 2 else ""
        headers = []
        for line in lines[1:]:
            name, _, value = line.partition(":")
            headers.append((name.strip(), value.strip()))
        return status, reason, headers

    def response(self, deadline, method="GET", keep_limit=1 << 20, label="", port_kind="public"):
        status, reason, headers = self.head(deadline)
        response = Response(status, reason, headers, None, 0)
        body = bytearray()
        keep = True
        length = 0

        def add(data):
            nonlocal keep, length
            length += len(data)
            if keep and len(body) + len(data) <= keep_limit:
                body.extend(data)
            else:
                keep = False

        if method == "HEAD" or status in (204, 304) or 100 <= status < 200:
            pass
        elif "chunked" in (response.header("Transfer-Encoding") or "").lower():
            while True:
                size = int(self._line(deadline).split(b";")[0].strip(), 16)
                if size == 0:
                    while self._line(deadline):
                        pass
                    break
                while len(self.buf) < size + 2:
                    self._fill(deadline)
                add(self._take(size))
                self._take(2)
        elif response.header("Content-Length") is not None:
            remaining = int(response.header("Content-Length"))
            while remaining > 0:
                if not self.buf:
                    self._fill(deadline)
                chunk = self._take(min(remaining, len(self.buf)))
                remaining -= len(chunk)
                add(chunk)
        else:
            try:
                while True:
                    if self.buf:
                        add(self._take(len(self.buf)))
                    self._fill(deadline)
            except Closed:
                pass
        response.body = bytes(body) if keep else None
        response.body_length = length
        record_answer(label, port_kind, response)
        return response

    def after(self, wait):
        """What follows an answer within `wait` seconds: 'closed', 'open' or 'more data'."""
        if self.buf:
            return "more data"
        self.sock.settimeout(wait)
        try:
            data = self.sock.recv(65536)
        except (ConnectionResetError, BrokenPipeError):
            return "closed"
        except socket.timeout:
            return "open"
        if not data:
            return "closed"
        self.buf += data
        return "more data"


def record_answer(label, port_kind, response):
    with ANSWERS_LOCK:
        ANSWERS.append((label, port_kind, response.status, list(response.headers)))


def request(port, raw, source=None, timeout=3.0, method="GET", label="", port_kind="public", wait_close=None):
    """Sends `raw` on a new connection and reads one answer. Returns (response, elapsed,
    after, error): `after` is what followed within `wait_close` s (if asked)."""
    start = now()
    s = None
    try:
        s = connect(port, source, timeout)
        s.sendall(raw)
        reader = Reader(s)
        response = reader.response(start + timeout, method=method, label=label or raw.split(b"\r\n")[0].decode(), port_kind=port_kind)
        elapsed = now() - start
        after = reader.after(wait_close) if wait_close else None
        return response, elapsed, after, None
    except (OSError, Closed, ValueError, IndexError) as error:
        return None, now() - start, None, type(error).__name__ + (f" {error}" if str(error) else "")
    finally:
        if s is not None:
            reset_close(s)


def get(path, host_header="x", extra=""):
    return f"GET {path} HTTP/1.1\r\nHost: {host_header}\r\n{extra}Connection: close\r\n\r\n".encode()


def post(path, body, content_type="application/json", extra=""):
    return (f"POST {path} HTTP/1.1\r\nHost: x\r\nContent-Type: {content_type}\r\n{extra}"
            f"Content-Length: {len(body)}\r\nConnection: close\r\n\r\n").encode() + body


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


# ---------------------------------------------------------------- 1. idle bursts

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


def max_of(*windows):
    values = [w.get("max_s") for w in windows if w.get("max_s") is not None]
    return max(values) if values else None


def fmt_check(check):
    ok, latency, what = check
    if latency is None:
        return what
    return f"{what} in {latency:.2f} s"


# ---------------------------------------------------------------- 2. slowloris

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


# ---------------------------------------------------------------- 3. clients that never read

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


# ---------------------------------------------------------------- 4. framing

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


# ---------------------------------------------------------------- 5. endless chunked body

def case_endless(opts, results, slack):
    server = Server(opts, "endless").start()
    try:
        one = b"1\r\nx\r\n"
        for label, chunk, pace, offer in (("fast", one * 10000, None, 400_000_000), ("slow", one, 0.05, 400_000_000)):
            f = stream_chunked(server, chunk, offer, give_up_s=CONNECTION_TIMEOUT + slack + 2, pace=pace, source="127.22.0.3")
            limit = CONNECTION_TIMEOUT + slack
            ok = f["cut"] is not None and f["seconds"] <= limit
            data_bytes = f["server_read"] // len(one)
            # Cut well before the body deadline can only be the body limit (ss samples every
            # 20 ms, so its count of what the server read may lag behind).
            reason = ("body limit" if f["seconds"] < CONNECTION_TIMEOUT - 0.5 else "deadline") if f["cut"] else "-"
            text = ((f"cut ({f['cut']}) after {f['seconds']:.1f} s, at the {reason}" if f["cut"]
                     else f"NOT cut after {f['seconds']:.1f} s (gave up)")
                    + f"; client sent {mb(f['sent'])}, server read at least {mb(f['server_read'])}"
                    + f" (~{data_bytes} body bytes; allowed {limit:.1f} s)")
            results.add("endless", f"endless chunked body, {label}", ok, text, f)
    finally:
        server.stop()


# ---------------------------------------------------------------- 6. nosniff

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


# ---------------------------------------------------------------- 7. SIGTERM

def describe_stop(stop):
    if stop is None:
        return "-"
    if stop.get("signal") == "KILL":
        return f"killed ({stop.get('why')})"
    if stop.get("rc") is None:
        return stop.get("why", "?")
    return f"exit {stop['rc']} in {stop['seconds']:.1f} s" + (f" ({stop['why']})" if stop.get("why") else "")


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


# ---------------------------------------------------------------- main

CASES = ["burst", "slowloris", "nonreaders", "framing", "endless", "nosniff", "sigterm"]


def main():
    parser = argparse.ArgumentParser(description="Hostile-client suite for insetd (see the module docstring).")
    parser.add_argument("--binary", default=os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", ".build", "release", "insetd"))
    parser.add_argument("--legacy", action="store_true", help="omit the flags today's binary lacks (admin checks then fail)")
    parser.add_argument("--runs", type=int, default=3, help="runs per burst size and source mode (default 3)")
    parser.add_argument("--bursts", default="1200,5000", help="burst sizes (default 1200,5000)")
    parser.add_argument("--connection-limit", type=int, default=None, help="--connection-limit for the burst servers (default: the server's, 1024)")
    parser.add_argument("--nonreader-clients", type=int, default=64, help="non-reading clients, also their server's --connection-limit (default 64)")
    parser.add_argument("--hold", type=float, default=8.0, help="seconds the non-readers hold before reading their heads (default 8)")
    parser.add_argument("--rss-budget-mib", type=int, default=256, help="memory budget for the non-readers case (default 256)")
    parser.add_argument("--safety-cap-mib", type=int, default=1536, help="kill the server past this RSS to protect the machine (default 1536)")
    parser.add_argument("--in-flight-budget-bytes", type=int, default=None, help="passed to the server (default: the server's own)")
    parser.add_argument("--slack", type=float, default=1.5, help="seconds allowed beyond a deadline (default 1.5)")
    parser.add_argument("--only", default=None, help="comma-separated cases: " + ",".join(CASES))
    parser.add_argument("--json", default=None, metavar="PATH", help="write a JSON summary there ('-' for stdout)")
    opts = parser.parse_args()
    opts.binary = os.path.abspath(opts.binary)
    opts.bursts = [int(n) for n in opts.bursts.split(",") if n]
    chosen = CASES if not opts.only else [c.strip() for c in opts.only.split(",")]
    unknown = [c for c in chosen if c not in CASES]
    if unknown:
        parser.error(f"unknown case(s) {unknown}; known: {CASES}")
    if shutil.which("ss") is None:
        parser.error("needs ss (iproute2) to count the server's sockets")
    if not os.access(opts.binary, os.X_OK):
        parser.error(f"no executable insetd at {opts.binary} (swift build -c release --product insetd)")

    import resource
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    want = max(opts.bursts + [0]) + 2048
    if soft < want:
        resource.setrlimit(resource.RLIMIT_NOFILE, (min(hard, max(want, soft)), hard))
    for sig in (signal.SIGINT, signal.SIGTERM, signal.SIGHUP):
        signal.signal(sig, lambda *_: (kill_all_servers(), sys.exit(130)))

    results = Results()
    start = now()
    print(f"hostile-clients: {opts.binary}{' (legacy flags)' if opts.legacy else ''}; runs {opts.runs} per burst size; "
          f"cases {','.join(chosen)}", flush=True)
    try:
        for case in chosen:
            try:
                if case == "burst":
                    case_burst(opts, results)
                elif case == "slowloris":
                    case_slowloris(opts, results, opts.slack)
                elif case == "nonreaders":
                    case_nonreaders(opts, results)
                elif case == "framing":
                    case_framing(opts, results)
                elif case == "endless":
                    case_endless(opts, results, opts.slack)
                elif case == "nosniff":
                    case_nosniff(opts, results)
                elif case == "sigterm":
                    case_sigterm(opts, results)
                    sigterm_summary(results, DRAIN_DELAY + DRAIN_TIMEOUT + 2)
            except StartError as error:
                results.add(case, f"{case} server start", False, str(error))
    finally:
        kill_all_servers()
    duration = now() - start
    passed = sum(1 for r in results.items if r["passed"])
    failed = len(results.items) - passed
    if opts.json:
        summary = {"binary": opts.binary, "legacy": opts.legacy, "runs": opts.runs, "bursts": opts.bursts,
                   "duration_s": round(duration, 1), "passed": passed, "failed": failed, "results": results.items}
        text = json.dumps(summary, indent=1, default=str)
        if opts.json == "-":
            print(text)
        else:
            with open(opts.json, "w") as f:
                f.write(text + "\n")
    print(f"duration {duration:.0f} s", flush=True)
    print(f"hostile: {passed} passed, {failed} failed", flush=True)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
