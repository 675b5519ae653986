import InsetEngine
import JSONCore

/// The response keys, encoded once.
enum Key {
    static let adjustedContentInset = JSONKey("adjustedContentInset")
    static let adjustedEdges = JSONKey("adjustedEdges")
    static let bars = JSONKey("bars")
    static let bottom = JSONKey("bottom")
    static let bottomLayoutGuide = JSONKey("bottomLayoutGuide")
    static let contentInset = JSONKey("contentInset")
    static let contentOffset = JSONKey("contentOffset")
    static let device = JSONKey("device")
    static let directionalLayoutMargins = JSONKey("directionalLayoutMargins")
    static let explain = JSONKey("explain")
    static let frame = JSONKey("frame")
    static let frameInWindow = JSONKey("frameInWindow")
    static let height = JSONKey("height")
    static let horizontal = JSONKey("horizontal")
    static let horizontalScrollIndicatorInsets = JSONKey("horizontalScrollIndicatorInsets")
    static let initial = JSONKey("initial")
    static let layoutMargins = JSONKey("layoutMargins")
    static let layoutMarginsGuide = JSONKey("layoutMarginsGuide")
    static let leading = JSONKey("leading")
    static let left = JSONKey("left")
    static let max = JSONKey("max")
    static let min = JSONKey("min")
    static let navigationBar = JSONKey("navigationBar")
    static let nodes = JSONKey("nodes")
    static let orientation = JSONKey("orientation")
    static let right = JSONKey("right")
    static let safeAreaInsets = JSONKey("safeAreaInsets")
    static let safeAreaLayoutGuide = JSONKey("safeAreaLayoutGuide")
    static let screen = JSONKey("screen")
    static let scrollableAxes = JSONKey("scrollableAxes")
    static let source = JSONKey("source")
    static let statusBar = JSONKey("statusBar")
    static let steps = JSONKey("steps")
    static let subviewSafeAreaInsets = JSONKey("subviewSafeAreaInsets")
    static let systemInset = JSONKey("systemInset")
    static let systemVersion = JSONKey("systemVersion")
    static let tabBar = JSONKey("tabBar")
    static let toolbar = JSONKey("toolbar")
    static let top = JSONKey("top")
    static let topLayoutGuide = JSONKey("topLayoutGuide")
    static let trailing = JSONKey("trailing")
    static let value = JSONKey("value")
    static let vertical = JSONKey("vertical")
    static let verticalScrollIndicatorInsets = JSONKey("verticalScrollIndicatorInsets")
    static let width = JSONKey("width")
    static let window = JSONKey("window")
    static let x = JSONKey("x")
    static let y = JSONKey("y")
}

/// The API's common shapes (API.md "Common shapes"), written as `"name": {...}` members.
extension JSONWriter {
    /// `"name": {"top", "left", "bottom", "right"}`.
    mutating func field(_ name: JSONKey, _ insets: Insets) {
        key(name)
        beginObject()
        field(Key.top, insets.top)
        field(Key.left, insets.left)
        field(Key.bottom, insets.bottom)
        field(Key.right, insets.right)
        endObject()
    }

    /// `"name": {"top", "leading", "bottom", "trailing"}`.
    mutating func field(_ name: JSONKey, _ insets: DirectionalInsets) {
        key(name)
        beginObject()
        field(Key.top, insets.top)
        field(Key.leading, insets.leading)
        field(Key.bottom, insets.bottom)
        field(Key.trailing, insets.trailing)
        endObject()
    }

    /// `"name": {"x", "y", "width", "height"}`.
    mutating func field(_ name: JSONKey, _ rect: Rect) {
        key(name)
        beginObject()
        field(Key.x, rect.x)
        field(Key.y, rect.y)
        field(Key.width, rect.width)
        field(Key.height, rect.height)
        endObject()
    }

    /// `"name": {"width", "height"}`.
    mutating func field(_ name: JSONKey, _ size: Size) {
        key(name)
        beginObject()
        field(Key.width, size.width)
        field(Key.height, size.height)
        endObject()
    }

    /// `"name": {"x", "y"}`.
    mutating func field(_ name: JSONKey, _ point: Point) {
        key(name)
        beginObject()
        field(Key.x, point.x)
        field(Key.y, point.y)
        endObject()
    }
}
