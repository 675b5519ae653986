import InsetEngine
import JSONCore
import HTTPTypes
import MicroHTTP
import ServiceKit

/// The answer to a `POST /layout/matrix` request, as JSON or CSV, in pieces of a few
/// combinations each: each combination is laid out and written when its piece is asked
/// for, so a streamed answer holds one piece at a time, never the whole matrix.
///
/// JSON: `{"results":[{"device","orientation","systemVersion","window","nodes","caveats"},…],
/// "skipped":[{"device","orientation","systemVersion","reason"},…]}`, each `nodes` the bytes
/// /layout answers for that combination (or, with `?fields=`, the fields named, written
/// alike). CSV (nine columns, the last `skipped`): the header line naming the Insets field,
/// one line per result and node that has it, then one line per skipped combination with
/// its reason; CRLF after each line, values quoted as RFC 4180 requires.
struct MatrixAnswer: IteratorProtocol, Sendable {
    private let matrix: MatrixRequest
    private let format: MatrixFormat
    /// The next combination to write.
    private var index = 0
    private var started = false
    private var finished = false

    /// A piece is closed once it holds at least this many bytes (or at the end): a few
    /// combinations of a small tree, one of a large one.
    static let pieceBytes = 32 << 10

    /// The answer to `matrix` in `format`.
    init(_ matrix: MatrixRequest, format: MatrixFormat) {
        self.matrix = matrix
        self.format = format
    }

    /// The next piece, or nil after the last.
    mutating func next() -> [UInt8]? {
        guard !finished else { return nil }
        var piece: [UInt8] = []
        piece.reserveCapacity(Self.pieceBytes + 4096)
        if !started {
            started = true
            switch format {
            case .csv(let field): piece.append(contentsOf: Self.csvHeader(field))
            case .json: piece.append(contentsOf: "{\"results\":[".utf8)
            }
        }
        while index < matrix.combinations.count, piece.count < Self.pieceBytes {
            let combination = matrix.combinations[index]
            index += 1
            guard combination.skipReason == nil, let request = matrix.layoutRequest(for: combination) else { continue }
            append(combination, InsetEngine.layout(request.request), request, to: &piece)
        }
        if index == matrix.combinations.count {
            finished = true
            if isCSV { appendSkippedLines(to: &piece) } else { appendSkipped(to: &piece) }
        }
        return piece
    }

    /// The whole answer in one buffer.
    func whole() -> [UInt8] {
        var answer = self
        var bytes: [UInt8] = []
        while let piece = answer.next() { bytes += piece }
        return bytes
    }

    private var isCSV: Bool {
        if case .csv = format { true } else { false }
    }

    /// Whether a result was written before (a comma is due before the next one).
    private var wroteResult = false

    /// One result: its JSON object, or its CSV lines.
    private mutating func append(_ combination: MatrixRequest.Combination, _ result: LayoutResult, _ request: DecodedLayoutRequest, to piece: inout [UInt8]) {
        switch format {
        case .csv(let field):
            appendLines(combination, result.nodes, field: field, to: &piece)
        case .json(let fields):
            if wroteResult { piece.append(UInt8(ascii: ",")) }
            wroteResult = true
            var writer = JSONWriter(capacity: 512)
            writer.beginObject()
            writer.field("device", combination.device)
            writer.field("orientation", combination.orientation.rawValue)
            writer.field("systemVersion", combination.systemVersion)
            // As /layout answers it: the app's window, a Split View or free one included.
            writer.window(request.request.appWindow, safeArea: result.windowSafeArea)
            // Every field by default: what /layout answers for the node, byte for byte.
            writer.nodes(result.nodes, fields: fields ?? NodeFieldSet(NodeField.allCases))
            // `?fields=` leaves the result's caveats alone (API.md).
            writer.caveats(result.caveats)
            writer.endObject()
            piece.append(contentsOf: writer.bytes)
        }
    }

    /// `],"skipped":[…]}`: the end of the JSON answer.
    private func appendSkipped(to piece: inout [UInt8]) {
        var writer = JSONWriter(capacity: 256)
        writer.beginArray()
        for combination in matrix.combinations {
            guard let reason = combination.skipReason else { continue }
            writer.beginObject()
            writer.field("device", combination.device)
            writer.field("orientation", combination.orientation.rawValue)
            writer.field("systemVersion", combination.systemVersion)
            writer.field("reason", reason)
            writer.endObject()
        }
        writer.endArray()
        piece.append(contentsOf: "],\"skipped\":".utf8)
        piece.append(contentsOf: writer.bytes)
        piece.append(UInt8(ascii: "}"))
    }

    // MARK: - CSV

