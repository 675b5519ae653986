import InsetEngine
import JSONCore
import ServiceKit

/// The API's common shapes (API.md "Common shapes"), written as `"name": {...}` members:
/// each shape's keys stated once, in the cursor's writers, which the writer's wrap.
///
/// Always inlined: the caller's constant name is stored as immediates (a call copies a name
/// of any length), and no call is made per member.
extension Cursor {
    /// The room an object of up to four numbers takes with a name of up to 40 bytes.
    static var objectRoom: Int { 64 &+ maxObjectLength }

    /// `"name": {"x", "y", "width", "height"}`, after a comma when `comma`.
    @inline(__always) mutating func field(_ name: StaticString, _ rect: Rect, comma: Bool = true) {
        object(name, comma: comma, "x", rect.x, "y", rect.y, "width", rect.width, "height", rect.height)
    }

    /// `"name": {"top", "left", "bottom", "right"}`, after a comma when `comma`.
    @inline(__always) mutating func field(_ name: StaticString, _ insets: Insets, comma: Bool = true) {
        object(name, comma: comma, "top", insets.top, "left", insets.left, "bottom", insets.bottom, "right", insets.right)
    }

    /// `"name": {"top", "leading", "bottom", "trailing"}`, after a comma when `comma`.
    @inline(__always) mutating func field(_ name: StaticString, _ insets: DirectionalInsets, comma: Bool = true) {
        object(name, comma: comma, "top", insets.top, "leading", insets.leading, "bottom", insets.bottom, "trailing", insets.trailing)
    }

    /// `"name": {"x", "y"}`, after a comma when `comma` (room: ``objectRoom``).
    @inline(__always) mutating func field(_ name: StaticString, _ point: Point, comma: Bool = true) {
        if comma { byte(UInt8(ascii: ",")) }
        key(name)
        byte(UInt8(ascii: "{"))
        member("x", point.x, comma: false)
        member("y", point.y, comma: true)
        byte(UInt8(ascii: "}"))
    }
}

extension JSONWriter {
    /// `"name": {"top", "left", "bottom", "right"}`.
    @inline(__always) mutating func field(_ name: StaticString, _ insets: Insets) {
        member(reserving: Cursor.objectRoom) { $0.field(name, insets, comma: false) }
    }

    /// `"name": {"top", "leading", "bottom", "trailing"}`.
    @inline(__always) mutating func field(_ name: StaticString, _ insets: DirectionalInsets) {
        member(reserving: Cursor.objectRoom) { $0.field(name, insets, comma: false) }
    }

    /// `"name": {"x", "y", "width", "height"}`.
    @inline(__always) mutating func field(_ name: StaticString, _ rect: Rect) {
        member(reserving: Cursor.objectRoom) { $0.field(name, rect, comma: false) }
    }

    /// `"name": {"width", "height"}`.
    mutating func field(_ name: StaticString, _ size: Size) {
        object(name, "width", size.width, "height", size.height)
    }

    /// `"name": {"x", "y"}`.
    mutating func field(_ name: StaticString, _ point: Point) {
        member(reserving: Cursor.objectRoom) { $0.field(name, point, comma: false) }
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
