"""A small synchronous client for every insetd route, returning the generated models."""
from __future__ import annotations

import json
import urllib.error
import urllib.parse
import urllib.request
from collections.abc import Mapping, Sequence
from typing import Any, TypeVar

from pydantic import BaseModel

from . import models
from .errors import InsetdError

Body = BaseModel | Mapping[str, Any]
M = TypeVar("M", bound=BaseModel)


class Client:
    """insetd at `base_url` (`http://127.0.0.1:8080`). Every method raises `InsetdError` for
    a 4xx or 5xx answer, with each problem's pointer; request bodies are the generated models
    or plain dicts of the same shape."""

    def __init__(self, base_url: str = "http://127.0.0.1:8080", timeout: float = 30.0) -> None:
        self.base_url = base_url.rstrip("/")
        self.timeout = timeout

    # -- POST routes -------------------------------------------------------------------

    def layout(self, request: Body) -> models.LayoutResponse:
        """`POST /layout`: every node's frame, insets, margins and their explanations."""
        return self._json(models.LayoutResponse, "POST", "/layout", body=request)

    def scroll(self, request: Body) -> models.ScrollResponse:
        """`POST /scroll`: one scroll view's adjusted content inset and what follows."""
        return self._json(models.ScrollResponse, "POST", "/scroll", body=request)

    def matrix(self, request: Body, fields: Sequence[str] | None = None) -> models.MatrixResponse:
        """`POST /layout/matrix`: one hierarchy on many devices, orientations and versions;
        `fields` keeps only those node fields."""
        return self._json(models.MatrixResponse, "POST", "/layout/matrix", body=request, query=_fields(fields))

    def matrix_csv(self, request: Body, fields: Sequence[str] | None = None) -> str:
        """`POST /layout/matrix` with `Accept: text/csv`: one line per screen and node."""
        return self._text("POST", "/layout/matrix", body=request, query=_fields(fields), accept="text/csv")

    def render(self, request: Body) -> str:
        """`POST /render`: the SVG picture of a /layout answer (a /layout request plus `render`)."""
        return self._text("POST", "/render", body=request)

    # -- device routes -----------------------------------------------------------------

    def devices(self, family: str | None = None, model: str | None = None) -> models.DeviceList:
        """`GET /devices`: one summary per device, filtered by family and model identifier."""
        return self._json(models.DeviceList, "GET", "/devices", query={"family": family, "model": model})

    def playwright_devices(self, family: str | None = None, model: str | None = None,
                           system_version: float | None = None) -> models.PlaywrightDevices:
        """`GET /devices?format=playwright`: Playwright device descriptors with safe areas."""
        query = {"format": "playwright", "family": family, "model": model, "systemVersion": system_version}
        return self._json(models.PlaywrightDevices, "GET", "/devices", query=query)

    def device(self, id: str, orientation: str | None = None,
               system_version: float | None = None) -> models.DeviceProfile | models.DeviceOrientation:
        """`GET /devices/{id}`: the full profile, or with `orientation` that orientation's
        metrics. `id` may be a model identifier (`iPhone16,1`)."""
        query = {"orientation": orientation, "systemVersion": system_version}
        model = models.DeviceOrientation if orientation else models.DeviceProfile
        return self._json(model, "GET", f"/devices/{_segment(id)}", query=query)

    def emulation(self, id: str, orientation: str | None = None,
                  system_version: float | None = None) -> models.Emulation:
        """`GET /devices/{id}/emulation`: viewport, the CDP payload and the CSS of the
        device's safe area."""
        query = {"orientation": orientation, "systemVersion": system_version}
        return self._json(models.Emulation, "GET", f"/devices/{_segment(id)}/emulation", query=query)

    def emulation_css(self, id: str, orientation: str | None = None, system_version: float | None = None) -> str:
        """`GET /devices/{id}/emulation` as `text/css`: the `:root { --safe-area-inset-…}` rule."""
        query = {"orientation": orientation, "systemVersion": system_version}
        return self._text("GET", f"/devices/{_segment(id)}/emulation", query=query, accept="text/css")

    def device_svg(self, id: str, orientation: str | None = None, system_version: float | None = None,
                   status_bar_hidden: bool | None = None, scale: float | None = None) -> str:
        """`GET /devices/{id}/render.svg`: the device alone, as an empty view controller sees it."""
        hidden = None if status_bar_hidden is None else str(status_bar_hidden).lower()
        query = {"orientation": orientation, "systemVersion": system_version, "statusBarHidden": hidden, "scale": scale}
        return self._text("GET", f"/devices/{_segment(id)}/render.svg", query=query)

    # -- transport ---------------------------------------------------------------------

    def _json(self, model: type[M], method: str, path: str, body: Body | None = None,
              query: Mapping[str, Any] | None = None) -> M:
        return model.model_validate_json(self._send(method, path, body, query, "application/json"))

    def _text(self, method: str, path: str, body: Body | None = None,
              query: Mapping[str, Any] | None = None, accept: str | None = None) -> str:
        return self._send(method, path, body, query, accept).decode("utf-8")

    def _send(self, method: str, path: str, body: Body | None, query: Mapping[str, Any] | None,
              accept: str | None) -> bytes:
        pairs = [(k, _query_value(v)) for k, v in (query or {}).items() if v is not None]
        url = self.base_url + path + ("?" + urllib.parse.urlencode(pairs) if pairs else "")
        headers = {"Accept": accept} if accept else {}
        data = None
        if body is not None:
            headers["Content-Type"] = "application/json"
            data = json.dumps(_plain(body), separators=(",", ":")).encode("utf-8")
        request = urllib.request.Request(url, data=data, method=method, headers=headers)
        try:
            with urllib.request.urlopen(request, timeout=self.timeout) as answer:
                return answer.read()
        except urllib.error.HTTPError as error:
            raise InsetdError.from_answer(error.code, error.read(), error.headers.get("Retry-After")) from None


def _plain(body: Body) -> Any:
    """A model as the JSON it stands for (only the fields set, so the server applies its own
    defaults); a mapping as it is."""
    if isinstance(body, BaseModel):
        return body.model_dump(mode="json", by_alias=True, exclude_none=True, exclude_unset=True)
    return body


def _fields(fields: Sequence[str] | None) -> dict[str, str | None]:
    return {"fields": None if fields is None else ",".join(fields)}


def _query_value(value: Any) -> str:
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    return str(value)


def _segment(id: str) -> str:
    # A model identifier's comma is allowed in a path segment; everything else is escaped.
    return urllib.parse.quote(id, safe=",")
