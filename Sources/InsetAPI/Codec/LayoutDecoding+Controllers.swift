import InsetEngine
import JSONCore

/// A node's `viewController` in a `/layout` body (API.md "View controller").
extension LayoutDecoding {
    /// The view controller `value`, its kind as the rules see it (`nil` when `kind` gives
    /// no controller kind) and the fields it gives.
    mutating func viewController(_ value: JSONValue) -> (ViewController, kind: ViewControllerKind?, fields: FieldBits)? {
        guard reader.expectObject(value) else { return nil }
        var controller = ViewController()
        var kindValid = true
        var fields = FieldBits()
        for member in document.members(of: value) {
            guard let key = reader.field(of: member, in: schema.controller) else { continue }
            let field = member.value
            if !reader.isNull(field) { fields.insert(schema.controller.index(of: key)) }
            switch key {
            case .kind:
                if let kind = reader.word(field, schema.controllerKinds) { controller.kind = kind } else { kindValid = reader.isNull(field) }
            case .additionalSafeAreaInsets:
                controller.additionalSafeAreaInsets = reader.insets(field) ?? .zero
            case .edgesForExtendedLayout:
                controller.edgesForExtendedLayout = edges(field) ?? .all
            case .extendedLayoutIncludesOpaqueBars:
                controller.extendedLayoutIncludesOpaqueBars = reader.bool(field) ?? false
            case .automaticallyAdjustsScrollViewInsets:
                controller.automaticallyAdjustsScrollViewInsets = reader.bool(field) ?? true
            case .viewRespectsSystemMinimumLayoutMargins:
                controller.viewRespectsSystemMinimumLayoutMargins = reader.bool(field) ?? true
            case .navigationBar:
                controller.navigationBar = reader.bar(field, hiddenByDefault: false, largeTitles: true) ?? controller.navigationBar
            case .toolbar:
                controller.toolbar = reader.bar(field, hiddenByDefault: true, largeTitles: false) ?? controller.toolbar
            case .tabBar:
                controller.tabBar = reader.bar(field, hiddenByDefault: false, largeTitles: false) ?? controller.tabBar
            case .style, .preferredPrimaryColumnWidth:
                splitField(key, field, into: &controller)
            }
        }
        return (controller, kindValid ? controller.kind : nil, fields)
    }

    /// `edgesForExtendedLayout`: an array of edges, `"all"` or `"none"`.
    private mutating func edges(_ value: JSONValue) -> EdgeSet? {
        switch document.kind(of: value) {
        case .null:
            return nil
        case .string:
            switch reader.word(value, schema.edgeWords) {
            case .allEdges: return .all
            case .noEdges: return []
            case nil: return nil
            }
        case .array:
            var set = EdgeSet()
            for element in document.elements(of: value) {
                if let edge = reader.word(element, schema.edges) {
                    set.insert(EdgeSet(edge))
                } else if reader.isNull(element) {
                    reader.wrongType(element, expected: "a string")
                }
            }
            return set
        default:
            reader.wrongType(value, expected: "a string or an array")
            return nil
        }
    }
}
