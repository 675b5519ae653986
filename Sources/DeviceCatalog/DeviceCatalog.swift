import Foundation
import InsetEngine
import JSONCore

/// The device-profile registry: every device file, loaded and validated once at start-up.
///
/// The files live in `Sources/DeviceCatalog/Devices/<id>.json` and are compiled into the
/// binary by the `EmbedResources` plugin; adding a device is adding one file.
public struct DeviceCatalog: Sendable {
    /// Every device: iPhones, then iPads, then Apple TVs, each group by id in numeric-aware order.
    public let devices: [DeviceProfile]
    /// The ids, by position in `devices`: a request's device is looked up per call, found by
    /// its bytes (a `[String: Int]` would hash the id with SipHash first).
    private let ids: JSONStringTable
    /// Every model identifier, and the position in `devices` of the profile listing each.
    private let modelIdentifiers: JSONStringTable
    private let modelPositions: [Int]
    /// The ``ContentDigest`` of every file's name and text, in file-name order: it changes whenever a device file does (the `ETag` of
    /// `GET /devices`).
    public let digest: String
    /// Each device's `EnvironmentBasis`, indexed like `devices`.
    let bases: [EnvironmentBasis]
    /// Every device's overrides as plain values, a device's at its basis's `overrides`.
    let overrideBases: [OverrideBasis]
    /// Every device's window explanations, a device's at its basis's `explanations`.
    let explanations: [WindowExplanation]

    /// Loads and validates device files given as (file name, JSON text).
    /// - Throws: the first broken file's `DeviceFileError`, naming the file and the field;
    ///   also for an id, or a model identifier, that two files list.
    public init(files: [(file: String, json: String)]) throws(DeviceFileError) {
        var profiles: [DeviceProfile] = []
        var fileOfID: [String: String] = [:]
        var fileOfModel: [String: String] = [:]
        for (file, json) in files {
            let profile = try DeviceFileParser(file: file, json: json).profile()
            if let other = fileOfID[profile.id] {
                throw DeviceFileError(file: file, field: "id", reason: .invalid("duplicate id \"\(profile.id)\", also in \(other)"))
            }
            fileOfID[profile.id] = file
            for (index, identifier) in profile.modelIdentifiers.enumerated() {
                if let other = fileOfModel.updateValue(file, forKey: identifier) {
                    throw DeviceFileError(file: file, field: "modelIdentifiers[\(index)]", reason: .invalid("\"\(identifier)\" is also listed in \(other)"))
                }
            }
            profiles.append(profile)
        }
        let familyOrder = Dictionary(uniqueKeysWithValues: DeviceFamily.allCases.enumerated().map { ($1, $0) })
        profiles.sort { left, right in
            if left.family != right.family { return familyOrder[left.family, default: 0] < familyOrder[right.family, default: 0] }
            return left.id.compare(right.id, options: .numeric) == .orderedAscending
        }
        devices = profiles
        ids = JSONStringTable(profiles.map(\.id))
        let models = profiles.enumerated().flatMap { position, profile in profile.modelIdentifiers.map { ($0, position) } }
        modelIdentifiers = JSONStringTable(models.map(\.0))
        modelPositions = models.map(\.1)
        digest = Self.digest(of: files)
        var bases: [EnvironmentBasis] = []
        var overrideBases: [OverrideBasis] = []
        var explanations: [WindowExplanation] = []
        for profile in profiles {
            var basis = EnvironmentBasis(profile, overrides: overrideBases.count..<overrideBases.count + profile.overrides.count)
            overrideBases += profile.overrides.map { OverrideBasis($0) }
            let made = basis.windowExplanations(overrides: overrideBases)
            basis.explanations = explanations.count..<explanations.count + made.count
            explanations += made
            bases.append(basis)
        }
        self.bases = bases
        self.overrideBases = overrideBases
        self.explanations = explanations
    }

    /// The registry compiled into the binary (`Devices/*.json`).
    /// - Throws: `DeviceFileError` for a broken file (a build that embeds one fails its tests).
    public static func embedded() throws(DeviceFileError) -> DeviceCatalog {
        try DeviceCatalog(files: EmbeddedDevices.files)
    }

    /// The device with `id`, or `nil`.
    public func device(id: String) -> DeviceProfile? {
        ids.index(of: id).map { devices[$0] }
    }

    /// The position in `devices` of the device with `id`, or `nil`. Reading a profile's
    /// fields as `devices[position].field` reads them in place; a profile holds many arrays
    /// and strings, which a copy of it (`device(id:)`) retains and releases.
    public func position(of id: String) -> Int? {
        ids.index(of: id)
    }

    /// The device listing the model identifier `identifier` (matched exactly), or `nil`.
    public func device(modelIdentifier identifier: String) -> DeviceProfile? {
        modelPosition(of: identifier).map { devices[$0] }
    }

    /// The position in `devices` of the device whose id is `idOrModelIdentifier` or that
    /// lists it as a model identifier, or `nil`: how `/devices/{id}` and the routes under it
    /// find their device. Ids and model identifiers cannot collide (kebab-case lowercase
    /// against letters, digits, a comma, digits).
    public func position(resolving idOrModelIdentifier: String) -> Int? {
        ids.index(of: idOrModelIdentifier) ?? modelPosition(of: idOrModelIdentifier)
    }

    /// The position in `devices` of the device listing `identifier`, or `nil`.
    private func modelPosition(of identifier: String) -> Int? {
        modelIdentifiers.index(of: identifier).map { modelPositions[$0] }
    }

    /// The device whose id is `idOrModelIdentifier` or that lists it as a model identifier,
    /// or `nil` (see `position(resolving:)`).
    public func device(resolving idOrModelIdentifier: String) -> DeviceProfile? {
        position(resolving: idOrModelIdentifier).map { devices[$0] }
    }

    /// The devices of one family, in registry order.
    public func devices(family: DeviceFamily) -> [DeviceProfile] {
        devices.filter { $0.family == family }
    }

    private static func digest(of files: [(file: String, json: String)]) -> String {
        var digest = ContentDigest()
        for entry in files.sorted(by: { $0.file < $1.file }) {
            digest.add(Array(entry.file.utf8))
            digest.add(Array(entry.json.utf8))
        }
        return digest.hex
    }
}
