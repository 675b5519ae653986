import InsetEngine
import JSONCore
import ServiceKit

/// The API's common shapes (API.md "Common shapes"), written as `"name": {...}` members.
///
/// Rects and insets, a node's members, are always inlined: the caller's constant name is
/// stored as immediates (a call copies a name of any length), and no call is made per member.
extension JSONWriter {
    /// `"name": {"top", "left", "bottom", "right"}`.
    @inline(__always) mutating func field(_ name: StaticString, _ insets: Insets) {
        object(name, "top", insets.top, "left", insets.left, "bottom", insets.bottom, "right", insets.right)
    }

    /// `"name": {"top", "leading", "bottom", "trailing"}`.
    @inline(__always) mutating func field(_ name: StaticString, _ insets: DirectionalInsets) {
        object(name, "top", insets.top, "leading", insets.leading, "bottom", insets.bottom, "trailing", insets.trailing)
    }

    /// `"name": {"x", "y", "width", "height"}`.
    @inline(__always) mutating func field(_ name: StaticString, _ rect: Rect) {
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

    /// `"window": {"safeAreaInsets" (safe-area model only), "frame", "sizeClass"}`: the
    /// app's window as /layout and every matrix result answer it.
    mutating func window(_ window: AppWindow, safeArea: Insets?) {
        beginObject("window")
        if let safeArea { field("safeAreaInsets", safeArea) }
        field("frame", window.frame)
        beginObject("sizeClass")
        field("horizontal", window.sizeClass.horizontal.rawValue)
        field("vertical", window.sizeClass.vertical.rawValue)
        endObject()
        endObject()
    }
}
