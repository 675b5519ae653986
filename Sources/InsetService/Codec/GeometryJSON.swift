import InsetEngine
import JSONCore

/// The API's common shapes (API.md "Common shapes"), written as `"name": {...}` members.
extension JSONWriter {
    /// `"name": {"top", "left", "bottom", "right"}`.
    mutating func field(_ name: String, _ insets: Insets) {
        key(name)
        beginObject()
        field("top", insets.top)
        field("left", insets.left)
        field("bottom", insets.bottom)
        field("right", insets.right)
        endObject()
    }

    /// `"name": {"top", "leading", "bottom", "trailing"}`.
    mutating func field(_ name: String, _ insets: DirectionalInsets) {
        key(name)
        beginObject()
        field("top", insets.top)
        field("leading", insets.leading)
        field("bottom", insets.bottom)
        field("trailing", insets.trailing)
        endObject()
    }

    /// `"name": {"x", "y", "width", "height"}`.
    mutating func field(_ name: String, _ rect: Rect) {
        key(name)
        beginObject()
        field("x", rect.x)
        field("y", rect.y)
        field("width", rect.width)
        field("height", rect.height)
        endObject()
    }

    /// `"name": {"width", "height"}`.
    mutating func field(_ name: String, _ size: Size) {
        key(name)
        beginObject()
        field("width", size.width)
        field("height", size.height)
        endObject()
    }

    /// `"name": {"x", "y"}`.
    mutating func field(_ name: String, _ point: Point) {
        key(name)
        beginObject()
        field("x", point.x)
        field("y", point.y)
        endObject()
    }
}
