"""The suite's insetd processes (started through scripts/lib/launcher.py) and its limits."""
import socket
import threading
import time

import launcher

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

StartError = launcher.StartError


class Server:
    """One insetd process with the suite's short limits."""

    all_stops = []          # what every SIGTERM (or kill) of the run gave
    running = set()

    def __init__(self, opts, label, extra=()):
        self.opts = opts
        self.label = label
        self.extra = list(extra)
        self.process = None
        self.stopped = None

    def command(self):
        cmd = ["--host", HOST, "--port", "0",
               "--drain-delay", "0", "--drain-timeout", f"{DRAIN_TIMEOUT:g}s",
               "--connection-timeout", str(CONNECTION_TIMEOUT), "--access-log", "off"]
        if not self.opts.legacy:
            cmd += ["--header-timeout", str(HEADER_TIMEOUT), "--admin-address", f"{HOST}:0"]
            if self.opts.in_flight_budget_bytes is not None:
                cmd += ["--in-flight-budget-bytes", str(self.opts.in_flight_budget_bytes)]
        return cmd + self.extra

    def start(self):
        self.process = launcher.Insetd(self.opts.binary, self.command())
        Server.running.add(self)
        try:
            self.process.start()
        except StartError as error:
            Server.running.discard(self)
            self.stopped = {"server": self.label, "signal": None, "why": "did not start"}
            raise StartError(f"{self.label}: {error}")
        return self

    @property
    def port(self):
        return self.process.port

    @property
    def admin_port(self):
        return self.process.admin_port

    @property
    def pid(self):
        return self.process.pid

    def alive(self):
        return self.process is not None and self.process.alive()

    def rss(self):
        """VmRSS in bytes, or None once the process is gone."""
        return self.process.rss()

    def kill(self, why):
        self.process.kill()
        if self.stopped is None:
            self.stopped = {"server": self.label, "signal": "KILL", "why": why, "ok": None}
            Server.all_stops.append(self.stopped)
        Server.running.discard(self)

    def stop(self):
        """SIGTERM, then SIGKILL if it has not exited within the drain budget + 2 s."""
        if self.stopped is not None:
            return self.stopped
        if self.process is None or self.process.proc is None:
            return None
        budget = DRAIN_DELAY + DRAIN_TIMEOUT + 2
        if not self.process.alive():
            result = {"server": self.label, "signal": None, "rc": self.process.proc.returncode,
                      "seconds": 0.0, "ok": False, "why": "had exited before SIGTERM"}
        else:
            rc, took = self.process.terminate(budget)
            if rc is None:
                result = {"server": self.label, "signal": "TERM", "rc": None, "seconds": None,
                          "ok": False, "why": f"SIGTERM ignored for {budget:g} s, killed"}
            else:
                result = {"server": self.label, "signal": "TERM", "rc": rc, "seconds": round(took, 2),
                          "ok": rc == 0 and took <= budget}
        self.stopped = result
        Server.all_stops.append(result)
        Server.running.discard(self)
        return result


def kill_all_servers(*_):
    for server in list(Server.running):
        server.kill("suite interrupted")


def describe_stop(stop):
    if stop is None:
        return "-"
    if stop.get("signal") == "KILL":
        return f"killed ({stop.get('why')})"
    if stop.get("rc") is None:
        return stop.get("why", "?")
    return f"exit {stop['rc']} in {stop['seconds']:.1f} s" + (f" ({stop['why']})" if stop.get("why") else "")
