"""The playground checks of issue 43, run by scripts/browser-test.py after its own."""
import json


def appears(page, selector, timeout=10000):
    """Whether `selector` appears within `timeout` ms (a failed check, not a traceback)."""
    try:
        page.wait_for_selector(selector, timeout=timeout)
        return True
    except Exception:  # Playwright's TimeoutError
        return False


def run(browser, base, check, out, watch, settle):
    page = watch(browser.new_context(viewport={"width": 1280, "height": 800}).new_page())
    page.goto(base + "/")
    page.wait_for_selector("#picture svg [data-node]")
    settle(page)

    # The first view at 1280 × 800 shows the whole device without scrolling.
    box = page.locator("#picture svg").bounding_box()
    check(box["y"] >= 0 and box["y"] + box["height"] <= 800 and box["x"] + box["width"] <= 1280,
          f"at 1280 × 800 the whole picture is in the first view ({box})")
    check(page.evaluate("document.documentElement.scrollHeight") <= 800 + 400, "the first view is not a long scroll")

    # Choosing an example loads it at once (no second button).
    page.select_option("#example", label="Navigation + table with cells")
    page.wait_for_selector("#tree button[data-node='cell-1']")
    settle(page)
    check(json.loads(page.input_value("#request"))["root"]["subviews"][0]["kind"] == "tableView", "choosing an example loads it")

    # A row shows its contentView and separatorInset.
    page.click("#tree button[data-node='cell-1']")
    page.wait_for_selector("#nodeNumbers")
    settle(page)
    numbers = page.inner_text("#nodeNumbers")
    check("contentView.frame" in numbers and "contentView.layoutMargins" in numbers, "a row's details show its contentView")
    check("separatorInset" in numbers, "a cell's details show its separatorInset")
    check("window.safeAreaInsets" in page.inner_text("#windowNumbers"), "the details show the window's members")
    answer = json.loads(page.evaluate("(async () => (await fetch('/layout', {method: 'POST', headers: {'Content-Type': 'application/json'}, body: document.querySelector('#request').value})).text())()"))
    if answer.get("caveats"):
        check(page.locator("#caveats li").count() == len(answer["caveats"]), "the answer's caveats are listed")

    # Hovering a node in the tree highlights it in the picture and says its safe area; and back.
    page.hover("#tree button[data-node='table']")
    check(page.locator("#picture svg [data-node='table'].hover").count() == 1, "hovering a node in the tree highlights it in the picture")
    check(page.inner_text("#hoverInfo").startswith("table — safe area "), "hovering shows the node's id and safe area")
    svg = page.locator("#picture svg").bounding_box()
    page.mouse.move(svg["x"] + svg["width"] * 0.5, svg["y"] + svg["height"] * 0.5)
    hovered = page.evaluate("document.querySelector('#tree button.hover')?.dataset.node")
    check(hovered is not None and page.locator(f"#picture svg [data-node='{hovered}'].hover").count() == 1,
          f"hovering the picture highlights the node in the tree ({hovered})")
    page.focus("#tree button[data-node='nav']")
    check(page.locator("#picture svg [data-node='nav'].hover").count() == 1, "focusing a node in the tree highlights it too")

    # A keyboard height draws the keyboard.
    page.fill("#keyboard", "300")
    page.dispatch_event("#keyboard", "change")
    check(appears(page, "#picture svg [data-part='keyboard']"), "a keyboard height draws the keyboard")
    check("Keyboard 300 pt" in page.text_content("#picture svg [data-part='keyboard']"), "a keyboard height draws the keyboard with its height")
    page.screenshot(path=f"{out}/8-keyboard-and-row.png")

    # An invalid edit keeps the last picture, dimmed, with the problems beside it.
    good = page.input_value("#request")
    page.fill("#request", good[:-5])
    page.wait_for_selector("#problemList")
    settle(page)
    check(page.locator("#picture svg [data-node]").count() > 0, "an invalid edit keeps the last picture")
    check("stale" in (page.get_attribute("#picture", "class") or ""), "the kept picture is dimmed")
    page.screenshot(path=f"{out}/9-invalid-edit.png")
    page.fill("#request", good)
    page.wait_for_function("() => !document.querySelector('#picture').classList.contains('stale')")

    # Zoom: 200 % shows two pixels per point; fit fills the column.
    width = float(page.get_attribute("#picture svg", "width"))
    page.click("[data-zoom='200']")
    shown = page.locator("#picture svg").bounding_box()["width"]
    check(abs(shown - 2 * width) < 1, f"200 % shows the picture {2 * width:g} px wide ({shown:g})")
    page.click("[data-zoom='fit']")

    # The iPad window control: Split View presets below 26, a free window from 26.
    page.select_option("#device", "ipad-pro-13-m4")
    settle(page)
    check(page.is_visible("#freeControls") and page.is_hidden("#splitControls"), "from systemVersion 26 an iPad offers a free window")
    page.check("#windowFree")
    page.dispatch_event("#windowFree", "change")
    check(appears(page, "#picture svg [data-part='otherApps']"), "a free window shades the other apps' area")
    frame = json.loads(page.input_value("#request"))["window"]["frame"]
    check(frame["width"] >= 200 and frame["height"] >= 200, f"a free window goes into the request ({frame})")
    page.fill("#systemVersion", "18")
    page.dispatch_event("#systemVersion", "change")
    settle(page)
    check(page.is_visible("#splitControls") and page.is_hidden("#freeControls"), "below 26 an iPad offers the Split View presets")
    check("window" not in json.loads(page.input_value("#request")), "a free window is not sent below 26")

    # The matrix view hides the one-device view and offers the device chooser.
    page.click("#viewMatrix")
    page.wait_for_selector("#matrixGrid figure svg, #matrixProblem")
    settle(page)
    check(page.is_hidden("#single") and page.is_hidden("#picture"), "the matrix view hides the one-device view")
    page.fill("#matrixSearch", "iphone 17")
    shown = page.locator("#matrixList li").count()
    check(shown >= 3 and all("iPhone 17" in page.locator("#matrixList li").nth(i).inner_text() for i in range(shown)), "searching filters the devices as you type")
    page.click("#matrixPresets button:has-text('Current line-up')")
    page.wait_for_function("() => document.querySelector('#matrixCount').textContent.startsWith('10 devices')")
    page.wait_for_selector("#matrixGrid figure[data-combination^='iphone-air']")
    settle(page)
    check(page.locator("#matrixGrid figure").count() >= 10, "the line-up preset draws every chosen device")
    page.screenshot(path=f"{out}/10-matrix-line-up.png")
    narrow = watch(browser.new_context(viewport={"width": 390, "height": 844}).new_page())
    narrow.goto(page.url)
    narrow.wait_for_selector("#matrixGrid figure svg")
    settle(narrow)
    check(narrow.evaluate("document.documentElement.scrollWidth") <= 390, "the matrix view does not scroll sideways at 390 px")
    check(narrow.is_hidden("#single"), "a shared matrix link opens with the one-device view hidden")
    narrow.close()
    page.click("#viewSingle")

    # Dark mode: the page and the picture's own dark palette.
    dark = watch(browser.new_context(viewport={"width": 1280, "height": 800}, color_scheme="dark").new_page())
    dark.goto(base + "/")
    dark.wait_for_selector("#picture svg [data-node]")
    settle(dark)
    fill = dark.evaluate("getComputedStyle(document.querySelector('#picture svg .insetd-bg')).fill")
    check(fill == "rgb(28, 28, 30)", f"in dark mode the picture is dark ({fill})")
    dark.screenshot(path=f"{out}/11-dark.png")
    dark.close()
    page.close()
