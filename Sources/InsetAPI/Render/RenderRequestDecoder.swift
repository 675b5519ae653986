import InsetEngine
import InsetRender
import JSONCore
import ServiceKit

/// Decodes `POST /render` bodies: a `/layout` request, validated by the `/layout` decoder
/// exactly as `POST /layout` is, plus the optional top-level `render` object.
///
/// `render` is read here and taken out of the body before the `/layout` decoder sees it
/// (which refuses unknown fields); the problems of both are then reported together, in
/// document order, 400 (wrong JSON types) before 422 as everywhere else.
struct RenderRequestDecoder: Sendable {
    /// The `/layout` decoder, with the server's devices and limits.
    let layout: LayoutRequestDecoder

    private enum RenderField: String, CaseIterable, Sendable { case step, show, scale, node }
    private static let fields = FieldTable<RenderField>()
    private static let layers = WordTable(RenderLayer.allCases)
    /// The top-level key the `/layout` decoder does not know.
    private static let renderKey = "render"

    /// The decoded `/layout` request and the picture's options.
    /// - Throws: the `/layout` decoder's 400 or 422, with `render`'s problems merged in.
    func decode(_ body: [UInt8]) throws(Problem) -> (request: DecodedLayoutRequest, options: RenderOptions) {
        // A body that cannot hold a `render` key goes to the /layout decoder as it is (its
        // one-pass fast path), with no parse here; a key spelled with escapes is found by
        // the parse below.
        guard Self.mayHoldRenderKey(body) else { return (try layout.decode(body), RenderOptions()) }
        // A body that is not a JSON object is answered as /layout answers it.
        guard let document = try? JSONDocument(parsing: body, maxDepth: layout.limits.jsonNesting),
              document.kind(of: document.root) == .object else {
            return (try layout.decode(body), RenderOptions())
        }
        var reader = RequestReader(document: document)
        var options = RenderOptions()
        var renderOffset: Int?
        for member in document.members(of: document.root) where document.string(member.key) == Self.renderKey {
            if renderOffset == nil { renderOffset = document.startOffset(of: member.key) }
            guard !reader.isDuplicate(member) else { continue }
            read(member.value, into: &options, reader: &reader)
        }
        guard let renderOffset else { return (try layout.decode(body), options) }

        var renderProblem: Problem?
        do { try reader.finish() } catch { renderProblem = error }
        let decoded: DecodedLayoutRequest
        do {
            decoded = try layout.decode(Self.removingRender(from: document))
        } catch {
            throw Self.merge(layout: error, render: renderProblem, renderOffset: renderOffset, document: document)
        }
        if let renderProblem { throw renderProblem }
        var problems: [FieldProblem] = []
        if options.step > decoded.request.steps.count {
            let count = decoded.request.steps.count
            problems.append(FieldProblem(pointer: "/render/step", detail: "must be at most \(count): the request has \(count == 1 ? "1 step" : "\(count) steps")"))
        }
        if let node = options.node, !decoded.request.hierarchy.ids.contains(node) {
            problems.append(FieldProblem(pointer: "/render/node", detail: "must be the id of a node in the request"))
        }
        guard problems.isEmpty else { throw Problem.invalid(problems) }
        return (decoded, options)
    }

    /// Whether `body` holds `"render"` or a `\u` escape (which could spell it).
    private static func mayHoldRenderKey(_ body: [UInt8]) -> Bool {
        let key = Array("\"render\"".utf8)
        return body.withUnsafeBufferPointer { bytes in
            guard bytes.count >= 2 else { return false }
            for index in 0..<(bytes.count - 1) {
                if bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u") { return true }
                if bytes[index] == UInt8(ascii: "\""), index + key.count <= bytes.count,
                   bytes[index + 1] == UInt8(ascii: "r"), bytes[index + 7] == UInt8(ascii: "\""),
                   bytes[index..<(index + key.count)].elementsEqual(key) { return true }
            }
            return false
        }
    }

    /// Reads the `render` object's fields into `options`, reporting what is wrong.
    private func read(_ value: JSONValue, into options: inout RenderOptions, reader: inout RequestReader) {
        let document = reader.document
        guard !reader.isNull(value), reader.expectObject(value) else { return }
        for member in document.members(of: value) {
            switch reader.field(of: member, in: Self.fields) {
            case .step:
                guard let step = reader.number(member.value) else { break }
                if step >= 0, step == step.rounded(), step <= Double(Int32.max) {
                    options.step = Int(step)
                } else {
                    reader.invalid("must be a whole number >= 0", value: member.value)
                }
            case .show:
                guard !reader.isNull(member.value) else { break }
                guard document.kind(of: member.value) == .array else {
                    reader.wrongType(member.value, expected: "an array")
                    break
                }
                var layers = Set<RenderLayer>()
                for element in document.elements(of: member.value) {
                    if let layer = reader.word(element, Self.layers) { layers.insert(layer) }
                }
                options.show = layers
            case .scale:
                guard let scale = reader.number(member.value) else { break }
                if RenderOptions.scaleRange.contains(scale) {
                    options.scale = scale
                } else {
                    reader.invalid("must be from 0.25 to 4", value: member.value)
                }
            case .node:
                options.node = reader.string(member.value)
            case nil:
                break
            }
        }
    }

    /// The body without its top-level `render` members: the other members' bytes as sent,
    /// so that every pointer into them stays the same.
    private static func removingRender(from document: JSONDocument) -> [UInt8] {
        var bytes: [UInt8] = [UInt8(ascii: "{")]
        bytes.reserveCapacity(document.bytes.count)
        var first = true
        for member in document.members(of: document.root) where document.string(member.key) != renderKey {
            if !first { bytes.append(UInt8(ascii: ",")) }
            first = false
            bytes += document.bytes[document.startOffset(of: member.key)..<document.endOffset(of: member.value)]
        }
        bytes.append(UInt8(ascii: "}"))
        return bytes
    }

    /// The `/layout` decoder's problem with `render`'s merged in: a 400 wins over 422s;
    /// problems of the same status are listed in document order, `render`'s where its
    /// member stands among the top-level ones.
    private static func merge(layout: Problem, render: Problem?, renderOffset: Int, document: JSONDocument) -> Problem {
        guard let render, render.status == layout.status || render.status == 400 else { return layout }
        guard render.status == layout.status else { return render }
        var topLevel: [String: Int] = [:]
        for member in document.members(of: document.root) {
            if let key = document.string(member.key), topLevel[key] == nil { topLevel[key] = document.startOffset(of: member.key) }
        }
        let end = document.endOffset(of: document.root)
        func offset(_ problem: FieldProblem) -> Int {
            guard let pointer = JSONPointer(problem.pointer), let key = pointer.tokens.first else { return 0 }
            return topLevel[key] ?? end
        }
        let before = layout.errors.filter { offset($0) < renderOffset }
        let after = layout.errors.filter { offset($0) >= renderOffset }
        let errors = before + render.errors + after
        if layout.status == 400 {
            let first = errors[0]
            return Problem.malformed("Wrong JSON type at \(first.pointer): \(first.detail) (and \(errors.count - 1) more)", errors: errors)
        }
        return Problem.invalid(errors)
    }
}
