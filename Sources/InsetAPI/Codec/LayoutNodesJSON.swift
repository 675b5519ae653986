import InsetEngine
import JSONCore

/// The answer's `"nodes"`: each node written through a cursor, its room checked once for all
/// its members of bounded size (each member's key, colon and punctuation stored as
/// constants, no comma state), and once more for each part whose size only it knows (an
/// explanation, sections, repeated bytes).
extension LayoutResponseEncoder {
    /// The room a node's members of bounded size take, its id of up to 16 bytes aside: at
    /// most 20 objects of four numbers (frames, safe area and its guide, margins, their guide,
    /// a scroll view's four insets, four bars, a content view's four, a keyboard guide), a
    /// point, a separator inset and two layout guides: 24 objects' room.
    static var nodeRoom: Int { 24 &* Cursor.objectRoom }

    /// `"nodes":{"id":{…},…}`.
    static func writeNodes(_ nodes: NodeResults, to writer: inout JSONWriter) {
        writer.beginObject("nodes")
        // The recent plain members are kept on the stack (a few words each): an array would
        // add its creation, growth and release.
        withUnsafeTemporaryAllocation(of: PlainWritten.self, capacity: RecentPlainMembers.capacity) { recent in
            var shared = SharedMembers(plain: RecentPlainMembers(storage: recent))
            // Each result and id is read in place: no copy of a result, no `String` of an id.
            nodes.withUnsafeResults { results, ids in
                for index in results.indices {
                    write(results.baseAddress! + index, id: index, of: ids, of: nodes, to: &writer, shared: &shared)
                }
            }
        }
        writer.endObject()
    }

    /// `"id":{…}`: one node, its members in API.md's order; absent parts omitted.
    @inline(__always)
    private static func write(
        _ node: UnsafePointer<NodeResult>, id: Int, of ids: NodeIDList.UnsafeIDs, of nodes: NodeResults, to writer: inout JSONWriter,
        shared: inout SharedMembers
    ) {
        var out = writer.cursor(reserving: nodeRoom &+ 21)
        // A plain inline id stored as its slot's words; any other as its bytes, escaped.
        if let count = ids.plainCount(at: id) {
            out.plainKey(slot: ids.slot(at: id), count: count, opening: UInt8(ascii: "{"))
        } else {
            out = writer.beginObject(dynamicUTF8: ids.utf8(at: id), after: out, reserving: nodeRoom)
        }
        out.frames(node.pointee.frame, inWindow: node.pointee.frameInWindow)
        // Only the frame kept (a content view's copies cost more than working it out again
        // for the few nodes written afresh).
        let contentViewFrame = node.pointee.contentViewFrame
        // Tested by pattern, in place: `== nil` would compare copies of the optionals.
        if !node.pointee.hasExtras, case .none = node.pointee.layoutGuides {
            let explanation = node.pointee.explanationIdentity
            if let bytes = shared.plain.bytes(alike: node, contentViewFrame: contentViewFrame, explanation: explanation) {
                writer.reserve(bytes.count &+ 2, after: &out)
                out.byte(UInt8(ascii: ","))
                writer.copyWritten(bytes, to: &out)
            } else {
                let start = writer.offset(of: out) &+ 1
                writeMembers(node, of: nodes, to: &out, in: &writer, shared: &shared)
                shared.plain.remember(node, contentViewFrame: contentViewFrame, explanation: explanation, at: start..<writer.offset(of: out))
            }
        } else {
            writeMembers(node, of: nodes, to: &out, in: &writer, shared: &shared)
        }
        out.byte(UInt8(ascii: "}"))
        writer.advance(to: out, needsComma: true)
    }

