import InsetEngine
import JSONCore
import ServiceKit

/// A member of a node's result in a `/layout` answer, as `?fields=` names it, in the order
/// API.md lists them (its allowed list for suggestions; the answer writes them in its own).
enum NodeField: String, CaseIterable, Sendable {
    case frame, frameInWindow, layoutMargins, directionalLayoutMargins, layoutMarginsGuide
    case safeAreaInsets, safeAreaLayoutGuide, explain
    case contentInset, adjustedContentInset, verticalScrollIndicatorInsets, horizontalScrollIndicatorInsets, contentOffset
    case topLayoutGuide, bottomLayoutGuide, bars
    case contentView, separatorInset, sectionInsets, sectionExplain, keyboardLayoutGuide

    /// The fields that are Insets, which a CSV answer can give (one of them).
    static let insetsFields: [NodeField] = [
        .safeAreaInsets, .layoutMargins, .contentInset, .adjustedContentInset,
        .verticalScrollIndicatorInsets, .horizontalScrollIndicatorInsets,
    ]

    /// This field of `node` when it is Insets and the node has it.
    func insets(of node: NodeResult, in nodes: NodeResults) -> Insets? {
        switch self {
        case .safeAreaInsets: node.safeAreaInsets
        case .layoutMargins: node.layoutMargins
        case .contentInset: nodes.scroll(of: node)?.contentInset
        case .adjustedContentInset: nodes.scroll(of: node)?.adjustedContentInset
        case .verticalScrollIndicatorInsets: nodes.scroll(of: node)?.verticalScrollIndicatorInsets
        case .horizontalScrollIndicatorInsets: nodes.scroll(of: node)?.horizontalScrollIndicatorInsets
        default: nil
        }
    }
}

/// A set of ``NodeField``s.
struct NodeFieldSet: Hashable, Sendable {
    private var bits: UInt32 = 0

    init(_ fields: some Sequence<NodeField>) {
        for field in fields { bits |= Self.bit(field) }
    }

    func contains(_ field: NodeField) -> Bool { bits & Self.bit(field) != 0 }

    private static func bit(_ field: NodeField) -> UInt32 {
        1 << UInt32(NodeField.allCases.firstIndex(of: field)!)
    }
}

/// What a `/layout/matrix` answer holds per node: every field (the /layout bytes), the
/// fields `?fields=` names, or for CSV one Insets field.
enum MatrixFormat: Hashable, Sendable {
    /// JSON; `nil`: each node whole, as /layout answers it.
    case json(NodeFieldSet?)
    /// CSV, one line per node with this Insets field.
    case csv(NodeField)

    /// The format `?fields=` (`fields`: the parameter's value; `given`: whether the
    /// parameter is there, bare or with a value) asks for in the negotiated `type`.
    /// - Throws: 422 at `/fields` for no names, for each unknown name, and (after them) with
    ///   CSV for another field than one Insets field.
    static func from(fields: String?, given: Bool, type: AnswerType) throws(Problem) -> MatrixFormat {
        let csv = type == .csv
        guard given else { return csv ? .csv(.safeAreaInsets) : .json(nil) }
        let names = (fields ?? "").split(separator: ",", omittingEmptySubsequences: false).map { $0.trimmingASCIISpaces() }
        guard names.contains(where: { !$0.isEmpty }) else {
            throw Self.problem("give one or more node field names, separated by commas: \(Self.list(NodeField.allCases))")
        }
        var selected: [NodeField] = []
        var problems: [FieldProblem] = []
        for name in names {
            if name.isEmpty {
                problems.append(FieldProblem(pointer: "/fields", detail: "an empty field name"))
            } else if let field = NodeField(rawValue: String(name)) {
                if !selected.contains(field) { selected.append(field) }
            } else {
                let (detail, suggestion) = Suggestion.unknownWord(String(name), allowed: NodeField.allCases.map(\.rawValue))
                problems.append(FieldProblem(pointer: "/fields", detail: detail, suggestion: suggestion))
            }
        }
        if csv, !selected.isEmpty, selected.count != 1 || !NodeField.insetsFields.contains(selected[0]) {
            problems.append(FieldProblem(pointer: "/fields", detail: "text/csv gives one Insets field per line: name one of \(Self.list(NodeField.insetsFields))"))
        }
        guard problems.isEmpty else { throw Problem.invalid(problems) }
        guard csv else { return .json(NodeFieldSet(selected)) }
        return .csv(selected[0])
    }

    private static func problem(_ detail: String) -> Problem {
        Problem.invalid([FieldProblem(pointer: "/fields", detail: detail)])
    }

    private static func list(_ fields: [NodeField]) -> String {
        fields.map(\.rawValue).joined(separator: ", ")
    }
}

extension JSONWriter {
    /// `"nodes":{"id":{…},…}` with only the `fields` of each node, each written as the
    /// /layout answer writes it, in its order.
    mutating func nodes(_ nodes: NodeResults, fields: NodeFieldSet) {
        beginObject("nodes")
        for node in nodes {
            key(dynamic: nodes.id(of: node))
            beginObject()
            if fields.contains(.frame) { field("frame", node.frame) }
            if fields.contains(.frameInWindow) { field("frameInWindow", node.frameInWindow) }
            if fields.contains(.safeAreaInsets), let insets = node.safeAreaInsets { field("safeAreaInsets", insets) }
            if fields.contains(.safeAreaLayoutGuide), let guide = node.safeAreaLayoutGuide { field("safeAreaLayoutGuide", guide) }
            if fields.contains(.layoutMargins) { field("layoutMargins", node.layoutMargins) }
            if fields.contains(.directionalLayoutMargins) { field("directionalLayoutMargins", node.directionalLayoutMargins) }
            if fields.contains(.layoutMarginsGuide) { field("layoutMarginsGuide", node.layoutMarginsGuide) }
            if let scroll = nodes.scroll(of: node) {
                if fields.contains(.contentInset) { field("contentInset", scroll.contentInset) }
                if fields.contains(.adjustedContentInset) { field("adjustedContentInset", scroll.adjustedContentInset) }
                if fields.contains(.verticalScrollIndicatorInsets) { field("verticalScrollIndicatorInsets", scroll.verticalScrollIndicatorInsets) }
                if fields.contains(.horizontalScrollIndicatorInsets) { field("horizontalScrollIndicatorInsets", scroll.horizontalScrollIndicatorInsets) }
                if fields.contains(.contentOffset) { field("contentOffset", scroll.contentOffset) }
            }
            if let guides = node.layoutGuides {
                if fields.contains(.topLayoutGuide) { field("topLayoutGuide", guides.top) }
                if fields.contains(.bottomLayoutGuide) { field("bottomLayoutGuide", guides.bottom) }
            }
            if fields.contains(.bars), let bars = nodes.bars(of: node) { self.bars(bars) }
            if fields.contains(.contentView), let contentView = node.contentView { self.contentView(contentView) }
            if fields.contains(.separatorInset), let separator = node.separatorInset { separatorInset(separator) }
            if let sections = nodes.sections(of: node) {
                if fields.contains(.sectionInsets) { sectionInsets(sections) }
                if fields.contains(.sectionExplain) { sectionExplain(sections) }
            }
            if fields.contains(.keyboardLayoutGuide), let guide = nodes.keyboardLayoutGuide(of: node) { field("keyboardLayoutGuide", guide) }
            if fields.contains(.explain) { _ = nodes.withExplanation(of: node) { self.explain($0) } }
            endObject()
        }
        endObject()
    }
}
