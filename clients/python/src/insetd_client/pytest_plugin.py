"""pytest fixtures for pages that are a device with its safe area (`insetd_device_page`).

Options (or environment): `--insetd-url` (`INSETD_URL`, default http://127.0.0.1:8080),
`--insetd-chromium` (`INSETD_CHROMIUM`, default /usr/bin/chromium when present, else
Playwright's own Chromium). Enabled by installing the package (a `pytest11` entry point) or
with `-p insetd_client.pytest_plugin`.
"""
from __future__ import annotations

import os
from collections.abc import Callable, Iterator
from typing import Any

import pytest

from .client import Client
from .playwright import DevicePage, open_device_page


def pytest_addoption(parser: pytest.Parser) -> None:
    group = parser.getgroup("insetd")
    group.addoption("--insetd-url", default=os.environ.get("INSETD_URL", "http://127.0.0.1:8080"),
                    help="the insetd server the fixtures ask (default: $INSETD_URL or http://127.0.0.1:8080)")
    default_chromium = os.environ.get("INSETD_CHROMIUM") or ("/usr/bin/chromium" if os.path.exists("/usr/bin/chromium") else None)
    group.addoption("--insetd-chromium", default=default_chromium,
                    help="the Chromium executable (default: $INSETD_CHROMIUM, /usr/bin/chromium, or Playwright's)")


@pytest.fixture(scope="session")
def insetd_client(pytestconfig: pytest.Config) -> Client:
    """A client of the insetd at `--insetd-url`."""
    return Client(pytestconfig.getoption("insetd_url"))


@pytest.fixture(scope="session")
def insetd_browser(pytestconfig: pytest.Config) -> Iterator[Any]:
    """A headless Chromium for the session."""
    from playwright.sync_api import sync_playwright

    executable = pytestconfig.getoption("insetd_chromium")
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=executable, args=["--no-sandbox"])
        yield browser
        browser.close()


@pytest.fixture
def insetd_device_page(insetd_client: Client, insetd_browser: Any) -> Iterator[Callable[..., DevicePage]]:
    """Opens pages as devices: `insetd_device_page("iphone-15-pro", "landscapeLeft")` gives a
    `DevicePage` whose `page` has the device's viewport, user agent and safe area; every
    context it opened is closed after the test."""
    opened: list[DevicePage] = []

    def open_page(device: str, orientation: str = "portrait", system_version: float | None = None) -> DevicePage:
        device_page = open_device_page(insetd_browser, insetd_client, device, orientation, system_version)
        opened.append(device_page)
        return device_page

    yield open_page
    for device_page in opened:
        device_page.context.close()
