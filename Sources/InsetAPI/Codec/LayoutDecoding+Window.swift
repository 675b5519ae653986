import InsetEngine
import JSONCore
import ServiceKit

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
    /// `value`) is judged: its own form first (exactly one of `split` and `frame`; `side`
    /// only with `split`; a frame at least 200 × 200), then against the device: iPads only
    /// (`family`; `nil` for a custom screen), from systemVersion 9; a preset the orientation
    /// has; a frame wholly inside `screen`. Every problem is reported at API.md's pointer;
    /// `frame` is `nil` when there is one, or when `screen` is unknown (an unknown device,
    /// reported elsewhere).
    ///
    /// `judgedWidth` is the width a split view controller is judged against (API.md
    /// "Errors"): the frame's or the preset's as given (W2's width), also when the window is
    /// refused for them; `nil` when it is refused as a whole (then the screen's counts).
    /// With `deviceKnown` false (an unknown device, reported elsewhere) only the own form is judged.
    mutating func windowFrame(_ reading: WindowReading, value: JSONValue, family: DeviceFamily?, deviceKnown: Bool = true, systemVersion: Double?, screen: Size?) -> (frame: Rect?, judgedWidth: Double?) {
        var broken = LayoutDecoding.BrokenRules()
        defer { report(&broken, window: reading, value: value) }
        var valid = true
        switch (reading.splitValue, reading.frameValue) {
        case (nil, nil):
            invalid("give split or frame", value: value)
            valid = false
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
        let givenFrame = reading.splitValue == nil ? reading.frame : nil
        if let frame = givenFrame, let frameValue = reading.frameValue {
            for (name, length) in [("width", frame.width), ("height", frame.height)] where length < WindowRules.minimumSide {
                let member = document.members(of: frameValue).first { !isSuperseded($0) && document.string($0.key) == name }
                invalid("a window is at least 200 × 200", at: document.startOffset(of: member?.key ?? frameValue), in: frameValue, key: name)
                valid = false
            }
        }
        // Refused as a whole (off an iPad, before 9, neither or both of split and frame), or
        // an unknown preset: nothing more to judge.
        guard deviceKnown, LayoutRules.checkWindow(family: family, systemVersion: systemVersion, report: &broken),
              reading.frameValue == nil ? reading.split != nil && reading.splitValue != nil : givenFrame != nil else {
            return (nil, nil)
        }
        guard let screen else { return (nil, nil) }
        if reading.frameValue == nil, let split = reading.split {
            let side = reading.side ?? .leading
            // From 26 a preset is one problem whatever it is (V11), still judged at W2's width.
            if let systemVersion, !LayoutRules.checkSplitView(systemVersion: systemVersion, report: &broken) {
                var unreported = LayoutDecoding.BrokenRules()
                let width = LayoutRules.checkPreset(split, side: side, screen: screen, report: &unreported)?.width
                return (nil, width ?? (screen.width - WindowRules.dividerWidth) / 2)
            }
            let frame = LayoutRules.checkPreset(split, side: side, screen: screen, report: &broken)
            // A preset the orientation lacks (50/50 in portrait) is judged at W2's formula.
            let width = frame?.width ?? (screen.width - WindowRules.dividerWidth) / 2
            return (valid ? frame : nil, width)
        }
        guard let frame = givenFrame else { return (nil, nil) }
        let inside = LayoutRules.checkWindowFrame(frame, screen: screen, report: &broken)
        return (valid && inside ? frame : nil, frame.width)
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
    /// The `window` member `value` of a body on a device (`deviceKnown`; its family is
    /// `family`) or a custom screen (`screenGiven`), whose screen is `screen` (`nil`: not
    /// known, as on an unknown device or in a refused orientation): its frame, or `nil`
    /// (reported, or not judged without a screen), and the width a split view controller
    /// is judged against (`RequestReader.windowFrame`).
    mutating func window(_ value: JSONValue, deviceKnown: Bool, screenGiven: Bool, screen: Size?) -> (frame: Rect?, judgedWidth: Double?) {
        guard let reading = reader.windowReading(value) else { return (nil, nil) }
        // On an unknown device (reported) only the window's own form can be judged.
        return reader.windowFrame(reading, value: value, family: screenGiven ? nil : family, deviceKnown: screenGiven || deviceKnown,
                                  systemVersion: systemVersion, screen: screen)
    }
}
