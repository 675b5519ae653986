import InsetEngine
import JSONCore
import ServiceKit

/// Writes the `POST /layout` response body (API.md), byte for byte deterministic: whole
/// (``encode(_:for:)``) or piece by piece as the states are computed (``pieces(for:)``),
/// the same bytes either way.
public enum LayoutResponseEncoder {
    /// The response for `result`, computed from `request`: `device`, `orientation`,
    /// `systemVersion`, `screen`, `window` (safe-area model only), `nodes` keyed by id in
    /// depth-first request order, `steps` when the request gave them (an empty array too),
    /// and `caveats` when the answer raises any.
    public static func encode(_ result: LayoutResult, for request: DecodedLayoutRequest) -> [UInt8] {
        let outline = Outline(request, screen: result.screen, windowSafeArea: result.windowSafeArea, stepCount: result.steps.count)
        // Room for all of it: a document outgrowing its room is copied at twice its size.
        let capacity = stateBytesEstimate(nodeCount: result.nodes.count) * (result.steps.count + 1)
        return JSONWriter.document(capacity: capacity) { writer in
            outline.writePiece(0, nodes: result.nodes, caveats: result.caveats, to: &writer)
            for (index, step) in result.steps.enumerated() {
                outline.writePiece(index + 1, nodes: step, caveats: result.caveats, to: &writer)
            }
        }
    }

    /// About how many bytes a state of `nodeCount` nodes takes in the answer: for each node
    /// 1 KiB and 32 bytes for its id (most nodes take 600–1,000 bytes; a row's content view
    /// and separator and a full `explain` the most), and the head. Not from the ids' lengths:
    /// adding them up costs more than the rare answer of long ids that outgrows its room.
    static func stateBytesEstimate(nodeCount: Int) -> Int {
        512 + nodeCount * 1_056
    }

    /// The response for `request` as pieces, one per state, each computed and written when
    /// asked for: their concatenation is ``encode(_:for:)``'s bytes for
    /// `InsetEngine.layout(request.request)`.
    public static func pieces(for request: DecodedLayoutRequest) -> LayoutResponsePieces {
        LayoutResponsePieces(request)
    }

    /// What the answer says around its states: the head's members, and whether and how many
    /// steps follow.
    ///
    /// The answer is cut into one piece per state, each ending right after an opening brace
    /// (the next step's object) or at the end of the document: where a writer owes no comma.
    /// So a fresh writer per piece writes the same bytes as one writer for all of them.
    struct Outline: Sendable {
        let device: String
        let orientation: String
        let systemVersion: Double
        let screen: Size
        let windowSafeArea: Insets?
        /// The app's window (its frame and size classes), in every answer.
        let window: AppWindow
        /// Whether the answer has `steps` (the request gave them, maybe empty).
        let answersSteps: Bool
        /// The first layout and one state per step.
        let stateCount: Int

        init(_ request: DecodedLayoutRequest, screen: Size, windowSafeArea: Insets?, stepCount: Int) {
            device = request.device
            orientation = request.orientation.rawValue
            systemVersion = request.request.systemVersion
            self.screen = screen
            self.windowSafeArea = windowSafeArea
            window = request.request.appWindow
            answersSteps = request.hasSteps || stepCount > 0
            stateCount = stepCount + 1
        }

        /// State `index`'s piece, from its `nodes`: for the first layout the head and its
        /// `nodes`, for a step the rest of the step's object (its `{` ends the piece before);
        /// then the opening of the next step's object, or the end of the document (after the
        /// whole answer's `caveats`, written only there).
        func writePiece(_ index: Int, nodes: NodeResults, caveats: CaveatSet, to writer: inout JSONWriter) {
            if index == 0 {
                writer.beginObject()
                writer.field("device", device)
                writer.field("orientation", orientation)
                writer.field("systemVersion", systemVersion)
                writer.field("screen", screen)
                writer.window(window, safeArea: windowSafeArea)
                writeNodes(nodes, to: &writer)
                if answersSteps { writer.beginArray("steps") }
            } else {
                writeNodes(nodes, to: &writer)
                writer.endObject()
            }
            if index + 1 < stateCount {
                writer.beginObject()
            } else {
                if answersSteps { writer.endArray() }
                writer.caveats(caveats)
                writer.endObject()
            }
        }
    }

