#!/usr/bin/env python3
"""The playground (GET /) in a real browser: Debian's chromium driven by Playwright.

Usage: scripts/browser-test.py URL [OUTPUT_DIR] [--update-references]

Installs chromium (apt-get) and Playwright for Python (pip) when missing, then checks,
headless: no console error and no request to another origin; choosing a device and a
node shows the numbers POST /layout answers; a bad edit lists the 422's problems, each
selecting its place in the JSON; the shared link restores the state; the matrix view
draws one picture per combination (or says the server lacks /layout/matrix); nothing
scrolls sideways at 390 px; Tab alone reaches every control and chooses a node; the
matrix view hides the one-device view and offers its device chooser; choosing an example
loads it; a row shows its contentView and separatorInset; a keyboard height draws the
keyboard; hovering a node highlights it in the picture and the tree; an invalid edit keeps
the last picture, dimmed; the iPad window control follows systemVersion; zoom; the first
view at 1280 × 800 shows the whole device; then the visual check (scripts/browser_visual.py):
eight fixed pictures against docs/gallery/*.png, `--update-references` writes them anew.
Screenshots of the main states go to OUTPUT_DIR (a new temporary folder by default),
which is printed. Exits 1 on the first failed check.
"""
import json
import os
import shutil
import subprocess
import sys
import tempfile
import urllib.error
import urllib.parse
import urllib.request

CHROMIUM = "/usr/bin/chromium"


def ensure_browser():
    if not os.path.exists(CHROMIUM):
        subprocess.run(["apt-get", "update", "-qq"], check=True)
        subprocess.run(["apt-get", "install", "-y", "-qq", "chromium"], check=True)
    try:
        import playwright  # noqa: F401
    except ImportError:
        if subprocess.run([sys.executable, "-m", "pip", "--version"], capture_output=True).returncode != 0:
            subprocess.run(["apt-get", "update", "-qq"], check=True)
            subprocess.run(["apt-get", "install", "-y", "-qq", "python3-pip"], check=True)
        pip = [sys.executable, "-m", "pip", "install", "-q", "playwright"]
        if subprocess.run(pip).returncode != 0:
            subprocess.run(pip + ["--break-system-packages"], check=True)


def post(base, path, body):
    request = urllib.request.Request(base + path, data=body.encode(), headers={"Content-Type": "application/json"})
    try:
        with urllib.request.urlopen(request) as response:
            return response.status, json.loads(response.read())
    except urllib.error.HTTPError as error:
        return error.code, json.loads(error.read() or b"null")


def fmt(n):
    rounded = round(n * 1000) / 1000
    return str(int(rounded)) if rounded == int(rounded) else repr(rounded)


def insets_text(i):
    return " ".join(fmt(i[e]) for e in ("top", "left", "bottom", "right"))


class Check:
    def __init__(self, out):
        self.out = out
        self.count = 0

    def __call__(self, condition, what):
        if not condition:
            print(f"FAIL: {what}")
            print(f"screenshots: {self.out}")
            sys.exit(1)
        self.count += 1
        print(f"ok: {what}")