    /// A node's members after its frames, each after a comma: `out` has room for the
    /// members of bounded size; the others make their own. `nodes` holds its extras and
    /// explanation (a parameter: kept in `shared` it would be retained at each read).
    private static func writeMembers(
        _ node: UnsafePointer<NodeResult>, of nodes: NodeResults, to out: inout Cursor, in writer: inout JSONWriter,
        shared: inout SharedMembers
    ) {
        if let safeAreaInsets = node.pointee.safeAreaInsets {
            repeatOrWrite(safeAreaInsets, as: &shared.safeAreaInsets, to: &out, in: writer) { $0.field("safeAreaInsets", safeAreaInsets) }
        }
        if let guide = node.pointee.safeAreaLayoutGuide { out.field("safeAreaLayoutGuide", guide) }
        let margins = Margins(layoutMargins: node.pointee.layoutMargins, directionalLayoutMargins: node.pointee.directionalLayoutMargins)
        repeatOrWrite(margins, as: &shared.margins, to: &out, in: writer) { out in
            out.field("layoutMargins", margins.layoutMargins)
            out.field("directionalLayoutMargins", margins.directionalLayoutMargins)
        }
        out.field("layoutMarginsGuide", node.pointee.layoutMarginsGuide)
        // The extras read only when there: each read copies the result.
        let hasExtras = node.pointee.hasExtras
        if hasExtras, let scroll = nodes.scroll(of: node.pointee) {
            out.field("contentInset", scroll.contentInset)
            out.field("adjustedContentInset", scroll.adjustedContentInset)
            out.field("verticalScrollIndicatorInsets", scroll.verticalScrollIndicatorInsets)
            out.field("horizontalScrollIndicatorInsets", scroll.horizontalScrollIndicatorInsets)
            out.field("contentOffset", scroll.contentOffset)
        }
        if let guides = node.pointee.layoutGuides {
            out.member("topLayoutGuide", guides.top, comma: true)
            out.member("bottomLayoutGuide", guides.bottom, comma: true)
        }
        if hasExtras, let bars = nodes.bars(of: node.pointee) { out.bars(bars) }
        if let contentView = node.pointee.contentView { out.contentView(contentView) }
        if let separator = node.pointee.separatorInset { out.separatorInset(separator) }
        if hasExtras, let sections = nodes.sections(of: node.pointee) {
            writer.advance(to: out, needsComma: true)
            writer.sectionInsets(sections)
            writer.sectionExplain(sections)
            out = writer.continuation(reserving: nodeRoom)
        }
        if hasExtras, let guide = nodes.keyboardLayoutGuide(of: node.pointee) { out.field("keyboardLayoutGuide", guide) }
        // Compared by identity, and read only to be written: its lists are read in place.
        if let identity = node.pointee.explanationIdentity {
            if let last = shared.explanation, last.value == identity {
                writer.reserve(last.bytes.count &+ 2, after: &out)
                out.byte(UInt8(ascii: ","))
                writer.copyWritten(last.bytes, to: &out)
            } else {
                _ = nodes.withExplanation(of: node.pointee) { entries in
                    writer.reserve(Cursor.explainRoom(entries) &+ 1, after: &out)
                    let start = writer.offset(of: out) &+ 1
                    out.explain(entries)
                    shared.explanation = Written(value: identity, bytes: start..<writer.offset(of: out))
                }
            }
        }
    }

    /// Copies the member written last when `value` equals its value (equal numbers are written
    /// alike: `-0` and `0` both as `0`; NaN equals nothing), else writes it with `write` and
    /// remembers it. Either fits in the room of a member of bounded size.
    @inline(__always)
    private static func repeatOrWrite<Value: Equatable>(
        _ value: Value, as last: inout Written<Value>?, to out: inout Cursor, in writer: borrowing JSONWriter, _ write: (inout Cursor) -> Void
    ) {
        if let last, last.value == value {
            out.byte(UInt8(ascii: ","))
            writer.copyWritten(last.bytes, to: &out)
        } else {
            let start = writer.offset(of: out) &+ 1
            write(&out)
            last = Written(value: value, bytes: start..<writer.offset(of: out))
        }
    }

    /// The members siblings often share, as last written: a node whose members are the same
    /// gets a copy of their bytes, a fraction of the cost of writing their numbers again. In
    /// a list, cells usually have the same safe area, margins and explanation (whose lists
    /// the engine shares).
    private struct SharedMembers {
        var safeAreaInsets: Written<Insets>?
        var margins: Written<Margins>?
        var explanation: Written<ExplanationIdentity>?
        /// The last few plain views' members after their frames: each cell of a list, and each
        /// of its subviews, usually has those of the one before it, a few nodes back.
        var plain: RecentPlainMembers
    }

    /// Where members were written (without the comma before them), and the value they were
    /// written from.
    private struct Written<Value> {
        var value: Value
        var bytes: Range<Int>
    }

    /// `layoutMargins` and `directionalLayoutMargins`, written one after the other.
    private struct Margins: Equatable {
        var layoutMargins: Insets
        var directionalLayoutMargins: DirectionalInsets
    }
}

extension LayoutResponseEncoder {
    /// A plain view's or row's members after its frames, as written: for the node (alive while
    /// the nodes are written, so compared in place, never copied), its row's content view and
    /// its explanation's identity (worked out once, not at each compare).
    struct PlainWritten {
        let node: UnsafePointer<NodeResult>
        let contentViewFrame: Rect?
        let explanation: ExplanationIdentity?
        let bytes: Range<Int>
    }

