"""admin: no pattern of clients on the admin listener (idle, slow, pipelining without
reading) keeps a fresh probe from its answer within 1 s (API.md "Admin listener")."""
import socket
import time

from .server import Server, HOST, HEALTH_LIMIT, IP_BIND_ADDRESS_NO_PORT
from .wire import reset_close
from .probes import healthz

CLIENTS = 32                # twice the admin listener's 16 connections
PIPELINED = 50


def _pattern_sockets(port, pattern, index):
    s = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    # A small receive window: the answers pile up in the server's buffers, not in this one.
    s.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
    s.setsockopt(socket.IPPROTO_IP, IP_BIND_ADDRESS_NO_PORT, 1)
    s.bind((f"127.24.{index // 200}.{index % 200 + 1}", 0))
    s.settimeout(2.0)
    s.connect((HOST, port))
    if pattern == "pipelining":
        s.sendall(f"GET /metrics HTTP/1.1\r\nHost: {HOST}\r\n\r\n".encode() * PIPELINED)
    elif pattern == "slow header":
        s.sendall(f"GET /healthz HTTP/1.1\r\nHost: {HOST}\r\nX-Slow: a".encode())
    elif pattern == "slow body":
        s.sendall(f"POST /healthz HTTP/1.1\r\nHost: {HOST}\r\nContent-Length: 4000\r\n\r\n{{".encode())
    return s


def case_admin(opts, results):
    for pattern in ("idle", "slow header", "slow body", "pipelining"):
        server = Server(opts, f"admin-{pattern}").start()
        sockets = []
        try:
            for i in range(CLIENTS):
                try:
                    sockets.append(_pattern_sockets(server.admin_port, pattern, i))
                except OSError:
                    pass
                if pattern == "pipelining":
                    time.sleep(0.01)
            time.sleep(1.0)
            probes = [healthz(server.admin_port, "127.24.9.1", "admin") for _ in range(5)]
            ok = all(p[0] for p in probes)
            latencies = [f"{p[1]:.2f} s" if p[1] is not None else p[2] for p in probes]
            results.add("admin", f"admin listener under {CLIENTS} {pattern} clients", ok,
                        f"5 fresh /healthz probes: {', '.join(latencies)} (want 200 within {HEALTH_LIMIT:g} s each)",
                        {"pattern": pattern, "probes": latencies})
        finally:
            for s in sockets:
                reset_close(s)
            server.stop()
