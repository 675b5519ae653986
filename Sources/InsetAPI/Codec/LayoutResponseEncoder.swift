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
        // Room for all of it, and for the last node's writes: a document outgrowing its room
        // is copied at twice its size.
        let capacity = stateBytesEstimate(nodeCount: result.nodes.count) * (result.steps.count + 1) + nodeRoom
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
        let orientation: Orientation
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
            orientation = request.orientation
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
                // The rest of the head in one room: its strings are the engine's names.
                writer.member(reserving: Cursor.windowRoom &+ 96 &+ 3 &* Cursor.maxNumberLength) { out in
                    out.key("orientation")
                    out.byte(UInt8(ascii: "\""))
                    out.text(Cursor.name(of: orientation))
                    out.byte(UInt8(ascii: "\""))
                    out.member("systemVersion", systemVersion, comma: true)
                    out.byte(UInt8(ascii: ","))
                    out.key("screen")
                    out.byte(UInt8(ascii: "{"))
                    out.member("width", screen.width, comma: false)
                    out.member("height", screen.height, comma: true)
                    out.byte(UInt8(ascii: "}"))
                    out.window(window, safeArea: windowSafeArea, comma: true)
                }
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
    /// before, give or take; each with room for one node's writes more.)
    public let pieceBytesEstimate: Int

    /// The next piece, or nil after the last.
    public mutating func next() -> [UInt8]? {
        guard let nodes = states.next() else { return nil }
        // A piece keeps the room it was written in, and one outgrowing its room is copied at
        // twice its size: sized from the piece before when there is one, and with room for the
        // last node's writes.
        let capacity = (lastPieceSize > 0 ? lastPieceSize + lastPieceSize / 16 + 256 : pieceBytesEstimate) + LayoutResponseEncoder.nodeRoom
        let piece = JSONWriter.document(capacity: capacity) { writer in
            outline.writePiece(index, nodes: nodes, caveats: states.caveats, to: &writer)
        }
        index += 1
        lastPieceSize = piece.count
        return piece
    }
}
