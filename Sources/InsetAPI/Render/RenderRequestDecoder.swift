import InsetEngine
import InsetRender
import JSONCore
import HTTPTypes
import ServiceKit

/// Decodes `POST /render` bodies: a `/layout` request, validated by the `/layout` decoder
/// exactly as `POST /layout` is, plus the optional top-level `render` object.
///
/// `render` is read here, and the `/layout` decoder passes over it in the same parsed
/// document (it refuses unknown fields); the problems of both are then reported together,
/// as 422, in document order.
struct RenderRequestDecoder: Sendable {
    /// The `/layout` decoder, with the server's devices and limits.
    let layout: LayoutRequestDecoder

    /// A decoder of `/render` bodies, whose top-level fields are /layout's and `render`.
    init(layout: LayoutRequestDecoder) {
        var layout = layout
        layout.bodyFields.append(Self.renderKey)
        self.layout = layout
    }

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
        // The last `render` member counts (API.md "Errors": duplicated members).
        guard let render = document.members(of: document.root).filter({ document.string($0.key) == Self.renderKey }).last else {
            return (try layout.decode(body), options)
        }
        let given = read(render.value, into: &options, reader: &reader)
        // `step` and `node` against the request's steps and ids as the body gives them, so
        // that they are judged whatever else is wrong with it.
        let (steps, ids) = Self.stepsAndIDs(of: document)
        if let step = given.step, options.step > steps {
            reader.invalid("must be at most \(steps): the request has \(steps == 1 ? "1 step" : "\(steps) steps")", value: step)
        }
        if let node = given.node, let id = options.node, !ids.contains(id) {
            reader.invalid("must be the id of a node in the request", value: node)
        }

        var renderProblem: Problem?
        do { try reader.finish() } catch { renderProblem = error }
        let decoded: DecodedLayoutRequest
        do {
            decoded = try layout.decode(document: document, passingOver: [Self.renderKey])
        } catch {
            throw Self.merge(layout: error, render: renderProblem, renderOffset: document.startOffset(of: render.key), document: document)
        }
        if let renderProblem { throw renderProblem }
        return (decoded, options)
    }

    /// The number of `steps` the body gives and the ids of its nodes (the root's `id`
    /// members and those of its `subviews`, recursively), as given.
    private static func stepsAndIDs(of document: JSONDocument) -> (steps: Int, ids: Set<String>) {
        func member(_ name: String, of object: JSONValue) -> JSONValue? {
            document.members(of: object).filter { document.string($0.key) == name }.last?.value
        }
        var ids = Set<String>()
        var pending = member("root", of: document.root).map { [$0] } ?? []
        while let node = pending.popLast() {
            if let id = member("id", of: node).flatMap(document.string) { ids.insert(id) }
            if let subviews = member("subviews", of: node) { pending += document.elements(of: subviews) }
        }
        let steps = member("steps", of: document.root).map { document.count(of: $0) } ?? 0
        return (steps, ids)
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

    /// Reads the `render` object's fields into `options`, reporting what is wrong; returns
    /// the `step` and `node` values read (to be judged against the request).
    private func read(_ value: JSONValue, into options: inout RenderOptions, reader: inout RequestReader) -> (step: JSONValue?, node: JSONValue?) {
        let document = reader.document
        var given: (step: JSONValue?, node: JSONValue?) = (nil, nil)
        guard !reader.isNull(value), reader.expectObject(value) else { return given }
        for member in document.members(of: value) {
            switch reader.field(of: member, in: Self.fields) {
            case .step:
                guard let step = reader.number(member.value) else { break }
                if step >= 0, step == step.rounded(), step <= Double(Int32.max) {
                    options.step = Int(step)
                    given.step = member.value
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
                if options.node != nil { given.node = member.value }
            case nil:
                break
            }
        }
        return given
    }

    /// The `/layout` decoder's problem with `render`'s merged in, in document order:
    /// `render`'s where its member stands among the top-level ones.
    private static func merge(layout: Problem, render: Problem?, renderOffset: Int, document: JSONDocument) -> Problem {
        guard let render, render.status == layout.status else { return layout }
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
        return Problem.invalid(before + render.errors + after)
    }
}
