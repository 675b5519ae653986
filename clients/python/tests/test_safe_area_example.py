"""The example: a page that reads env(safe-area-inset-*) gets the device's values in
portrait and landscape, in Debian's Chromium, through the `insetd_device_page` fixture."""
import pytest

PAGE = """<!doctype html><meta name="viewport" content="width=device-width, viewport-fit=cover">
<div id="probe" style="padding: var(--safe-area-inset-top, env(safe-area-inset-top, 0px))
  var(--safe-area-inset-right, env(safe-area-inset-right, 0px))
  var(--safe-area-inset-bottom, env(safe-area-inset-bottom, 0px))
  var(--safe-area-inset-left, env(safe-area-inset-left, 0px))"></div>"""

READ = """() => { const s = getComputedStyle(document.getElementById('probe'));
  return {top: parseFloat(s.paddingTop), left: parseFloat(s.paddingLeft),
          bottom: parseFloat(s.paddingBottom), right: parseFloat(s.paddingRight)}; }"""


@pytest.mark.parametrize("orientation", ["portrait", "landscapeLeft"])
def test_env_safe_area_inset_is_the_devices(insetd_device_page, insetd_client, orientation: str) -> None:
    device = insetd_device_page("iphone-15-pro", orientation, system_version=18)
    device.page.set_content(PAGE)
    expected = insetd_client.device("iphone-15-pro", orientation=orientation, system_version=18).safeAreaInsets
    read = device.page.evaluate(READ)
    assert read == {"top": expected.top, "left": expected.left, "bottom": expected.bottom, "right": expected.right}
    assert device.page.evaluate("[innerWidth, innerHeight]") == [device.descriptor["viewport"]["width"], device.descriptor["viewport"]["height"]]
    assert "iPhone" in device.page.evaluate("navigator.userAgent")
    assert device.safe_area == "cdp", "Debian's Chromium has Emulation.setSafeAreaInsetsOverride"


def test_env_alone_reads_the_cdp_override(insetd_device_page) -> None:
    """Without the custom properties' fallback: env() itself carries the device's top."""
    device = insetd_device_page("iphone-15-pro", "portrait", system_version=18)
    device.page.set_content('<meta name="viewport" content="viewport-fit=cover"><div id="p" style="padding-top: env(safe-area-inset-top, 1px)"></div>')
    assert device.page.evaluate("parseFloat(getComputedStyle(document.getElementById('p')).paddingTop)") == 59
