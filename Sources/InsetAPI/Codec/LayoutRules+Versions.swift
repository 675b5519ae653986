import InsetEngine
import JSONCore

// The rules of fields that exist on some versions only (RULES.md V2, V11), and how a body
// whose version is refused is judged.
extension LayoutRules {
    /// The detail of `designRequiresCompatibility` below systemVersion 26, where the field
    /// does not exist (RULES.md V2).
    static let designBeforeLiquidGlass = "needs systemVersion 26 or later (Liquid Glass, which the app opts out of, arrived in iOS 26)"

    /// A Split View preset at `systemVersion`: none from 26, where iPadOS replaced Split View
    /// by resizable windows (V11; whatever the preset). Returns whether presets exist.
    static func checkSplitView<Report: LayoutRuleReport>(systemVersion: Double, report: inout Report) -> Bool {
        guard systemVersion < SystemVersion.afterEighteen else {
            report.broken(.windowSplitAfterSplitView, at: .window(.split), detail: "iPadOS 26 has no Split View (resizable windows replaced it): give window.frame, the app's window in screen coordinates, instead")
            return false
        }
        return true
    }
}

extension LayoutDecoding {
    /// The body's `systemVersion` (the default when absent or refused; a refusal leaves
    /// `systemVersion` nil, so that no field is judged against a version: API.md "Errors")
    /// and `designRequiresCompatibility` (422 below 26 unless the version is refused; `nil`
    /// when absent or of the wrong type).
    /// A matrix combination's version (`fixed`, already judged) takes the body's place.
    mutating func version(_ systemVersion: JSONMember?, design: JSONMember?, fixed: Double? = nil) -> (version: Double, designRequiresCompatibility: Bool?) {
        var version = fixed ?? SystemVersion.default
        var refused = false
        if fixed == nil, let value = systemVersion?.value {
            if let number = reader.systemVersion(value) { version = number } else { refused = true }
        }
        self.systemVersion = refused ? nil : version
        let designRequiresCompatibility = design.flatMap { reader.bool($0.value) }
        if let design, !refused, version < SystemVersion.liquidGlass {
            reader.invalid(LayoutRules.designBeforeLiquidGlass, value: design.value, varies: true)
        }
        return (version, designRequiresCompatibility)
    }
}
