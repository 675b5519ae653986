"""endless: chunked bodies that never end, fast and slow."""
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


from .framing import stream_chunked


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
