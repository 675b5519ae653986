import DeviceCatalog

/// The device-file parser on any file: a registry or a DeviceFileError naming the problem,
/// never a trap.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzDeviceFile(_ data: UnsafeRawPointer, _ size: Int) -> CInt {
    let json = String(decoding: UnsafeRawBufferPointer(start: data, count: size), as: UTF8.self)
    _ = try? DeviceCatalog(files: [(file: "fuzz.json", json: json)])
    return 0
}