def main():
    if len(sys.argv) < 2:
        print(__doc__)
        sys.exit(2)
    update = "--update-references" in sys.argv
    arguments = [a for a in sys.argv[1:] if a != "--update-references"]
    base = arguments[0].rstrip("/")
    out = arguments[1] if len(arguments) > 1 else tempfile.mkdtemp(prefix="insetd-browser-")
    os.makedirs(out, exist_ok=True)
    print(f"screenshots: {out}")
    ensure_browser()
    from playwright.sync_api import sync_playwright

    check = Check(out)
    origin = urllib.parse.urlsplit(base)
    problems = []  # console errors, page errors, requests elsewhere

    def watch(page):
        # Chromium logs every 4xx answer as "Failed to load resource"; the page asks for
        # 422s and (without /layout/matrix) 404s on purpose and shows them, so those are
        # not errors of the page; a 5xx is, and is caught below.
        def console(m):
            if m.type == "error" and not m.text.startswith("Failed to load resource: the server responded with a status of 4"):
                problems.append(f"console: {m.text}")
        page.on("console", console)
        page.on("response", lambda r: r.status >= 500 and problems.append(f"{r.status} from {r.url}"))
        page.on("pageerror", lambda e: problems.append(f"page error: {e}"))

        def request(r):
            parts = urllib.parse.urlsplit(r.url)
            if parts.scheme in ("data", "blob"):
                return
            if (parts.scheme, parts.netloc) != (origin.scheme, origin.netloc):
                problems.append(f"request to another origin: {r.url}")
        page.on("request", request)
        return page

    def settle(page):
        page.wait_for_load_state("networkidle")
        page.wait_for_timeout(350)
        page.wait_for_load_state("networkidle")

    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"], headless=True)
        context = browser.new_context(viewport={"width": 1280, "height": 900})
        page = watch(context.new_page())

        # 1. The page loads and draws the default example.
        page.goto(base + "/")
        page.wait_for_selector("#picture svg [data-node]")
        page.wait_for_selector("#tree button")
        settle(page)
        check(page.locator("#device option").count() > 10, "the device list comes from GET /devices")
        check(page.locator("#picture svg [data-node][data-safe-area]").count() >= 3, "the picture draws nodes with data-safe-area")
        check(page.locator("#picture svg .insetd-unsafe").count() >= 1, "the picture shades unsafe bands")
        page.screenshot(path=f"{out}/1-loaded.png", full_page=True)

        # 2. Choose a device and a node: the numbers are /layout's.
        page.select_option("#device", "iphone-x")
        page.wait_for_function("() => document.querySelector('#picture svg title')?.textContent.startsWith('iPhone X')")
        settle(page)
        page.click("#tree button[data-node='feed']")
        page.wait_for_selector("#nodeNumbers")
        settle(page)
        request_text = page.input_value("#request")
        check(json.loads(request_text)["device"] == "iphone-x", "choosing a device writes it into the request")
        status, answer = post(base, "/layout", request_text)
        check(status == 200, "the page's request is a valid /layout request")
        feed = answer["nodes"]["feed"]
        numbers = page.inner_text("#nodeNumbers")
        check(f"safeAreaInsets\t{insets_text(feed['safeAreaInsets'])}" in numbers,
              f"node feed shows /layout's safeAreaInsets {insets_text(feed['safeAreaInsets'])}")
        check(f"layoutMargins\t{insets_text(feed['layoutMargins'])}" in numbers, "node feed shows /layout's layoutMargins")
        explain = page.inner_text("#explain")
        top = " + ".join(f"{c['source']} {fmt(c['value'])}" for c in feed["explain"]["top"])
        check(top in explain, f"the explain list of the top edge reads {top}")
        check(page.locator("#picture svg [data-node='feed'] [data-label], #picture svg [data-label^='node-']").count() >= 1,
              "the picture labels the chosen node's insets")
        page.screenshot(path=f"{out}/2-device-and-node.png", full_page=True)

        # 3. A bad edit shows the 422's problems, each pointing at its place.
        bad = json.loads(request_text)
        bad["root"]["subviews"][0]["subviews"][0]["subviews"][0]["frame"]["width"] = -5
        bad["root"]["subviews"][0]["colour"] = "red"
        bad_text = json.dumps(bad, indent=2)
        page.fill("#request", bad_text)
        page.wait_for_selector("#problemList li")
        settle(page)
        status, problem = post(base, "/layout", bad_text)
        check(status == 422, "the bad edit is a 422 for the server")
        shown = [page.locator("#problemList button").nth(i).get_attribute("data-pointer") for i in range(page.locator("#problemList button").count())]
        check(shown == [e["pointer"] for e in problem["errors"]], f"the page lists the 422's pointers {shown}")
        page.locator("#problemList button").nth(0).click()
        selected = page.evaluate("(() => { const t = document.querySelector('#request'); return t.value.slice(t.selectionStart, t.selectionEnd); })()")
        check(selected.startswith('"width": -5'), f"choosing the problem selects its place in the JSON ({selected!r})")
        page.screenshot(path=f"{out}/3-problems.png", full_page=True)

        # 4. The shared link restores the state.
        page.fill("#request", request_text)
        page.wait_for_selector("#tree button[data-node='card']")
        settle(page)
        page.click("#tree button[data-node='card']")
        settle(page)
        page.click("#share")
        link = page.input_value("#copied")
        check(link.startswith(base + "/#"), "share copies a link to this page")
        restored = watch(context.new_page())
        restored.goto(link)
        restored.wait_for_selector("#nodeNumbers")
        settle(restored)
        check(json.loads(restored.input_value("#request")) == json.loads(request_text), "the link restores the request")
        check(restored.get_attribute("#tree button[data-node='card']", "aria-current") == "true", "the link restores the chosen node")
        check(restored.input_value("#device") == "iphone-x", "the link restores the device control")
        restored.screenshot(path=f"{out}/4-restored.png", full_page=True)
        restored.close()

        # Copy as curl, JSON and CSS.
        page.click("#copyCurl")
        curl = page.input_value("#copied")
        check(curl.startswith("curl -sS ") and "/layout" in curl, "copy as curl gives a curl command")
        page.click("#copyJSON")
        check(json.loads(page.input_value("#copied"))["device"] == "iphone-x", "copy answer gives the /layout JSON")
        page.click("#copyCSS")
        page.wait_for_function("() => document.querySelector('#copied').value.startsWith(':root')")
        check("--safe-area-inset-top: 44px" in page.input_value("#copied"), "copy CSS gives the device's emulation CSS")

        # 5. The matrix view.
        matrix_status, matrix = post(base, "/layout/matrix", json.dumps({"root": {"id": "v"}, "devices": ["iphone-x"], "orientations": ["portrait"]}))
        page.click("#viewMatrix")
        settle(page)
        if matrix_status == 404:
            page.wait_for_selector("#matrixProblem")
            check("does not offer" in page.inner_text("#matrixProblem"), "without /layout/matrix the matrix view says so")
        else:
            page.wait_for_selector("#matrixGrid figure svg")
            settle(page)
            check(page.locator("#matrixGrid figure").count() >= 2, "the matrix view draws one picture per combination")
        page.screenshot(path=f"{out}/5-matrix.png", full_page=True)
        page.click("#viewSingle")
        settle(page)

        # 6. 390 px wide.
        narrow = watch(browser.new_context(viewport={"width": 390, "height": 844}).new_page())
        narrow.goto(link)
        narrow.wait_for_selector("#nodeNumbers")
        settle(narrow)
        width = narrow.evaluate("document.documentElement.scrollWidth")
        check(width <= 390, f"nothing scrolls sideways at 390 px (scrollWidth {width})")
        narrow.screenshot(path=f"{out}/6-narrow-390.png", full_page=True)

        # 7. The keyboard alone reaches every control, and chooses a node.
        keys = watch(browser.new_context(viewport={"width": 1280, "height": 900}).new_page())
        keys.goto(base + "/")
        keys.wait_for_selector("#tree button[data-node='card']")
        settle(keys)
        controls = keys.evaluate("""Array.from(document.querySelectorAll('a[href], button, input, select, textarea'))
            .filter(e => !e.disabled && e.offsetParent !== null).map(e => e.id || e.dataset.node || e.textContent.trim())""")
        reached = []
        for _ in range(len(controls) * 2 + 10):
            keys.keyboard.press("Tab")
            here = keys.evaluate("(() => { const e = document.activeElement; return e ? (e.id || e.dataset.node || e.textContent.trim()) : null; })()")
            reached.append(here)
            if here == "card":
                break
        keys.keyboard.press("Enter")
        keys.wait_for_selector("#nodeNumbers")
        missing = [c for c in controls if c not in reached and c not in ("card",)]
        # Tab stops at the tree's node "card", the last one; whatever follows it (none) is checked below.
        check(not missing, f"Tab reaches every control ({len(controls)}; missing {missing})")
        check(keys.inner_text("#nodeTitle") == "Node “card”", "Enter on a node in the tree chooses it")
        outline = keys.evaluate("getComputedStyle(document.activeElement).outlineStyle")
        check(outline != "none", "the focused control shows a focus outline")
        keys.screenshot(path=f"{out}/7-keyboard.png", full_page=True)

        import browser_checks
        browser_checks.run(browser, base, check, out, watch, settle)
        import browser_visual
        browser_visual.run(browser, base, check, out, update)
        browser.close()

    check(not problems, "no console error and no request to another origin" + (f": {problems}" if problems else ""))
    print(f"browser test: {check.count} checks passed; screenshots in {out}")


if __name__ == "__main__":
    main()
