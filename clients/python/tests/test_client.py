"""Every route through the client, against the live server: typed answers, typed errors."""
import pytest

from insetd_client import Client, InsetdError, models

NAV = {
    "device": "iphone-15-pro",
    "systemVersion": 18,
    "root": {"id": "nav", "viewController": {"kind": "navigation"},
             "subviews": [{"id": "content", "viewController": {"kind": "plain"}}]},
}


def test_layout_answers_the_typed_model(client: Client) -> None:
    answer = client.layout(NAV)
    assert isinstance(answer, models.LayoutResponse)
    assert answer.device == "iphone-15-pro"
    assert list(answer.nodes) == ["nav", "content"]
    content = answer.nodes["content"]
    assert content.safeAreaInsets.bottom == 34
    assert sum(c.value for c in content.explain.top.root) == content.safeAreaInsets.top


def test_layout_takes_a_generated_request_model(client: Client) -> None:
    request = models.LayoutRequest.model_validate(NAV)
    assert client.layout(request).nodes["content"] == client.layout(NAV).nodes["content"]


def test_scroll(client: Client) -> None:
    answer = client.scroll({"bounds": {"width": 375, "height": 812}, "contentSize": {"width": 375, "height": 2000},
                            "safeAreaInsets": {"top": 88, "bottom": 34}, "contentInsetAdjustmentBehavior": "scrollableAxes"})
    assert isinstance(answer, models.ScrollResponse)
    assert (answer.adjustedContentInset.top, answer.adjustedContentInset.bottom) == (88, 34)
    assert answer.contentOffset.initial.y == -88


def test_matrix_as_json_and_csv(client: Client) -> None:
    body = {"devices": ["iphone-x", "iphone-se-3rd-gen"], "orientations": ["portrait"], "systemVersions": [18],
            "root": NAV["root"]}
    answer = client.matrix(body, fields=["safeAreaInsets"])
    assert isinstance(answer, models.MatrixResponse)
    assert [r.device for r in answer.results] == ["iphone-x", "iphone-se-3rd-gen"]
    csv = client.matrix_csv(body)
    assert csv.splitlines()[0].startswith("device,orientation,systemVersion,node,")
    assert len(csv.splitlines()) == 1 + 2 * 2


def test_render_answers_svg(client: Client) -> None:
    svg = client.render({**NAV, "render": {"node": "content"}})
    assert svg.lstrip().startswith("<")
    assert 'data-node="content"' in svg


def test_devices_device_and_emulation(client: Client) -> None:
    listed = client.devices(family="ipad")
    assert listed.devices and all(d.family == "ipad" for d in listed.devices)
    profile = client.device("iPhone16,1")
    assert isinstance(profile, models.DeviceProfile)
    assert profile.id == "iphone-15-pro"
    landscape = client.device("iphone-15-pro", orientation="landscapeLeft", system_version=18)
    assert isinstance(landscape, models.DeviceOrientation)
    assert landscape.safeAreaInsets.left == 59
    emulation = client.emulation("iphone-x")
    assert emulation.cdp.method == "Emulation.setSafeAreaInsetsOverride"
    assert "--safe-area-inset-top: 44px" in client.emulation_css("iphone-x")
    assert client.device_svg("iphone-x", orientation="landscapeLeft").lstrip().startswith("<")


def test_playwright_descriptors(client: Client) -> None:
    descriptors = client.playwright_devices(family="iphone", system_version=18).root
    entry = descriptors["iPhone X landscape"]
    assert entry.insetdId == "iphone-x"
    assert (entry.viewport.width, entry.safeAreaInsets.left) == (812, 44)
    assert "iPhone" in entry.userAgent


def test_a_422_raises_the_typed_error_with_every_pointer(client: Client) -> None:
    with pytest.raises(InsetdError) as caught:
        client.layout({"device": "iphone-99", "root": {"id": "r", "subviews": [{"id": "a", "frame": {"x": 0, "y": 0, "width": -1, "height": 1}}]}})
    error = caught.value
    assert error.status == 422
    assert error.type == "/problems/invalid-request"
    assert error.pointers == ["/device", "/root/subviews/0/frame/width"]
    assert all(p.detail for p in error.problems)


def test_a_404_and_a_query_422(client: Client) -> None:
    with pytest.raises(InsetdError) as caught:
        client.device("iphone-99")
    assert caught.value.status == 404
    with pytest.raises(InsetdError) as caught:
        client.devices(family="watch")
    assert caught.value.pointers == ["/family"]