    /// `"nodes":{"id":{…},…}`.
    private static func writeNodes(_ nodes: NodeResults, to writer: inout JSONWriter) {
        writer.beginObject("nodes")
        // The recent plain members are kept in temporary room (one allocation at most, on the
        // stack when under 1 KiB): an array would add its creation, growth and release.
        withUnsafeTemporaryAllocation(of: Written<PlainMembers>.self, capacity: RecentlyWritten<PlainMembers>.capacity) { recent in
            var shared = SharedMembers(nodes: nodes, plainMembers: RecentlyWritten(storage: recent))
            // Each result and id is read in place: no copy of a result, no retain of an id.
            nodes.withUnsafeResults { results, ids in
                for index in results.indices {
                    writer.beginObject(dynamic: ids[index])
                    write(results.baseAddress! + index, to: &writer, shared: &shared)
                }
            }
            shared.plainMembers.deinitialize()
        }
        writer.endObject()
    }

    /// The members siblings often share, as last written: a node whose members are the same
    /// gets a copy of their bytes, a fraction of the cost of writing their numbers again. In
    /// a list, cells usually have the same safe area, margins and explanation (whose lists
    /// the engine shares).
    private struct SharedMembers {
        /// The state written: its tables hold the nodes' explanations and extras.
        let nodes: NodeResults
        var safeAreaInsets: Written<Insets>?
        var margins: Written<Margins>?
        var explanation: Written<ExplanationIdentity>?
        /// The last few plain views' members after their frames: each cell of a list, and each
        /// of its subviews, usually has those of the one before it, a few nodes back.
        var plainMembers: RecentlyWritten<PlainMembers>
    }

    /// Where members were written, and the value they were written from.
    private struct Written<Value> {
        var value: Value
        var bytes: Range<Int>
    }

    /// The last `capacity` distinct values written, each with where its bytes are; the oldest
    /// one makes room for a new one.
    private struct RecentlyWritten<Value> {
        /// Enough for a list whose cells are subtrees of up to four views.
        static var capacity: Int { 4 }
        /// The caller's room for `capacity` entries, of which the first `count` are initialized.
        private let storage: UnsafeMutableBufferPointer<Written<Value>>
        private var count = 0
        private var oldest = 0

        /// Keeps the entries in `storage` (room for ``capacity``, uninitialized) until
        /// ``deinitialize()``.
        init(storage: UnsafeMutableBufferPointer<Written<Value>>) {
            precondition(storage.count >= Self.capacity, "room for \(Self.capacity) entries")
            self.storage = storage
        }

        /// Where a value that `matches` was written, if one of the last ones was.
        func bytes(where matches: (UnsafePointer<Value>) -> Bool) -> Range<Int>? {
            // Compared in place, through its address: copying each entry out would cost more
            // than comparing it.
            for index in 0..<count where withUnsafePointer(to: &storage[index].value, matches) { return storage[index].bytes }
            return nil
        }

        /// Remembers `value` written at `bytes`, in place of the oldest value once full.
        mutating func remember(_ value: Value, at bytes: Range<Int>) {
            let written = Written(value: value, bytes: bytes)
            if count < Self.capacity {
                (storage.baseAddress! + count).initialize(to: written)
                count += 1
            } else {
                storage[oldest] = written
                oldest = (oldest + 1) % Self.capacity
            }
        }

        /// Ends the entries' lifetime, before their room is given back.
        mutating func deinitialize() {
            storage.baseAddress!.deinitialize(count: count)
            count = 0
        }
    }

    /// `layoutMargins` and `directionalLayoutMargins`, written one after the other.
    private struct Margins: Equatable {
        var layoutMargins: Insets
        var directionalLayoutMargins: DirectionalInsets
    }