    /// `device,orientation,systemVersion,node,FIELD.top,FIELD.left,FIELD.bottom,FIELD.right,skipped`.
    static func csvHeader(_ field: NodeField) -> [UInt8] {
        let edges = ["top", "left", "bottom", "right"].map { "\(field.rawValue).\($0)" }
        return Array((["device", "orientation", "systemVersion", "node"] + edges + ["skipped"]).joined(separator: ",").utf8) + [UInt8(ascii: "\r"), UInt8(ascii: "\n")]
    }

    /// `device,orientation,systemVersion,` of `combination`.
    private static func linePrefix(_ combination: MatrixRequest.Combination) -> [UInt8] {
        var prefix: [UInt8] = []
        appendCSVField(combination.device, to: &prefix)
        prefix.append(UInt8(ascii: ","))
        appendCSVField(combination.orientation.rawValue, to: &prefix)
        prefix.append(UInt8(ascii: ","))
        prefix.append(contentsOf: numbers([combination.systemVersion]))
        prefix.append(UInt8(ascii: ","))
        return prefix
    }

    /// One line per node that has `field`: device, orientation, systemVersion, node id, the
    /// four edges (numbers as the JSON answers write them) and an empty `skipped`.
    private func appendLines(_ combination: MatrixRequest.Combination, _ nodes: NodeResults, field: NodeField, to piece: inout [UInt8]) {
        let prefix = Self.linePrefix(combination)
        for node in nodes {
            guard let insets = field.insets(of: node, in: nodes) else { continue }
            piece.append(contentsOf: prefix)
            Self.appendCSVField(nodes.id(of: node), to: &piece)
            piece.append(UInt8(ascii: ","))
            piece.append(contentsOf: Self.numbers([insets.top, insets.left, insets.bottom, insets.right]))
            piece.append(contentsOf: [UInt8(ascii: ","), UInt8(ascii: "\r"), UInt8(ascii: "\n")])
        }
    }

    /// After the results, one line per skipped combination: its device, orientation and
    /// systemVersion, five empty values and its reason.
    private func appendSkippedLines(to piece: inout [UInt8]) {
        for combination in matrix.combinations {
            guard let reason = combination.skipReason else { continue }
            piece.append(contentsOf: Self.linePrefix(combination))
            piece.append(contentsOf: ",,,,,".utf8)
            Self.appendCSVField(reason, to: &piece)
            piece.append(contentsOf: [UInt8(ascii: "\r"), UInt8(ascii: "\n")])
        }
    }

    /// `values` as the JSON writer spells numbers, separated by commas.
    static func numbers(_ values: [Double]) -> ArraySlice<UInt8> {
        var writer = JSONWriter(capacity: 128)
        writer.beginArray()
        for value in values { writer.number(value) }
        writer.endArray()
        let bytes = writer.bytes
        return bytes[1..<(bytes.count - 1)]
    }

    /// `text` as one CSV field: enclosed in double quotes, each inner one doubled, when it
    /// holds a comma, a double quote, CR or LF (RFC 4180 §2); else as it is.
    static func appendCSVField(_ text: String, to bytes: inout [UInt8]) {
        let special = text.utf8.contains { $0 == UInt8(ascii: ",") || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\r") || $0 == UInt8(ascii: "\n") }
        guard special else {
            bytes.append(contentsOf: text.utf8)
            return
        }
        bytes.append(UInt8(ascii: "\""))
        for byte in text.utf8 {
            if byte == UInt8(ascii: "\"") { bytes.append(byte) }
            bytes.append(byte)
        }
        bytes.append(UInt8(ascii: "\""))
    }
}

extension MatrixAnswer {
    /// The HTTP answer: whole, with a length, up to `streamedNodeStates` node states
    /// (results × nodes); beyond, streamed piece by piece as the client takes it.
    static func response(_ matrix: MatrixRequest, format: MatrixFormat, streamedNodeStates: Int) -> RouteResponse {
        let answer = MatrixAnswer(matrix, format: format)
        let fields: HTTPFields = [.contentType: answer.isCSV ? "text/csv; charset=utf-8" : "application/json", .vary: "Accept"]
        let results = matrix.combinations.count(where: { $0.skipReason == nil })
        guard results * matrix.nodeCount > streamedNodeStates else {
            return RouteResponse(headerFields: fields, body: answer.whole())
        }
        return RouteResponse(headerFields: fields, stream: HTTPBodyStream(keptBytes: answer.keptBytesEstimate, pieces: answer))
    }

    /// About how many bytes the answer keeps between pieces: the hierarchy (as a /layout
    /// stream keeps it) and the combinations.
    var keptBytesEstimate: Int {
        var bytes = matrix.layout.map { LayoutStates($0.request).keptBytesEstimate } ?? 0
        bytes += matrix.combinations.count * MemoryLayout<MatrixRequest.Combination>.stride
        for combination in matrix.combinations {
            bytes += combination.device.utf8.count + (combination.skipReason?.utf8.count ?? 0)
        }
        return bytes
    }
}
