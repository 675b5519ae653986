import DeviceCatalog
import InsetEngine
import JSONCore
import ServiceKit

extension DevicesEndpoints {
    /// `splitViewWindows` of an iPad's profile: per orientation (`portrait`, `landscape`),
    /// the Split View presets of RULES.md W2 in the order oneThird, oneHalf, twoThirds (none
    /// 50/50 in portrait), each with its size and its size classes (W3).
    static func writeSplitViewWindows(_ device: DeviceProfile, into writer: inout JSONWriter) {
        let portrait = Size(width: Swift.min(device.screen.width, device.screen.height), height: Swift.max(device.screen.width, device.screen.height))
        let landscape = Size(width: portrait.height, height: portrait.width)
        writer.key("splitViewWindows")
        writer.beginObject()
        for (name, screen) in [("portrait", portrait), ("landscape", landscape)] {
            writer.key(dynamic: name)
            writer.beginArray()
            for preset in SplitViewPreset.allCases {
                guard let width = WindowRules.width(of: preset, screen: screen) else { continue }
                let sizeClass = WindowRules.sizeClass(ofWidth: width)
                writer.beginObject()
                writer.field("split", preset.rawValue)
                writer.field("width", width)
                writer.field("height", screen.height)
                writer.key("sizeClass")
                writer.beginObject()
                writer.field("horizontal", sizeClass.horizontal.rawValue)
                writer.field("vertical", sizeClass.vertical.rawValue)
                writer.endObject()
                writer.endObject()
            }
            writer.endArray()
        }
        writer.endObject()
    }
}
