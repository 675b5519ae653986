"""Playwright pages that are a device, with its safe area: what Playwright's own device
list cannot give (it carries no safe areas).

`open_device_page(browser, client, "iphone-15-pro", "landscapeLeft")` opens a context with
insetd's Playwright descriptor for the device (viewport, screen, scale, touch, Safari's user
agent) and applies the device's window safe area to `env(safe-area-inset-*)`: through the
emulation endpoint's Chrome DevTools Protocol payload (`Emulation.setSafeAreaInsetsOverride`)
where the browser is Chromium and supports it, else by adding the endpoint's CSS (custom
properties `--safe-area-inset-*`, which a page reads as `var(--safe-area-inset-top,
env(safe-area-inset-top))`).
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Literal

from .client import Client

#: insetd's additions to a Playwright descriptor, which `new_context` does not take.
INSETD_KEYS = ("safeAreaInsets", "insetdId")
#: A descriptor's keys as Playwright for Python names `new_context`'s parameters.
_PYTHON_NAMES = {
    "userAgent": "user_agent", "viewport": "viewport", "screen": "screen",
    "deviceScaleFactor": "device_scale_factor", "isMobile": "is_mobile", "hasTouch": "has_touch",
}
_LANDSCAPE = ("landscapeLeft", "landscapeRight")


def descriptor(client: Client, device: str, orientation: str = "portrait",
               system_version: float | None = None) -> dict[str, Any]:
    """insetd's Playwright descriptor of `device` (a registry id) in `orientation` (the
    landscape one for either landscape orientation), as JSON: Playwright's keys plus
    `safeAreaInsets` and `insetdId`."""
    profile_id = client.device(device, system_version=system_version).id  # resolves model identifiers, 404s
    suffix = " landscape" if orientation in _LANDSCAPE else ""
    descriptors = client.playwright_devices(system_version=system_version).model_dump(mode="json")
    for name, entry in descriptors.items():
        if entry["insetdId"] == profile_id and name.endswith(suffix) and (suffix or not name.endswith(" landscape")):
            return entry
    raise LookupError(f"no Playwright descriptor for {device} in {orientation} (Apple TVs have none)")


def context_options(entry: dict[str, Any]) -> dict[str, Any]:
    """A descriptor as keyword arguments of Playwright for Python's `browser.new_context`:
    insetd's additions and `defaultBrowserType` stripped (the page may run in Chromium, since
    Playwright's WebKit build cannot be installed everywhere)."""
    return {_PYTHON_NAMES[key]: value for key, value in entry.items() if key in _PYTHON_NAMES}


@dataclass
class DevicePage:
    """A page opened as a device: the page, its context, the descriptor used, and how the
    safe area reached it (`"cdp"`: `env(safe-area-inset-*)` itself; `"css"`: the
    `--safe-area-inset-*` custom properties)."""

    page: Any
    context: Any
    descriptor: dict[str, Any]
    safe_area: Literal["cdp", "css"]


def open_device_page(browser: Any, client: Client, device: str, orientation: str = "portrait",
                     system_version: float | None = None) -> DevicePage:
    """A new context and page in `browser` as `device` in `orientation`, with its safe area
    applied (see the module's documentation). Close `DevicePage.context` when done."""
    entry = descriptor(client, device, orientation, system_version)
    emulation = client.emulation(device, orientation=orientation, system_version=system_version)
    context = browser.new_context(**context_options(entry))
    page = context.new_page()
    method: Literal["cdp", "css"] = "css"
    if browser.browser_type.name == "chromium":
        try:
            session = context.new_cdp_session(page)
            session.send(emulation.cdp.method, emulation.cdp.params.model_dump(mode="json"))
            method = "cdp"
        except Exception:  # noqa: BLE001 - an older Chromium without the command: use the CSS
            method = "css"
    if method == "css":
        page.add_init_script(script=_STYLE_SCRIPT % {"css": emulation.css.replace("\\", "\\\\").replace("`", "\\`")})
    return DevicePage(page=page, context=context, descriptor=entry, safe_area=method)


# Adds the emulation CSS to every document the page loads, before its own scripts run.
_STYLE_SCRIPT = """(() => {
  const add = () => { const s = document.createElement('style'); s.textContent = `%(css)s`; document.documentElement.appendChild(s); };
  if (document.documentElement) add(); else document.addEventListener('DOMContentLoaded', add);
})();"""
