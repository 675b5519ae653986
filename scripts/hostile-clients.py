#!/usr/bin/env python3
"""Hostile-client suite (one module per attack family in scripts/hostile/): what insetd does with clients that misbehave (issue 29; API.md
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
  budget      64 connections that each declare a 1 MiB body and send 10 bytes, and one
              sized from /metrics to fill the budget were declared lengths reserved: GET
              /devices and POST /layout still 200 (the budget counts bytes held).
  admin       32 idle, slow-header, slow-body and pipelining (50 GET /metrics, never read)
              clients on the admin listener (16 connections): 5 fresh /healthz probes each
              answered 200 within 1 s.
  paths       paths with a decoded control byte (%00, %0a, %1F, %7F) on both listeners: 404;
              HTTP/1.1 without Host, two Host fields, invalid hosts: 400 /problems/bad-request,
              valid ones 200; header blocks of one field from 14 to 20 KB: 200 or 431 each,
              never closed without an answer.
  memory      for the largest /layout, matrix JSON, matrix CSV and /render answers, 5 rounds
              of 500 clients that never read on one server: RSS after round 5 within 15 % of
              round 1, every peak under 200 MiB, bytes in flight at most 10 % past the budget.
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
import json
import os
import shutil
import signal
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "lib"))
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from hostile import admin, budget, burst, cpu, endless, framing, memory, nonreaders, nosniff, paths, sigterm, slowloris  # noqa: E402
from hostile.probes import Results  # noqa: E402
from hostile.server import DRAIN_DELAY, DRAIN_TIMEOUT, StartError, kill_all_servers, now  # noqa: E402

CASES = ["burst", "slowloris", "nonreaders", "framing", "budget", "admin", "paths", "memory", "cpu", "endless", "nosniff", "sigterm"]


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
    parser.add_argument("--memory-attacks", default=",".join(memory.ATTACK_KEYS),
                        help="comma-separated attacks of the memory case: " + ",".join(memory.ATTACK_KEYS) + " (default all)")
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
        parser.error(f"no executable insetd at {opts.binary} (scripts/build-release --product insetd)")

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
                    burst.case_burst(opts, results)
                elif case == "slowloris":
                    slowloris.case_slowloris(opts, results, opts.slack)
                elif case == "nonreaders":
                    nonreaders.case_nonreaders(opts, results)
                elif case == "framing":
                    framing.case_framing(opts, results)
                elif case == "budget":
                    budget.case_budget(opts, results)
                elif case == "admin":
                    admin.case_admin(opts, results)
                elif case == "paths":
                    paths.case_paths(opts, results)
                elif case == "memory":
                    memory.case_memory(opts, results)
                elif case == "cpu":
                    cpu.case_cpu(opts, results)
                elif case == "endless":
                    endless.case_endless(opts, results, opts.slack)
                elif case == "nosniff":
                    nosniff.case_nosniff(opts, results)
                elif case == "sigterm":
                    sigterm.case_sigterm(opts, results)
                    sigterm.sigterm_summary(results, DRAIN_DELAY + DRAIN_TIMEOUT + 2)
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
