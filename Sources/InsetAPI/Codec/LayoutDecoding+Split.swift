import InsetEngine
import JSONCore
import ServiceKit

/// A split view controller's own fields and its columns (API.md "View controller
/// additions", RULES.md SV).
extension LayoutDecoding {
    /// `style` (`doubleColumn` from systemVersion 14 only) or `preferredPrimaryColumnWidth`
    /// (a number ≥ 0) of a controller; on another kind of controller the rules report them.
    mutating func splitField(_ key: LayoutSchema.ControllerField, _ value: JSONValue, into controller: inout ViewController) {
        if key == .preferredPrimaryColumnWidth {
            controller.preferredPrimaryColumnWidth = reader.number(value, .nonNegative) ?? 320
            return
        }
        guard let style = reader.word(value, schema.splitStyles) else { return }
        if style == .doubleColumn, LayoutRules.version(systemVersion, isBefore: 14) {
            reader.invalid("the doubleColumn style needs systemVersion 14 or later", value: value, varies: true)
            return
        }
        controller.splitStyle = style
    }

    /// The columns of a split view controller's view `value`: its subviews with a view
    /// controller, exactly two of them (the primary, then the secondary), each placed by
    /// the split view controller (no `frame` or `pin`, nor may a step move it).
    mutating func splitColumns(_ columns: [(fields: FieldBits, value: JSONValue, index: Int?)], of value: JSONValue, reading: NodeReading, broken: inout BrokenRules) {
        rules.checkColumnCount(columns.count, report: &broken)
        report(&broken, node: value)
        for column in columns.prefix(2) {
            rules.checkColumn(column.fields, report: &broken)
            report(&broken, node: value, content: column.value)
            if let index = column.index { containerContents.insert(index) }
        }
    }
}
