import DeviceCatalog
import InsetEngine
import ServiceKit

/// The registry answers the request decoders' device questions (reading profiles in place:
/// no closures, which would copy the catalog and a profile, retaining the arrays every pool
/// thread shares).
extension DeviceCatalog: DeviceDirectory {
    public func resolve(_ name: String) -> String? {
        position(resolving: name).map { devices[$0].id }
    }

    public var ids: [String] { devices.map(\.id) }

    public func family(of id: String) -> DeviceFamily? {
        guard let position = position(of: id) else { return nil }
        return devices[position].family
    }

    public func orientations(of id: String) -> [Orientation]? {
        guard let position = position(of: id) else { return nil }
        return devices[position].orientations
    }

    public func environment(id: String, orientation: Orientation, systemVersion: Double, statusBarHidden: Bool) -> DisplayEnvironment? {
        try? environment(ofDevice: id, orientation: orientation, systemVersion: systemVersion, statusBarHidden: statusBarHidden)
    }
}
