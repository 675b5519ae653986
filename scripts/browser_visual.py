"""The visual check of scripts/browser-test.py: eight fixed pictures (POST /render) shown
400 px wide in chromium, compared with the reference PNGs in docs/gallery/ within a small
pixel tolerance; `scripts/browser-test.py URL --update-references` writes them anew (on
purpose, after looking at them). The comparison runs in the page (canvas), so no image
library is needed."""
import base64
import json
import os
import urllib.request

REFERENCES = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "docs", "gallery")
# A pixel differs when a channel differs by more than this; a picture passes while at most
# this share of its pixels differ (anti-aliasing and font hinting move a few).
CHANNEL_TOLERANCE = 16
PIXEL_SHARE = 0.004

NAV_TABLE = {"id": "nav", "viewController": {"kind": "navigation"}, "subviews": [
    {"id": "list", "kind": "tableView", "viewController": {}, "contentSize": {"width": 874, "height": 2000}, "subviews": [
        {"id": "row-1", "kind": "cell"}, {"id": "row-2", "kind": "cell"}, {"id": "row-3", "kind": "cell"}]}]}
TABS = {"id": "tabs", "viewController": {"kind": "tabBar"}, "subviews": [
    {"id": "nav", "viewController": {"kind": "navigation"}, "subviews": [
        {"id": "feed", "kind": "scrollView", "viewController": {}, "contentSize": {"width": 0, "height": 2000}, "subviews": [
            {"id": "card", "frame": {"x": 16, "y": 16, "width": 343, "height": 180}}]}]}]}
SPLIT = {"id": "split", "viewController": {"kind": "split"}, "subviews": [
    {"id": "primary", "viewController": {"kind": "navigation"}, "subviews": [{"id": "sidebar", "viewController": {}}]},
    {"id": "secondary", "viewController": {"kind": "navigation"}, "subviews": [{"id": "detail", "viewController": {}}]}]}

# The gallery: file name, one line for docs/gallery.md, the POST /render body, the colour scheme.
STATES = [
    ("iphone-x-portrait", "iPhone X in portrait: the notch flush with the top edge, the window's insets 44 and 34.",
     {"device": "iphone-x", "systemVersion": 27.1, "root": {"id": "view", "viewController": {}}}, "light"),
    ("iphone-16-pro-table-landscape", "iPhone 16 Pro in landscape with a table: rows span the screen, the island on the right, the list's insets.",
     {"device": "iphone-16-pro", "orientation": "landscapeLeft", "systemVersion": 27.1, "root": NAV_TABLE, "render": {"node": "list"}}, "light"),
    ("iphone-se-tab-bar", "iPhone SE (3rd generation) with a tab bar, navigation and a scroll view: no housing, the status bar's 20.",
     {"device": "iphone-se-3rd-gen", "systemVersion": 27.1, "root": TABS}, "light"),
    ("ipad-pro-13-free-window", "iPad Pro 13-inch (M4) on iPadOS 27.1 with a free window: the other apps' area shaded.",
     {"device": "ipad-pro-13-m4", "orientation": "landscapeLeft", "systemVersion": 27.1,
      "window": {"frame": {"x": 160, "y": 80, "width": 900, "height": 760}}, "root": {"id": "app", "viewController": {"kind": "navigation"}, "subviews": [{"id": "page", "viewController": {}}]}}, "light"),
    ("ipad-split-view-controller", "iPad Air 11-inch with a split view controller: the sidebar's column and the detail's.",
     {"device": "ipad-air-11", "orientation": "landscapeLeft", "systemVersion": 27.1, "root": SPLIT}, "light"),
    ("apple-tv", "Apple TV 4K: tvOS's overscan safe area, labels in proportion to the 1920-point screen.",
     {"device": "apple-tv-4k", "root": {"id": "view", "viewController": {}}}, "light"),
    ("keyboard", "iPhone 16 Pro with a 336-point keyboard and a view's keyboard layout guide (dashed).",
     {"device": "iphone-16-pro", "systemVersion": 27.1, "keyboard": {"height": 336},
      "root": {"id": "chat", "viewController": {}, "subviews": [{"id": "composer", "frame": {"x": 0, "y": 0, "width": 402, "height": 874}, "keyboardLayoutGuide": True}]},
      "render": {"node": "composer"}}, "light"),
    ("dark-mode", "The tab bar hierarchy on an iPhone 17 Pro in dark mode: the picture's own dark palette.",
     {"device": "iphone-17-pro", "systemVersion": 27.1, "root": TABS}, "dark"),
]


def render(base, body):
    request = urllib.request.Request(base + "/render", data=json.dumps(body).encode(), headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(request) as response:
        return response.read().decode()


def shoot(browser, base, body, scheme):
    """The picture shown 400 px wide, as PNG bytes."""
    page = browser.new_page(viewport={"width": 420, "height": 1000}, color_scheme=scheme)
    background = "#000" if scheme == "dark" else "#fff"
    page.set_content(f"<html><body style='margin:0;padding:10px;background:{background}'>{render(base, body)}</body></html>")
    page.evaluate("document.querySelector('svg').style.width = '400px'; document.querySelector('svg').style.height = 'auto'")
    png = page.locator("svg").screenshot()
    page.close()
    return png


COMPARE = """async ([a, b, channel]) => {
  const load = (data) => new Promise((ok, fail) => { const i = new Image(); i.onload = () => ok(i); i.onerror = fail; i.src = 'data:image/png;base64,' + data; });
  const [x, y] = await Promise.all([load(a), load(b)]);
  if (x.width !== y.width || x.height !== y.height) return { size: [x.width, x.height, y.width, y.height], share: 1 };
  const pixels = (img) => { const c = document.createElement('canvas'); c.width = img.width; c.height = img.height;
    const g = c.getContext('2d'); g.drawImage(img, 0, 0); return g.getImageData(0, 0, img.width, img.height).data; };
  const p = pixels(x), q = pixels(y);
  let differing = 0;
  for (let i = 0; i < p.length; i += 4)
    if (Math.abs(p[i] - q[i]) > channel || Math.abs(p[i + 1] - q[i + 1]) > channel || Math.abs(p[i + 2] - q[i + 2]) > channel) differing++;
  return { share: differing / (p.length / 4) };
}"""


def run(browser, base, check, out, update):
    """Compares (or with `update`, writes) the eight reference pictures."""
    os.makedirs(REFERENCES, exist_ok=True)
    page = browser.new_page()
    for name, _, body, scheme in STATES:
        png = shoot(browser, base, body, scheme)
        with open(os.path.join(out, f"visual-{name}.png"), "wb") as f:
            f.write(png)
        path = os.path.join(REFERENCES, f"{name}.png")
        if update:
            with open(path, "wb") as f:
                f.write(png)
            print(f"wrote {path}")
            continue
        check(os.path.exists(path), f"reference picture {name}.png exists (scripts/browser-test.py URL --update-references)")
        with open(path, "rb") as f:
            reference = f.read()
        result = page.evaluate(COMPARE, [base64.b64encode(png).decode(), base64.b64encode(reference).decode(), CHANNEL_TOLERANCE])
        check(result["share"] <= PIXEL_SHARE, f"picture {name} matches its reference ({result['share']:.4%} of pixels differ; new one in {out})")
    page.close()
