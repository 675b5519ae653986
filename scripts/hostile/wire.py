"""HTTP/1.1 over raw sockets: requests as bytes, answers read against a deadline."""
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
