import DeviceCatalog
import InsetEngine

/// The registry answers the request decoders' device questions.
extension DeviceCatalog: DeviceDirectory {
    public func family(of id: String) -> DeviceFamily? {
        device(id: id)?.family
    }

    public func orientations(of id: String) -> [Orientation]? {
        device(id: id)?.orientations
    }

    public func environment(id: String, orientation: Orientation, systemVersion: Double, statusBarHidden: Bool) -> DisplayEnvironment? {
        try? resolve(id: id, orientation: orientation, systemVersion: systemVersion, statusBarHidden: statusBarHidden).environment
    }
}
