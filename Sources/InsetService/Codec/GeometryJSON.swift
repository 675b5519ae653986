import InsetEngine
import JSONCore

/// The API's common shapes (API.md "Common shapes"), written as `"name": {...}` members.
extension JSONWriter {
    /// `"name": {"top", "left", "bottom", "right"}`.
    mutating func field(_ name: StaticString, _ insets: Insets) {
        object(name, "top", insets.top, "left", insets.left, "bottom", insets.bottom, "right", insets.right)
    }

    /// `"name": {"top", "leading", "bottom", "trailing"}`.
    mutating func field(_ name: StaticString, _ insets: DirectionalInsets) {
        object(name, "top", insets.top, "leading", insets.leading, "bottom", insets.bottom, "trailing", insets.trailing)
    }

    /// `"name": {"x", "y", "width", "height"}`.
    mutating func field(_ name: StaticString, _ rect: Rect) {
        object(name, "x", rect.x, "y", rect.y, "width", rect.width, "height", rect.height)
    }

    /// `"name": {"width", "height"}`.
    mutating func field(_ name: StaticString, _ size: Size) {
        object(name, "width", size.width, "height", size.height)
    }

    /// `"name": {"x", "y"}`.
    mutating func field(_ name: StaticString, _ point: Point) {
        object(name, "x", point.x, "y", point.y)
    }
}