    /// The last ``capacity`` plain members written, each with where its bytes are; the oldest
    /// makes room for a new one.
    struct RecentPlainMembers {
        /// Enough for a list whose cells are subtrees of up to four views.
        static var capacity: Int { 4 }
        /// The caller's room for `capacity` entries, of which the first `count` are initialized
        /// (a trivial type: nothing to end).
        private let storage: UnsafeMutableBufferPointer<PlainWritten>
        private var count = 0
        private var oldest = 0

        init(storage: UnsafeMutableBufferPointer<PlainWritten>) {
            precondition(storage.count >= Self.capacity, "room for \(Self.capacity) entries")
            self.storage = storage
        }

        /// Where members written as `node`'s would be were written, if one of the last ones was.
        @inline(__always)
        func bytes(alike node: UnsafePointer<NodeResult>, contentViewFrame: Rect?, explanation: ExplanationIdentity?) -> Range<Int>? {
            for index in 0..<count where Self.alike(storage[index], node, contentViewFrame, explanation) { return storage[index].bytes }
            return nil
        }

        /// Remembers `node`'s members written at `bytes`, in place of the oldest once full.
        mutating func remember(_ node: UnsafePointer<NodeResult>, contentViewFrame: Rect?, explanation: ExplanationIdentity?, at bytes: Range<Int>) {
            let written = PlainWritten(node: node, contentViewFrame: contentViewFrame, explanation: explanation, bytes: bytes)
            if count < Self.capacity {
                (storage.baseAddress! + count).initialize(to: written)
                count += 1
            } else {
                storage[oldest] = written
                oldest = (oldest + 1) % Self.capacity
            }
        }

        /// Whether `node`'s members after its frames are written as `written`'s: the values
        /// they are written from hold the same bits (a row's content view follows from its
        /// frame and the row's members compared). Compared a word at a time through their
        /// addresses: `==` on the engine's types is a call per field. Equal bits are equal
        /// values (an absent optional's payload is zero); equal values of other bits (`-0`
        /// and `0`) are only written afresh. The guides and directional margins follow from the
        /// size, bounds origin, safe area, margins and direction compared. The size comes first:
        /// it tells cells from their subviews at the first compare.
        @inline(__always)
        private static func alike(
            _ written: PlainWritten, _ node: UnsafePointer<NodeResult>, _ contentViewFrame: Rect?, _ explanation: ExplanationIdentity?
        ) -> Bool {
            let other = written.node
            guard sameBits(other.pointer(to: \.frame.width)!, node.pointer(to: \.frame.width)!, words: 2),
                sameBits(other.pointer(to: \.safeAreaInsets)!, node.pointer(to: \.safeAreaInsets)!, words: 4, tag: true),
                sameBits(other.pointer(to: \.layoutMargins)!, node.pointer(to: \.layoutMargins)!, words: 4),
                sameBits(other.pointer(to: \.boundsOrigin)!, node.pointer(to: \.boundsOrigin)!, words: 2)
            else { return false }
            return other.pointee.layoutDirection == node.pointee.layoutDirection && written.explanation == explanation
                && sameBits(written.contentViewFrame, contentViewFrame) && sameBits(other.pointee.separatorInset, node.pointee.separatorInset)
        }

        /// Whether `words` 8-byte words at `a` and `b` are the same, and with `tag` the byte
        /// after them too (an optional's: its payload has no spare bits).
        @inline(__always)
        private static func sameBits<T>(_ a: UnsafePointer<T>, _ b: UnsafePointer<T>, words: Int, tag: Bool = false) -> Bool {
            let a = UnsafeRawPointer(a), b = UnsafeRawPointer(b)
            var difference: UInt64 = 0
            for word in 0..<words {
                difference |= a.load(fromByteOffset: word &* 8, as: UInt64.self) ^ b.load(fromByteOffset: word &* 8, as: UInt64.self)
            }
            if tag { difference |= UInt64(a.load(fromByteOffset: words &* 8, as: UInt8.self) ^ b.load(fromByteOffset: words &* 8, as: UInt8.self)) }
            return difference == 0
        }

        @inline(__always)
        private static func sameBits(_ a: Rect?, _ b: Rect?) -> Bool {
            switch (a, b) {
            case (.none, .none): true
            case let (a?, b?):
                (a.x.bitPattern ^ b.x.bitPattern) | (a.y.bitPattern ^ b.y.bitPattern) | (a.width.bitPattern ^ b.width.bitPattern)
                    | (a.height.bitPattern ^ b.height.bitPattern) == 0
            default: false
            }
        }

        @inline(__always)
        private static func sameBits(_ a: SeparatorInset?, _ b: SeparatorInset?) -> Bool {
            switch (a, b) {
            case (.none, .none): true
            case let (a?, b?): (a.left.bitPattern ^ b.left.bitPattern) | (a.right.bitPattern ^ b.right.bitPattern) == 0
            default: false
            }
        }
    }
}
