import DeviceCatalog
import InsetEngine

/// The registry answers the request decoders' device questions (reading profiles in place).
extension DeviceCatalog: DeviceDirectory {
    public func family(of id: String) -> DeviceFamily? {
        position(of: id).map { devices[$0].family }
    }

    public func orientations(of id: String) -> [Orientation]? {
        position(of: id).map { devices[$0].orientations }
    }

    public func environment(id: String, orientation: Orientation, systemVersion: Double, statusBarHidden: Bool) -> DisplayEnvironment? {
        try? environment(ofDevice: id, orientation: orientation, systemVersion: systemVersion, statusBarHidden: statusBarHidden)
    }
}
