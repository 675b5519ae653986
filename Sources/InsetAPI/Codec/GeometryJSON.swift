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

    /// `"frame":{…},"frameInWindow":{…}`: a node's frames (room: two ``objectRoom``s). The
    /// second's size is most often the first's (only the origin moves to the window's
    /// coordinates): then its bytes are copied, when its numbers hold the same bits.
    @inline(__always) mutating func frames(_ frame: Rect, inWindow: Rect) {
        key("frame")
        byte(UInt8(ascii: "{"))
        member("x", frame.x, comma: false)
        member("y", frame.y, comma: true)
        let size = self
        member("width", frame.width, comma: true)
        member("height", frame.height, comma: true)
        byte(UInt8(ascii: "}"))
        let sizeBytes = bytes(since: size)
        text(",\"frameInWindow\":{")
        member("x", inWindow.x, comma: false)
        member("y", inWindow.y, comma: true)
        if (frame.width.bitPattern ^ inWindow.width.bitPattern) | (frame.height.bitPattern ^ inWindow.height.bitPattern) == 0 {
            // `,"width":…,"height":…}` as the frame's.
            bytes(sizeBytes)
        } else {
            member("width", inWindow.width, comma: true)
            member("height", inWindow.height, comma: true)
            byte(UInt8(ascii: "}"))
        }
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
        member(reserving: Cursor.windowRoom) { $0.window(window, safeArea: safeArea, comma: false) }
    }
}

extension Cursor {
    /// The room ``window(_:safeArea:comma:)`` takes: two objects, the size classes (60
    /// bytes at most) and the rest of the text.
    static var windowRoom: Int { 2 &* objectRoom &+ 80 }

    /// `"window": {"safeAreaInsets" (safe-area model only), "frame", "sizeClass"}`, after a
    /// comma when `comma`.
    @inline(__always) mutating func window(_ window: AppWindow, safeArea: Insets?, comma: Bool) {
        if comma { byte(UInt8(ascii: ",")) }
        text("\"window\":{")
        if let safeArea { field("safeAreaInsets", safeArea, comma: false) }
        field("frame", window.frame, comma: safeArea != nil)
        text(",\"sizeClass\":{\"horizontal\":\"")
        text(Self.name(of: window.sizeClass.horizontal))
        text("\",\"vertical\":\"")
        text(Self.name(of: window.sizeClass.vertical))
        text("\"}}")
    }

    /// A size class's raw value, as text stored without a `String`.
    static func name(of sizeClass: SizeClass) -> StaticString {
        switch sizeClass {
        case .compact: "compact"
        case .regular: "regular"
        }
    }

    /// An orientation's raw value, as text stored without a `String`.
    static func name(of orientation: Orientation) -> StaticString {
        switch orientation {
        case .portrait: "portrait"
        case .portraitUpsideDown: "portraitUpsideDown"
        case .landscapeLeft: "landscapeLeft"
        case .landscapeRight: "landscapeRight"
        }
    }
}
