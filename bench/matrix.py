#!/usr/bin/env python3
"""POST /layout/matrix against the same combinations as separate POST /layout calls.

One matrix call of ../shared/bench/layout-31.json on every iPhone and iPad in every
orientation it supports (the matrix's defaults) with `?fields=safeAreaInsets`, timed
against the same combinations sent as separate `/layout` calls back to back on one
HTTP/1.1 keep-alive connection, from the same `http.client` client, in the same round.
Each round times the matrix call (the best of MATRIX_REPEATS calls) and then the separate
calls, after one unmeasured pass of each; the matrix's safe areas are checked against the
separate answers' once. Prints each round and the range of the ratio matrix / separate
(the issue's goal: at most 0.25).

With --memory it measures instead what the largest matrix API.md allows costs the server:
1,000 combinations (10 four-orientation devices × 4 orientations × 25 versions) of a
100-node tree, 100,000 node states, answered in full JSON (about 68 MB), asked by CLIENTS
clients that send the request and never read; it prints the server's VmRSS (from /proc)
before, after one client read the whole answer, and at its peak over 10 s of the
never-reading clients, with the answer bytes in flight (/metrics), then whether a small
request is still answered.

usage: bench/matrix.py [URL]                 (default: starts .build/release/insetd on a free port)
       bench/matrix.py --memory [CLIENTS]    (default 8; always starts its own server)
  env: ROUNDS (5), MATRIX_REPEATS (3), INSETD_SHARED (default ../shared beside the clone)
The server it starts (release build: swift build -c release --product insetd) logs to
/dev/null with the access log off, and is stopped by its PID.
"""
import http.client
import json
import os
import re
import socket
import sys
import time
import urllib.parse

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, 'scripts', 'lib'))
import launcher  # noqa: E402


def start_server():
    binary = os.path.join(ROOT, '.build', 'release', 'insetd')
    if not os.path.exists(binary):
        sys.exit(f'error: no {binary}; build it: swift build -c release --product insetd')
    try:
        server = launcher.Insetd(binary, ['--port', '0', '--access-log', 'off']).start()
    except launcher.StartError as error:
        sys.exit(f'error: {error}')
    return server.proc, server.url


def kibibytes(process, field):
    """A figure of /proc/PID/status (VmRSS, VmHWM) in KiB."""
    with open(f'/proc/{process.pid}/status') as status:
        return next(int(line.split()[1]) for line in status if line.startswith(field + ':'))


def in_flight(connection):
    connection.request('GET', '/metrics')
    text = connection.getresponse().read().decode()
    return float(re.search(r'^insetd_bytes_in_flight (\S+)', text, re.M).group(1))


def memory(clients):
    """The largest allowed matrix asked by `clients` clients that never read."""
    process, url = start_server()
    try:
        connection = http.client.HTTPConnection('127.0.0.1', urllib.parse.urlsplit(url).port, timeout=120)
        connection.request('GET', '/devices')
        ids = [device['id'] for device in json.loads(connection.getresponse().read())['devices']]
        four = []
        for device in ids:
            connection.request('GET', f'/devices/{device}')
            if len(json.loads(connection.getresponse().read())['orientations']) == 4: four.append(device)
        # 100 nodes: tab bar › navigation (large titles) › table › 48 cells with a label, a footer.
        cells = [{'id': f'cell{i}', 'frame': {'x': 0, 'y': 44 * i, 'width': 320, 'height': 44},
                  'subviews': [{'id': f'label{i}', 'pin': 'layoutMargins'}]} for i in range(48)]
        table = {'id': 'table', 'kind': 'tableView', 'contentSize': {'width': 320, 'height': 2112}, 'viewController': {},
                 'subviews': cells + [{'id': 'footer', 'frame': {'x': 0, 'y': 2112, 'width': 320, 'height': 10}}]}
        root = {'id': 'tabs', 'viewController': {'kind': 'tabBar'}, 'subviews': [
            {'id': 'nav', 'viewController': {'kind': 'navigation', 'navigationBar': {'prefersLargeTitles': True}}, 'subviews': [table]}]}
        body = json.dumps({'devices': four[:10], 'systemVersions': [11 + i / 2 for i in range(25)], 'root': root}).encode()
        start_rss = kibibytes(process, 'VmRSS')
        started = time.perf_counter()
        data = post(connection, '/layout/matrix', body)
        seconds = time.perf_counter() - started
        connection.close()
        answer = json.loads(data)
        states = sum(len(result['nodes']) for result in answer['results'])
        print(f'{url}: {len(answer["results"])} combinations, {states} node states, {len(data) / 1e6:.1f} MB of JSON '
              f'(one reader: {seconds:.2f} s); VmRSS at start {start_rss / 1024:.1f} MiB, '
              f'after that reader {kibibytes(process, "VmRSS") / 1024:.1f} MiB')
        del data, answer
        port = urllib.parse.urlsplit(url).port
        head = (f'POST /layout/matrix HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n'
                f'Content-Length: {len(body)}\r\n\r\n').encode()
        sockets = []
        for _ in range(clients):
            client = socket.socket()
            client.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
            client.connect(('127.0.0.1', port))
            client.sendall(head + body)
            sockets.append(client)
        peak = 0
        for _ in range(20):
            time.sleep(0.5)
            peak = max(peak, kibibytes(process, 'VmRSS'))
        # A fresh connection: the idle one is past the header timeout.
        connection = http.client.HTTPConnection('127.0.0.1', port, timeout=30)
        print(f'{clients} clients that never read: peak VmRSS {peak / 1024:.1f} MiB (VmHWM {kibibytes(process, "VmHWM") / 1024:.1f} MiB), '
              f'{in_flight(connection) / 1024:.0f} KiB of answers in flight')
        connection.request('POST', '/layout/matrix', body=b'{"devices": ["iphone-x"], "root": {"id": "r"}}',
                           headers={'Content-Type': 'application/json'})
        response = connection.getresponse()
        response.read()
        print(f'a small matrix meanwhile: {response.status}')
        for client in sockets: client.close()
        return 0 if response.status == 200 else 1
    finally:
        process.terminate()
        process.wait()