    /// What a plain view or a table row (no scroll fields, layout guides, bars, sections or
    /// keyboard guide) writes after its frames, the members that depend on its size and its
    /// ancestors' insets but not on where it is. The guides come first: they tell cells from
    /// their subviews at the first compare.
    private struct PlainMembers {
        var layoutMarginsGuide: Rect
        var safeAreaLayoutGuide: Rect?
        var safeAreaInsets: Insets?
        var margins: Margins
        var explanation: ExplanationIdentity?
        /// A row's: with the members above, its content view's frame decides the rest of
        /// its content view (T1).
        var contentViewFrame: Rect?
        var separatorInset: SeparatorInset?

        init(_ node: UnsafePointer<NodeResult>) {
            layoutMarginsGuide = node.pointee.layoutMarginsGuide
            safeAreaLayoutGuide = node.pointee.safeAreaLayoutGuide
            safeAreaInsets = node.pointee.safeAreaInsets
            margins = Margins(layoutMargins: node.pointee.layoutMargins, directionalLayoutMargins: node.pointee.directionalLayoutMargins)
            explanation = node.pointee.explanationIdentity
            contentViewFrame = node.pointee.contentView?.frame
            separatorInset = node.pointee.separatorInset
        }

        /// Whether `members` are the members of `node`, whose explanation has the lists of
        /// `explanation`: both read in place, without building or copying members to compare.
        static func are(_ members: UnsafePointer<PlainMembers>, of node: UnsafePointer<NodeResult>, explanation: ExplanationIdentity?) -> Bool {
            members.pointee.layoutMarginsGuide == node.pointee.layoutMarginsGuide && members.pointee.safeAreaLayoutGuide == node.pointee.safeAreaLayoutGuide
                && members.pointee.safeAreaInsets == node.pointee.safeAreaInsets && members.pointee.margins.layoutMargins == node.pointee.layoutMargins
                && members.pointee.margins.directionalLayoutMargins == node.pointee.directionalLayoutMargins && members.pointee.explanation == explanation
                && members.pointee.contentViewFrame == node.pointee.contentView?.frame && members.pointee.separatorInset == node.pointee.separatorInset
        }
    }

    /// Copies the members written last when `value` equals theirs (equal numbers are written
    /// alike: `-0` and `0` both as `0`; NaN equals nothing), else writes them with `write`
    /// and remembers them.
    @inline(__always)
    private static func write<Value: Equatable>(
        _ value: Value, as last: inout Written<Value>?, to writer: inout JSONWriter, _ write: (inout JSONWriter) -> Void
    ) {
        if let last, last.value == value {
            writer.repeatWritten(last.bytes)
        } else {
            let start = writer.markNext()
            write(&writer)
            last = Written(value: value, bytes: start..<writer.byteCount)
        }
    }

    /// One node's members, after its opening brace: geometry, margins, scroll fields, layout
    /// guides, bars, explain; absent parts omitted.
    private static func write(_ node: UnsafePointer<NodeResult>, to writer: inout JSONWriter, shared: inout SharedMembers) {
        writer.field("frame", node.pointee.frame)
        writer.field("frameInWindow", node.pointee.frameInWindow)
        // Tested by pattern, in place: `== nil` would compare copies of the optionals.
        if !node.pointee.hasExtras, case .none = node.pointee.layoutGuides {
            let explanation = node.pointee.explanationIdentity
            if let bytes = shared.plainMembers.bytes(where: { PlainMembers.are($0, of: node, explanation: explanation) }) {
                writer.repeatWritten(bytes)
            } else {
                let members = PlainMembers(node)
                let start = writer.markNext()
                writeMembers(node, to: &writer, shared: &shared)
                shared.plainMembers.remember(members, at: start..<writer.byteCount)
            }
        } else {
            writeMembers(node, to: &writer, shared: &shared)
        }
        writer.endObject()
    }

