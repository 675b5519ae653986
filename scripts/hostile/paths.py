"""paths: a path that once decoded holds a control byte matches no route (404); Host as
RFC 9112 section 3.2 has it (400); every header block over the server's header memory
answered 431, never closed without an answer (API.md "Paths and Host")."""
from .server import Server, HOST
from .wire import get, request

CONTROL_PATHS = [
    ("GET", "/metrics%00.css"), ("GET", "/devices/iphone-x%00/render.svg"), ("GET", "/%00/etc/passwd"),
    ("POST", "/layout%00/x"), ("GET", "/healthz%0a"), ("GET", "/devices/iphone-x%7F"), ("GET", "/devices%1F"),
]
BAD_HOSTS = [
    ("HTTP/1.1 without Host", "GET /healthz HTTP/1.1\r\nConnection: close\r\n\r\n"),
    ("two Host fields", f"GET /healthz HTTP/1.1\r\nHost: {HOST}\r\nHost: {HOST}\r\nConnection: close\r\n\r\n"),
    ("Host with a space", "GET /healthz HTTP/1.1\r\nHost: a b\r\nConnection: close\r\n\r\n"),
    ("Host with user info", "GET /healthz HTTP/1.1\r\nHost: user@example.com\r\nConnection: close\r\n\r\n"),
    ("Host with a letter port", "GET /healthz HTTP/1.1\r\nHost: example.com:80a\r\nConnection: close\r\n\r\n"),
    ("Host with an unclosed IP literal", "GET /healthz HTTP/1.1\r\nHost: [::1\r\nConnection: close\r\n\r\n"),
]
GOOD_HOSTS = ["example.com", "example.com:8080", "127.0.0.1:80", "[::1]:9090", "xn--bcher-kva.example", ""]


def case_paths(opts, results):
    server = Server(opts, "paths").start()
    try:
        for port_kind, port in (("public", server.port), ("admin", server.admin_port)):
            for method, path in CONTROL_PATHS:
                body = b'{"device":"iphone-x","root":{"id":"r"}}' if method == "POST" else b""
                raw = (f"{method} {path} HTTP/1.1\r\nHost: {HOST}\r\nContent-Type: application/json\r\n"
                       f"Content-Length: {len(body)}\r\nConnection: close\r\n\r\n").encode() + body
                response, _, _, error = request(port, raw, "127.25.0.1", method=method, port_kind=port_kind)
                what = response.brief() if response else f"no answer ({error})"
                ok = response is not None and response.status == 404 and response.problem_type() == "/problems/not-found"
                results.add("paths", f"paths {port_kind} {method} {path}", ok, f"{what} (want 404 /problems/not-found)")
        for name, raw in BAD_HOSTS:
            response, _, _, error = request(server.port, raw.encode(), "127.25.0.2")
            what = response.brief() if response else f"no answer ({error})"
            ok = response is not None and response.status == 400 and response.problem_type() == "/problems/bad-request"
            results.add("paths", f"paths {name}", ok, f"{what} (want 400 /problems/bad-request)")
        good = {}
        for value in GOOD_HOSTS:
            response, _, _, error = request(server.port, get("/healthz", host_header=value), "127.25.0.3")
            good[value or "(empty)"] = response.status if response else error
        response, _, _, error = request(server.port, b"GET /healthz HTTP/1.0\r\n\r\n", "127.25.0.3")
        good["HTTP/1.0 without Host"] = response.status if response else error
        results.add("paths", "paths valid Host values", all(v == 200 for v in good.values()),
                    ", ".join(f"{k}: {v}" for k, v in good.items()) + " (want 200 each)")
        header_blocks(server, results)
    finally:
        server.stop()


def header_blocks(server, results):
    """Header blocks of one large field from 14 to 20 KB, and of 200-byte and 40-byte fields
    across the sizes where their records fill the header memory, in 25-byte steps: each gets
    an answer (200 while it is read, 431 past the header memory), none is closed without one."""
    head = f"GET /healthz HTTP/1.1\r\nHost: {HOST}\r\nConnection: close\r\n"
    for label, field, sizes in (("one field", None, range(14_000, 20_001, 25)),
                                ("200-byte fields", 200, range(10_000, 16_001, 25)),
                                ("40-byte fields", 40, range(5_000, 9_001, 25))):
        unanswered, statuses = [], {}
        for size in sizes:
            if field is None:
                fields = "X-Pad: " + "a" * (size - len(head) - 11) + "\r\n"
            else:
                fields = ""
                while len(head) + len(fields) + 2 < size:
                    fields += "X-Pad: " + "a" * min(field, max(1, size - len(head) - len(fields) - 11)) + "\r\n"
            raw = (head + fields + "\r\n").encode()
            response, _, _, error = request(server.port, raw, "127.25.0.4", timeout=3.0)
            if response is None:
                unanswered.append(len(raw))
            else:
                statuses[response.status] = statuses.get(response.status, 0) + 1
        ok = not unanswered and set(statuses) <= {200, 431} and statuses.get(200, 0) > 0
        text = (f"{sum(statuses.values())} answered ({', '.join(f'{k} x{v}' for k, v in sorted(statuses.items()))})"
                + (f"; closed without an answer at {len(unanswered)} sizes, {min(unanswered)}-{max(unanswered)} bytes" if unanswered else ""))
        results.add("paths", f"paths header blocks of {label} answered", ok, text, {"unanswered": unanswered, "statuses": statuses})
