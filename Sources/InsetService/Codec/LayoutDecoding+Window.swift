import InsetEngine
import JSONCore

/// The app's `window` a `/layout` (or `/scroll`) body gives: a Split View preset or a free
/// frame on an iPad (API.md "POST /layout: windows…", RULES.md W1–W2).
struct WindowReading {
    var split: SplitViewPreset?
    var side: WindowSide?
    var frame: Rect?
    var splitValue: JSONValue?
    var sideValue: JSONValue?
    var frameValue: JSONValue?
}

extension RequestReader {
    /// Reads the `window` object `value` (its fields' own shapes), or `nil` when it is not an object.
    mutating func windowReading(_ value: JSONValue) -> WindowReading? {
        guard expectObject(value) else { return nil }
        var window = WindowReading()
        for member in document.members(of: value) {
            guard let field = field(of: member, in: LayoutSchema.shared.window), !isNull(member.value) else { continue }
            switch field {
            case .split:
                window.split = word(member.value, LayoutSchema.shared.splitPresets)
                window.splitValue = member.value
            case .side:
                window.side = word(member.value, LayoutSchema.shared.windowSides)
                window.sideValue = member.value
            case .frame:
                window.frame = rect(member.value)
                window.frameValue = member.value
            }
        }
        return window
    }

    /// The window's frame in screen coordinates, once `reading` (of the `window` member
    /// `value`) is judged against the device: iPads only (`family`; `nil` for a custom
    /// screen), from systemVersion 9; exactly one of `split` and `frame`; `side` only with
    /// `split`; a preset the orientation has; a frame at least 200 × 200, wholly inside
    /// `screen`. Every problem is reported at API.md's pointer; `nil` when there is one,
    /// or when `screen` is unknown (an unknown device, reported elsewhere).
    mutating func windowFrame(_ reading: WindowReading, value: JSONValue, family: DeviceFamily?, systemVersion: Double, screen: Size?) -> Rect? {
        var broken = LayoutDecoding.BrokenRules()
        defer { report(&broken, window: reading, value: value) }
        guard LayoutRules.checkWindow(family: family, systemVersion: systemVersion, report: &broken) else { return nil }
        var valid = true
        if reading.splitValue != nil, !LayoutRules.checkSplitView(systemVersion: systemVersion, report: &broken) { valid = false }
        switch (reading.splitValue, reading.frameValue) {
        case (nil, nil):
            invalid("give split or frame", value: value)
            return nil
        case (_?, let frame?):
            invalid("give split or frame, not both", value: frame)
            valid = false
        default:
            break
        }
        if let side = reading.sideValue, reading.splitValue == nil {
            invalid("side goes only with split", value: side)
            valid = false
        }
        guard let screen else { return nil }
        if valid, let split = reading.split {
            return LayoutRules.checkPreset(split, side: reading.side ?? .leading, screen: screen, report: &broken)
        }
        guard reading.splitValue == nil, let frame = reading.frame, let frameValue = reading.frameValue else { return nil }
        for (name, length) in [("width", frame.width), ("height", frame.height)] where length < WindowRules.minimumSide {
            let member = document.members(of: frameValue).first { document.string($0.key) == name }
            invalid("a window is at least 200 × 200", at: document.startOffset(of: member?.value ?? frameValue), in: frameValue, key: name)
            valid = false
        }
        guard LayoutRules.checkWindowFrame(frame, screen: screen, report: &broken) else { return nil }
        return valid ? frame : nil
    }

    /// Reports the window rules `broken` found, each at the `window` member it points to.
    private mutating func report(_ broken: inout LayoutDecoding.BrokenRules, window reading: WindowReading, value: JSONValue) {
        for (place, detail, varies) in broken.found {
            guard case .window(let field) = place else { continue }
            let member = switch field {
            case .split?: reading.splitValue
            case .side?: reading.sideValue
            case .frame?: reading.frameValue
            case nil: value
            }
            invalid(detail, value: member ?? value, varies: varies)
        }
        broken.found.removeAll()
    }
}

extension LayoutDecoding {
    /// The `window` member `value` of a body on `device` (or a custom screen): its frame,
    /// or `nil` (reported, or no window can be judged on an unknown device).
    mutating func window(
        _ value: JSONValue, device: String?, customScreen: CustomScreen?, screenGiven: Bool, orientation: Orientation,
        systemVersion: Double, statusBarHidden: Bool
    ) -> Rect? {
        guard let reading = reader.windowReading(value) else { return nil }
        // An unknown device was reported; a window on it cannot be judged.
        if !screenGiven, device == nil { return nil }
        let environment = device.flatMap { devices.environment(id: $0, orientation: orientation, systemVersion: systemVersion, statusBarHidden: statusBarHidden) }
        return reader.windowFrame(reading, value: value, family: screenGiven ? nil : family, systemVersion: systemVersion, screen: environment?.screen)
    }

    /// Whether the app's window (`frame`, or the whole screen) on `device` or `customScreen`
    /// is horizontally compact, where a split view controller is not modelled; `nil` when
    /// neither is known.
    func windowIsCompact(device: String?, customScreen: CustomScreen?, orientation: Orientation, systemVersion: Double, statusBarHidden: Bool, frame: Rect?) -> Bool? {
        let environment = customScreen.map { $0.environment(systemVersion: systemVersion, statusBarHidden: statusBarHidden) }
            ?? device.flatMap { devices.environment(id: $0, orientation: orientation, systemVersion: systemVersion, statusBarHidden: statusBarHidden) }
        guard let environment else { return nil }
        return (frame.map(environment.windowed) ?? environment).sizeClass.horizontal == .compact
    }
}