    /// A node's members after its frames.
    private static func writeMembers(_ node: UnsafePointer<NodeResult>, to writer: inout JSONWriter, shared: inout SharedMembers) {
        if let safeAreaInsets = node.pointee.safeAreaInsets {
            write(safeAreaInsets, as: &shared.safeAreaInsets, to: &writer) { $0.field("safeAreaInsets", safeAreaInsets) }
        }
        if let guide = node.pointee.safeAreaLayoutGuide { writer.field("safeAreaLayoutGuide", guide) }
        let margins = Margins(layoutMargins: node.pointee.layoutMargins, directionalLayoutMargins: node.pointee.directionalLayoutMargins)
        write(margins, as: &shared.margins, to: &writer) { writer in
            writer.field("layoutMargins", margins.layoutMargins)
            writer.field("directionalLayoutMargins", margins.directionalLayoutMargins)
        }
        writer.field("layoutMarginsGuide", node.pointee.layoutMarginsGuide)
        // Bound only when there: the writes that follow could change `node` for all the
        // compiler knows, so `if let` would copy the optional out for every node.
        // (The extras read only when there: each read copies the result.)
        let hasExtras = node.pointee.hasExtras
        if hasExtras, let scroll = shared.nodes.scroll(of: node.pointee) {
            writer.field("contentInset", scroll.contentInset)
            writer.field("adjustedContentInset", scroll.adjustedContentInset)
            writer.field("verticalScrollIndicatorInsets", scroll.verticalScrollIndicatorInsets)
            writer.field("horizontalScrollIndicatorInsets", scroll.horizontalScrollIndicatorInsets)
            writer.field("contentOffset", scroll.contentOffset)
        }
        if let guides = node.pointee.layoutGuides {
            writer.field("topLayoutGuide", guides.top)
            writer.field("bottomLayoutGuide", guides.bottom)
        }
        if hasExtras, let bars = shared.nodes.bars(of: node.pointee) { writer.bars(bars) }
        writer.listMembers(of: node, in: shared.nodes)
        // Compared by identity, and read only to be written: reading `explain` to compare
        // would retain and release its four lists for every node.
        if let identity = node.pointee.explanationIdentity {
            write(identity, as: &shared.explanation, to: &writer) { writer in
                _ = shared.nodes.withExplanation(of: node.pointee) { writer.explain($0) }
            }
        }
    }
}

/// `POST /layout`'s answer to one request, one piece per state (``LayoutResponseEncoder/pieces(for:)``):
/// each state is laid out, written and let go when its piece is asked for, so the pieces
/// keep one state at a time, never the whole answer.
public struct LayoutResponsePieces: IteratorProtocol, Sendable {
    private var states: LayoutStates
    private let outline: LayoutResponseEncoder.Outline
    private var index = 0
    /// The size of the last piece: the next one, a state of the same nodes, is about as large.
    private var lastPieceSize = 0

    init(_ request: DecodedLayoutRequest) {
        pieceBytesEstimate = LayoutResponseEncoder.stateBytesEstimate(nodeCount: request.request.hierarchy.ids.count)
        states = LayoutStates(request.request)
        outline = LayoutResponseEncoder.Outline(
            request, screen: states.screen, windowSafeArea: states.windowSafeArea, stepCount: states.count - 1
        )
    }

    /// The number of pieces: the first layout and one per step.
    public var count: Int { states.count }

    /// About how many bytes the pieces keep between states (``LayoutStates/keptBytesEstimate``).
    public var keptBytesEstimate: Int { states.keptBytesEstimate }

    /// About how large a piece is (``LayoutResponseEncoder/stateBytesEstimate(nodeCount:)``). (The
    /// first piece is written in that much room; each later one in the room of the one
    /// before, give or take.)
    public let pieceBytesEstimate: Int

    /// The next piece, or nil after the last.
    public mutating func next() -> [UInt8]? {
        guard let nodes = states.next() else { return nil }
        // A piece keeps the room it was written in, and one outgrowing its room is copied at
        // twice its size: sized from the piece before when there is one.
        let capacity = lastPieceSize > 0 ? lastPieceSize + lastPieceSize / 16 + 256 : pieceBytesEstimate
        let piece = JSONWriter.document(capacity: capacity) { writer in
            outline.writePiece(index, nodes: nodes, caveats: states.caveats, to: &writer)
        }
        index += 1
        lastPieceSize = piece.count
        return piece
    }
}
