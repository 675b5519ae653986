"""insetd-client: a typed client for insetd (UIKit's layout-inset model over HTTP).

    from insetd_client import Client
    answer = Client("http://127.0.0.1:8080").layout({"device": "iphone-15-pro", "root": {"id": "r"}})
    answer.nodes["r"].safeAreaInsets.top

`insetd_client.models` holds the request and answer models generated from openapi.yaml;
`insetd_client.playwright` opens Playwright pages as a device with its safe area.
"""
from . import models
from .client import Client
from .errors import InsetdError, ProblemItem

__all__ = ["Client", "InsetdError", "ProblemItem", "models"]
