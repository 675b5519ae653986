"""memory: memory that comes back. For each answer that holds bytes in flight (the largest
/layout, matrix JSON, matrix CSV and /render answers), rounds of clients that never read on
one server: resident memory after the last round within 15 % of its figure after the first,
every round's peak under 200 MiB, and insetd_bytes_in_flight never more than 10 % past the
budget (issue 41, item 3)."""
import json
import socket
import threading
import time

from .server import Server, HOST, IP_BIND_ADDRESS_NO_PORT, now
from .wire import reset_close
from .probes import bytes_in_flight, mib
from .nonreaders import largest_layout_body

PEAK_LIMIT = 200 << 20
GROWTH_LIMIT = 0.15
OVERSHOOT_LIMIT = 0.10
DEFAULT_BUDGET = 64 << 20
SETTLE_LIMIT = 30           # seconds a round's left-behind requests may take to finish
IPHONES = ["iphone-x", "iphone-11-pro", "iphone-12", "iphone-13-pro", "iphone-14", "iphone-15-pro",
           "iphone-16-pro", "iphone-se-3rd-gen", "iphone-xs-max", "iphone-16-pro-max"]


def table_root(cells):
    rows = [{"id": f"cell{i}", "kind": "cell", "subviews": [{"id": f"label{i}", "pin": "layoutMargins"}]} for i in range(cells)]
    table = {"id": "table", "kind": "tableView", "contentSize": {"width": 320, "height": 44 * cells}, "viewController": {},
             "subviews": rows}
    return {"id": "tabs", "viewController": {"kind": "tabBar"}, "subviews": [
        {"id": "nav", "viewController": {"kind": "navigation"}, "subviews": [table]}]}


ATTACK_KEYS = ["layout", "matrix-json", "matrix-csv", "render"]


def attacks():
    """(name, path, extra header, body) of the four largest answers, in ATTACK_KEYS' order."""
    # 25 versions that exist (RULES.md V1: none from 19 to 25), so every combination answers.
    versions = [11 + i / 2 for i in range(16)] + [26 + i / 10 for i in range(9)]
    matrix = json.dumps({"devices": IPHONES, "systemVersions": versions,
                         "root": table_root(48)}).encode()
    render = json.dumps({"device": "iphone-x", "root": table_root(480), "render": {"scale": 3}}).encode()
    return [("layout", "/layout", "", largest_layout_body()),
            ("matrix JSON", "/layout/matrix", "", matrix),
            ("matrix CSV", "/layout/matrix", "Accept: text/csv\r\n", matrix),
            ("render", "/render", "", render)]


def round_of(server, raw, clients, hold, figures):
    """`clients` connections that send `raw` and never read, held `hold` s; samples RSS and
    bytes in flight meanwhile. Returns the round's peak RSS."""
    sockets = []

    def send(i):
        try:
            s = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
            s.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
            s.setsockopt(socket.IPPROTO_IP, IP_BIND_ADDRESS_NO_PORT, 1)
            s.bind((f"127.26.{i // 200}.{i % 200 + 1}", 0))
            s.settimeout(hold)
            s.connect((HOST, server.port))
            sockets.append(s)
            s.sendall(raw)
        except OSError:
            pass
    senders = [threading.Thread(target=send, args=(i,), daemon=True) for i in range(clients)]
    for sender in senders:
        sender.start()
    peak, end = 0, now() + hold
    while now() < end and server.alive():
        peak = max(peak, server.rss() or 0)
        held = bytes_in_flight(server.admin_port)
        if held is not None:
            figures["max_in_flight"] = max(figures.get("max_in_flight", 0), held)
        time.sleep(0.2)
    for s in list(sockets):
        reset_close(s)
    for sender in senders:
        sender.join(1)
    # The answers go with their connections; then the figure the round leaves, once the
    # server threads have finished what the clients left behind (the bytes in flight back
    # to 0): a few seconds alone, 12 s measured while other builds loaded the machine's cores.
    settle_end = now() + SETTLE_LIMIT
    while now() < settle_end and (bytes_in_flight(server.admin_port) or 0) > 0:
        time.sleep(0.1)
    time.sleep(3.5)
    figures.setdefault("held_after", []).append(bytes_in_flight(server.admin_port))
    return peak


def case_memory(opts, results, rounds=5, clients=500, hold=4.0):
    budget = opts.in_flight_budget_bytes or DEFAULT_BUDGET
    chosen = [key.strip() for key in getattr(opts, "memory_attacks", ",".join(ATTACK_KEYS)).split(",")]
    unknown = [key for key in chosen if key not in ATTACK_KEYS]
    if unknown:
        raise ValueError(f"unknown memory attacks {unknown}; known: {ATTACK_KEYS}")
    for key, (name, path, extra, body) in zip(ATTACK_KEYS, attacks()):
        if key not in chosen:
            continue
        server = Server(opts, f"memory-{name}", ["--connection-limit", str(clients + 64)]).start()
        figures = {}
        try:
            raw = (f"POST {path} HTTP/1.1\r\nHost: {HOST}\r\nContent-Type: application/json\r\n{extra}"
                   f"Content-Length: {len(body)}\r\n\r\n").encode() + body
            peaks, after = [], []
            for _ in range(rounds):
                peaks.append(round_of(server, raw, clients, hold, figures))
                after.append(server.rss() or 0)
        finally:
            server.stop()
        growth = (after[-1] - after[0]) / after[0] if after and after[0] else None
        overshoot = figures.get("max_in_flight", 0) / budget - 1
        # A round's figure is what it leaves, not memory still in use for its requests.
        settled = all(held == 0 for held in figures.get("held_after", []))
        ok = (growth is not None and growth <= GROWTH_LIMIT and max(peaks) < PEAK_LIMIT
              and overshoot <= OVERSHOOT_LIMIT and len(after) == rounds and settled)
        text = (f"{rounds} rounds of {clients} non-readers, body {len(body) / 1000:.0f} KB: RSS after each "
                + ", ".join(mib(a) for a in after) + f" (growth {100 * (growth or 0):.0f} %, allowed {100 * GROWTH_LIMIT:.0f} %)"
                + f"; peaks max {mib(max(peaks) if peaks else None)} (allowed {mib(PEAK_LIMIT)})"
                + f"; bytes in flight max {figures.get('max_in_flight', 0) / 1e6:.1f} MB of a {budget / 1e6:.1f} MB budget"
                + f" ({100 * overshoot:+.0f} %, allowed +{100 * OVERSHOOT_LIMIT:.0f} %)"
                + f"; held after each round {figures.get('held_after')} B (allowed 0, within {SETTLE_LIMIT} s)")
        results.add("memory", f"memory comes back: {name}", ok, text,
                    {"after": after, "peaks": peaks, "max_in_flight": figures.get("max_in_flight"), "budget": budget})
