import InsetEngine
import ServiceKit

/// What the request decoders need to know of the device registry: the id a request's
/// device name (an id or a model identifier) resolves to, every id (for suggestions), a
/// device's family and orientations, and its `DisplayEnvironment` for one configuration.
public protocol DeviceDirectory: Sendable {
    /// The registry id of the device whose id is `name` or that lists `name` as a model
    /// identifier (matched exactly), or `nil`.
    func resolve(_ name: String) -> String?
    /// Every registry id, in the order of `GET /devices`.
    var ids: [String] { get }
    /// The device's family, or `nil` for an unknown id.
    func family(of id: String) -> DeviceFamily?
    /// The orientations the device supports, or `nil` for an unknown id.
    func orientations(of id: String) -> [Orientation]?
    /// The device's environment in one orientation, or `nil` for an unknown id or an
    /// orientation it does not support.
    func environment(id: String, orientation: Orientation, systemVersion: Double, statusBarHidden: Bool) -> DisplayEnvironment?
}