def post(connection, path, body):
    connection.request('POST', path, body=body, headers={'Content-Type': 'application/json'})
    response = connection.getresponse()
    data = response.read()
    if response.status != 200:
        sys.exit(f'error: POST {path} answered {response.status}: {data[:300]!r}')
    return data


def main():
    if sys.argv[1:2] == ['--memory']:
        return memory(int(sys.argv[2]) if len(sys.argv) > 2 else 8)
    url = sys.argv[1] if len(sys.argv) > 1 else None
    rounds = int(os.environ.get('ROUNDS', '5'))
    repeats = int(os.environ.get('MATRIX_REPEATS', '3'))
    shared = os.environ.get('INSETD_SHARED', os.path.join(ROOT, '..', 'shared'))
    layout = json.load(open(os.path.join(shared, 'bench', 'layout-31.json')))

    process = None
    if url is None:
        process, url = start_server()
    try:
        parts = urllib.parse.urlsplit(url)
        connection = http.client.HTTPConnection(parts.hostname, parts.port, timeout=60)
        connection.request('GET', '/devices')
        devices = [device['id'] for device in json.loads(connection.getresponse().read())['devices']
                   if device['family'] in ('iphone', 'ipad')]
        combinations = []
        for device in devices:
            connection.request('GET', f'/devices/{device}')
            profile = json.loads(connection.getresponse().read())
            combinations += [(device, orientation) for orientation in profile['orientations']]

        matrix_body = json.dumps({k: v for k, v in layout.items() if k not in ('device', 'orientation')}).encode()
        separate_bodies = [json.dumps(dict(layout, device=device, orientation=orientation)).encode()
                           for device, orientation in combinations]
        matrix_path = '/layout/matrix?fields=safeAreaInsets'

        # One unmeasured pass of each, and the same answers from both.
        matrix = json.loads(post(connection, matrix_path, matrix_body))
        answered = {(r['device'], r['orientation']): {k: v['safeAreaInsets'] for k, v in r['nodes'].items()} for r in matrix['results']}
        separate = {}
        for (device, orientation), body in zip(combinations, separate_bodies):
            nodes = json.loads(post(connection, '/layout', body))['nodes']
            separate[(device, orientation)] = {k: v['safeAreaInsets'] for k, v in nodes.items()}
        if answered != separate or matrix['skipped']:
            sys.exit('error: the matrix and the separate calls disagree')
        nodes = len(next(iter(answered.values())))
        print(f'{url}: layout-31 ({nodes} nodes) on {len(devices)} iPhones and iPads, {len(combinations)} combinations; '
              f'one {matrix_path} call (best of {repeats}) vs {len(combinations)} POST /layout calls on one keep-alive connection')

        ratios = []
        for round_number in range(1, rounds + 1):
            matrix_seconds = float('inf')
            for _ in range(repeats):
                started = time.perf_counter()
                post(connection, matrix_path, matrix_body)
                matrix_seconds = min(matrix_seconds, time.perf_counter() - started)
            started = time.perf_counter()
            for body in separate_bodies:
                post(connection, '/layout', body)
            separate_seconds = time.perf_counter() - started
            ratios.append(matrix_seconds / separate_seconds)
            print(f'round {round_number}: matrix {matrix_seconds * 1000:.2f} ms, separate {separate_seconds * 1000:.1f} ms '
                  f'({separate_seconds / len(combinations) * 1e6:.0f} µs a call), ratio {ratios[-1]:.3f}')
        ratios.sort()
        print(f'ratio matrix / separate: {ratios[0]:.3f}–{ratios[-1]:.3f} (median {ratios[len(ratios) // 2]:.3f}) '
              f'over {rounds} rounds; goal ≤ 0.25: {"met" if ratios[-1] <= 0.25 else "missed"}')
        return 0 if ratios[-1] <= 0.25 else 1
    finally:
        if process is not None:
            process.terminate()
            process.wait()


if __name__ == '__main__':
    sys.exit(main())
