"""budget: the in-flight budget counts bytes the server holds, never bytes a client only
promised (API.md "Memory"): headers that declare a 1 MiB body and stall must not make the
product routes answer 503."""
import time

from .server import Server, HOST
from .wire import connect, get, post, request, reset_close
from .probes import bytes_in_flight

SQUATTERS = 64          # x 1 MiB declared: the default budget of 64 MiB
DECLARED = 1 << 20
DEFAULT_BUDGET = 64 << 20


def case_budget(opts, results):
    server = Server(opts, "budget").start()
    squatters = []
    try:
        def squat(i, declared):
            head = (f"POST /layout HTTP/1.1\r\nHost: {HOST}\r\nContent-Type: application/json\r\n"
                    f"Content-Length: {declared}\r\n\r\n").encode() + b'{"device":'
            try:
                s = connect(server.port, f"127.23.0.{i % 16 + 1}", timeout=2.0)
                s.sendall(head)
                squatters.append(s)
            except OSError:
                pass
        for i in range(SQUATTERS):
            squat(i, DECLARED)
        time.sleep(0.3)
        # One more sized from /metrics: what is left of the budget, were declared lengths held.
        budget = opts.in_flight_budget_bytes or DEFAULT_BUDGET
        left = budget - (bytes_in_flight(server.admin_port) or 0)
        if left > 0:
            squat(SQUATTERS, left)
        time.sleep(0.3)
        held = bytes_in_flight(server.admin_port)
        answers = {}
        for label, raw in (("GET /devices", get("/devices")),
                           ("POST /layout", post("/layout", b'{"device":"iphone-x","root":{"id":"r"}}'))):
            response, elapsed, _, error = request(server.port, raw, "127.23.1.1", timeout=3.0, label=label)
            answers[label] = response.brief() if response else f"no answer ({error})"
        ok = all(text == "200" for text in answers.values()) and held is not None and held < 4 * DECLARED
        text = (f"{len(squatters)} connections declaring Content-Length {DECLARED} (the last {left}) and sending 10 bytes; "
                f"insetd_bytes_in_flight {held} B; then " + ", ".join(f"{k} {v}" for k, v in answers.items())
                + " (want 200 each: a promised length is not reserved)")
        results.add("budget", "budget squatted by declared lengths", ok, text, {"held": held, "answers": answers})
    finally:
        for s in squatters:
            reset_close(s)
        server.stop()
