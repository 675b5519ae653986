#!/usr/bin/env python3
"""Starting insetd and reading its "listening on" lines: the one launcher every test, bench
and the hostile suite use. Python imports `Insetd`; shell scripts source scripts/lib/insetd.sh,
which pipes insetd's output through this file's `watch` command:

    BINARY ARGS... | launcher.py watch --ready FILE [--want-admin] [--log FILE]

reads insetd's output, writes "PORT ADMIN_PORT THREADS" to FILE once insetd has printed its
listening lines (ADMIN_PORT is - without an admin listener; --want-admin waits for it), and
copies every line to --log (default: discarded). A start that fails writes nothing.
"""
import ctypes
import os
import re
import signal
import subprocess
import sys
import tempfile
import threading
import time

PUBLIC_LINE = re.compile(r"insetd listening on http://(\S+?):(\d+) \((\d+) threads\)")
ADMIN_LINE = re.compile(r"insetd admin listening on http://(\S+?):(\d+)")


def parse(line):
    """What a line of insetd's output announces: ("public", port, threads), ("admin", port)
    or None."""
    match = PUBLIC_LINE.search(line)
    if match:
        return "public", int(match.group(2)), int(match.group(3))
    match = ADMIN_LINE.search(line)
    if match:
        return "admin", int(match.group(2))
    return None


class StartError(Exception):
    """insetd exited or printed no listening line in time."""


def _die_with_parent():
    # PR_SET_PDEATHSIG: the server dies with the process that started it, whatever ends it.
    ctypes.CDLL("libc.so.6", use_errno=True).prctl(1, signal.SIGKILL)


class Insetd:
    """One insetd process: started with `args`, its ports read from what it prints."""

    def __init__(self, binary, args=(), env=None, log=None):
        self.binary = binary
        self.args = list(args)
        self.env = env
        self.log = log                  # a writable binary file that gets every line, or None
        self.proc = None
        self.port = None
        self.admin_port = None
        self.threads = None
        self.lines = []
        self._public = threading.Event()
        self._admin = threading.Event()

    @property
    def command(self):
        return [self.binary] + self.args

    @property
    def url(self):
        return f"http://127.0.0.1:{self.port}"

    @property
    def pid(self):
        return self.proc.pid

    def start(self, timeout=15.0, want_admin=None):
        """Starts the process and waits for its listening line (and the admin listener's,
        when `--admin-address` is among the arguments or `want_admin`); raises StartError."""
        if want_admin is None:
            want_admin = any(a == "--admin-address" or a.startswith("--admin-address=") for a in self.args)
        self._stderr = tempfile.TemporaryFile()
        self.proc = subprocess.Popen(self.command, stdout=subprocess.PIPE, stderr=self._stderr,
                                     stdin=subprocess.DEVNULL, env=self.env, preexec_fn=_die_with_parent)
        threading.Thread(target=self._read, daemon=True).start()
        deadline = time.monotonic() + timeout
        while not (self._public.is_set() and (self._admin.is_set() or not want_admin)):
            if self.proc.poll() is not None or time.monotonic() >= deadline:
                self._stderr.seek(0)
                text = self._stderr.read().decode(errors="replace").strip()
                self.kill()
                first = text.splitlines()[:1] or self.lines[:1] or ["(no output)"]
                raise StartError(f"insetd did not start: {first[0]}")
            self._public.wait(0.05)
        return self

    def _read(self):
        for raw in self.proc.stdout:
            if self.log is not None:
                self.log.write(raw)
                self.log.flush()
            line = raw.decode(errors="replace").rstrip("\n")
            self.lines.append(line)
            announced = parse(line)
            if announced and announced[0] == "public" and not self._public.is_set():
                self.port, self.threads = announced[1], announced[2]
                self._public.set()
            elif announced and announced[0] == "admin" and not self._admin.is_set():
                self.admin_port = announced[1]
                self._admin.set()

    def alive(self):
        return self.proc is not None and self.proc.poll() is None

    def rss(self):
        """VmRSS in bytes, or None once the process is gone."""
        try:
            with open(f"/proc/{self.pid}/status") as status:
                for line in status:
                    if line.startswith("VmRSS:"):
                        return int(line.split()[1]) * 1024
        except OSError:
            return None
        return None

    def terminate(self, timeout):
        """SIGTERM, then waits up to `timeout` s: (exit status or None, seconds taken). A
        process still running then is killed (status None)."""
        start = time.monotonic()
        if self.proc.poll() is not None:
            return self.proc.returncode, 0.0
        self.proc.send_signal(signal.SIGTERM)
        try:
            return self.proc.wait(timeout=timeout), time.monotonic() - start
        except subprocess.TimeoutExpired:
            self.kill()
            return None, time.monotonic() - start

    def kill(self):
        if self.alive():
            self.proc.kill()
        if self.proc is not None:
            self.proc.wait()


def _watch(argv):
    ready, log, want_admin = None, os.devnull, False
    while argv:
        flag, argv = argv[0], argv[1:]
        if flag == "--want-admin":
            want_admin = True
            continue
        value, argv = argv[0], argv[1:]
        if flag == "--ready":
            ready = value
        elif flag == "--log":
            log = value
        else:
            sys.exit(f"launcher: unknown flag {flag}")
    if not ready:
        sys.exit(__doc__)
    source = sys.stdin.buffer
    port = admin = threads = None
    with open(log, "ab") as out:
        for raw in source:
            out.write(raw)
            announced = parse(raw.decode(errors="replace"))
            if announced and announced[0] == "public":
                port, threads = announced[1], announced[2]
            elif announced:
                admin = announced[1]
            if port is not None and (admin is not None or not want_admin):
                with open(ready + ".tmp", "w") as handle:
                    handle.write(f"{port} {admin or '-'} {threads}\n")
                os.rename(ready + ".tmp", ready)
                break
        out.flush()
        # The rest (an access log may be hundreds of megabytes) in large reads.
        while True:
            block = source.read1(1 << 16)
            if not block:
                return 0
            out.write(block)


if __name__ == "__main__":
    if len(sys.argv) < 2 or sys.argv[1] != "watch":
        sys.exit(__doc__)
    sys.exit(_watch(sys.argv[2:]))
