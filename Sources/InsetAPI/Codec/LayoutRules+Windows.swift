import InsetEngine

// The rules of an iPad's app window (RULES.md W1, W2; V11 in LayoutRules+Versions.swift).
extension LayoutRules {
    /// A `window` on a device of `family` (`nil`: a custom screen) at `systemVersion`: iPads
    /// only, from 9 (RULES.md W1). Returns whether the window can be placed.
    static func checkWindow<Report: LayoutRuleReport>(family: DeviceFamily?, systemVersion: Double?, report: inout Report) -> Bool {
        guard family == .ipad else {
            report.broken(.windowOffIPad, at: .window(nil), detail: family == nil ? "a window needs an iPad device, not a custom screen" : "a window is only for iPads")
            return false
        }
        guard !Self.version(systemVersion, isBefore: 9) else {
            report.broken(.windowBeforeSplitView, at: .window(nil), detail: "windows need systemVersion 9 or later (Split View arrived in iOS 9)")
            return false
        }
        return true
    }

    /// The frame of the Split View `preset` on `side` of `screen` (W2), or `nil` when the
    /// orientation lacks it (reported).
    static func checkPreset<Report: LayoutRuleReport>(_ preset: SplitViewPreset, side: WindowSide, screen: Size, report: inout Report) -> Rect? {
        guard let frame = WindowRules.frame(of: preset, side: side, screen: screen) else {
            report.broken(.windowPresetMissing, at: .window(.split), detail: "there is no 50/50 Split View in portrait")
            return nil
        }
        return frame
    }

    /// A free window's `frame` lies wholly inside `screen`; returns whether it does.
    static func checkWindowFrame<Report: LayoutRuleReport>(_ frame: Rect, screen: Size, report: inout Report) -> Bool {
        guard frame.minX >= 0, frame.minY >= 0, frame.maxX <= screen.width, frame.maxY <= screen.height else {
            let size = [screen.width, screen.height].map { $0 == $0.rounded() ? String(Int($0)) : String($0) }
            report.broken(.windowOutsideScreen, at: .window(.frame), detail: "the window must lie wholly inside the \(size[0]) × \(size[1]) screen")
            return false
        }
        return true
    }
}
