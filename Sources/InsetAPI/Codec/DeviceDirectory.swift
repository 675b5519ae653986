import InsetEngine
import ServiceKit

/// What the request decoders need to know of the device registry: whether an id exists,
/// its family and orientations, and its `DisplayEnvironment` for one configuration.
public protocol DeviceDirectory: Sendable {
    /// The device's family, or `nil` for an unknown id.
    func family(of id: String) -> DeviceFamily?
    /// The orientations the device supports, or `nil` for an unknown id.
    func orientations(of id: String) -> [Orientation]?
    /// The device's environment in one orientation, or `nil` for an unknown id or an
    /// orientation it does not support.
    func environment(id: String, orientation: Orientation, systemVersion: Double, statusBarHidden: Bool) -> DisplayEnvironment?
}
