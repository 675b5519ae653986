#!/usr/bin/env python3
"""Where a memory-family wave's resident memory stays: rounds of one attack of
scripts/hostile/memory.py against BINARY, and after each round the RSS split into
file-backed and anonymous pages (/proc/PID/smaps) and, per glibc arena, its heap, its free
top and its other free blocks (malloc_info, through the preloaded malloc-info.c).

    bench/arenas/arenas.py .build/release/insetd render [ROUNDS]

Attacks: layout, matrix-json, matrix-csv, render. Needs gcc. Loopback only; the server it
starts is stopped."""
import os
import re
import subprocess
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path[:0] = [os.path.join(ROOT, "scripts"), os.path.join(ROOT, "scripts", "lib")]
from hostile.memory import ATTACK_KEYS, attacks, round_of  # noqa: E402
from hostile.server import HOST, Server  # noqa: E402

WORK = "/tmp/insetd-arenas"


def preload_library():
    os.makedirs(WORK, exist_ok=True)
    library = os.path.join(WORK, "malloc-info.so")
    source = os.path.join(os.path.dirname(os.path.abspath(__file__)), "malloc-info.c")
    subprocess.run(["gcc", "-O1", "-shared", "-fPIC", "-o", library, source, "-lpthread"], check=True)
    return library


def mib(kib):
    return f"{kib / 1024:.0f}"


def mappings(pid):
    """(rss KiB of file-backed mappings, rss KiB of anonymous ones)."""
    file_backed = anonymous = 0
    name = ""
    with open(f"/proc/{pid}/smaps") as smaps:
        for line in smaps:
            if re.match(r"^[0-9a-f]+-[0-9a-f]+ ", line):
                fields = line.split()
                name = fields[5] if len(fields) > 5 else ""
            elif line.startswith("Rss:"):
                kib = int(line.split()[1])
                if name.startswith("/"):
                    file_backed += kib
                else:
                    anonymous += kib
    return file_backed, anonymous


def arenas(pid, n):
    """Per arena: its heap, its free top, its other free blocks (MiB), from malloc_info."""
    open(f"{WORK}/trigger-{pid}", "w").close()
    path = f"{WORK}/info-{pid}-{n}.xml"
    for _ in range(50):
        time.sleep(0.1)
        if not os.path.exists(f"{WORK}/trigger-{pid}") and os.path.exists(path):
            break
    time.sleep(0.1)
    with open(path) as file:
        xml = file.read()
    os.unlink(path)
    parts = []
    for heap in re.finditer(r'<heap nr="(\d+)">(.*?)</heap>', xml, re.S):
        body = heap.group(2)
        free = sum(int(size) for kind, size in re.findall(r'<total type="(fast|rest)" count="\d+" size="(\d+)"/>', body))
        binned = sum(int(m) for m in re.findall(r'<size from="\d+" to="\d+" total="(\d+)"', body))
        system = int(re.search(r'<system type="current" size="(\d+)"/>', body).group(1))
        parts.append(f"arena {heap.group(1)}: heap {system >> 20}, top {(free - binned) >> 20}, other free {binned >> 20}")
    return "; ".join(parts) + " MiB"


def main():
    if len(sys.argv) < 3 or sys.argv[2] not in ATTACK_KEYS:
        sys.exit(__doc__)
    binary, key = sys.argv[1], sys.argv[2]
    rounds = int(sys.argv[3]) if len(sys.argv) > 3 else 5
    # The server inherits this process's environment.
    os.environ["LD_PRELOAD"] = preload_library()
    class Options:
        legacy, in_flight_budget_bytes = False, None
    options = Options()
    options.binary = binary
    name, path, extra, body = dict(zip(ATTACK_KEYS, attacks()))[key]
    clients = 500
    server = Server(options, f"arenas-{name}", ["--connection-limit", str(clients + 64)]).start()
    raw = (f"POST {path} HTTP/1.1\r\nHost: {HOST}\r\nContent-Type: application/json\r\n{extra}"
           f"Content-Length: {len(body)}\r\n\r\n").encode() + body
    try:
        for n in range(rounds + 1):
            peak = round_of(server, raw, clients, 4.0, {}) if n else None
            file_backed, anonymous = mappings(server.pid)
            label = f"after round {n}, peak {(peak or 0) >> 20} MiB" if n else "at start"
            print(f"{label}: RSS {mib(file_backed + anonymous)} MiB (file {mib(file_backed)}, anonymous {mib(anonymous)});"
                  f" {arenas(server.pid, n)}", flush=True)
    finally:
        server.stop()


if __name__ == "__main__":
    main()
