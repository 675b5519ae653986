import DeviceCatalog
import InsetEngine
import HTTPTypes
import ServiceKit

/// The query parameters of the `/devices` endpoints, read from their raw text; each bad
/// value becomes a `FieldProblem` with the pointer `/<name>` (API.md "Errors").
enum DeviceQuery {
    /// `GET /devices`' filters: `?family=` (`nil` for all families) and `?model=` (`nil` for
    /// any device; kept only when of the form of a model identifier), both problems reported
    /// together.
    static func listFilters(family familyText: String?, model: String?) throws(Problem) -> (family: DeviceFamily?, model: String?) {
        var problems: [FieldProblem] = []
        var family: DeviceFamily?
        if let familyText {
            family = DeviceFamily(rawValue: familyText)
            if family == nil {
                problems.append(unknownWord(familyText, at: "/family", allowed: DeviceFamily.allCases.map(\.rawValue)))
            }
        }
        if let model, !ModelIdentifier.isWellFormed(model) {
            problems.append(FieldProblem(pointer: "/model", detail: "must be a model identifier: letters, digits, a comma, digits (iPhone16,1)"))
        }
        guard problems.isEmpty else { throw Problem.invalid(problems) }
        return (family, model)
    }

    /// The device `/devices/{id}` names, by id or by model identifier (`iPhone16,1`): the
    /// resolver of every route under `/devices/{id}`.
    /// - Throws: 404 when neither an id nor a listed model identifier matches, with API.md's
    ///   unknown-device text and the nearest id as `suggestion` where one is close.
    static func device(catalog: DeviceCatalog, id: String) throws(Problem) -> DeviceProfile {
        guard let device = catalog.device(resolving: id) else {
            let (detail, suggestion) = Suggestion.unknownDevice(id, ids: catalog.ids)
            var problem = Problem(status: 404, detail: detail)
            problem.suggestion = suggestion
            throw problem
        }
        return device
    }

    /// Looks the device up by id or model identifier (404 when unknown), then reads
    /// `?orientation=` (unknown word or one the device lacks: 422) and `?systemVersion=`
    /// (422 unless a number as JSON writes one and a version RULES.md V1 models), reporting
    /// both problems together.
    static func resolve(catalog: DeviceCatalog, id: String, orientation text: String?, systemVersion versionText: String?) throws(Problem) -> (device: DeviceProfile, orientation: Orientation?, systemVersion: Double) {
        let device = try device(catalog: catalog, id: id)
        var problems: [FieldProblem] = []
        var orientation: Orientation?
        if let text {
            if let word = Orientation(rawValue: text) {
                if device.orientations.contains(word) {
                    orientation = word
                } else {
                    problems.append(FieldProblem(pointer: "/orientation", detail: "\(device.id) does not support \(word.rawValue); it supports \(list(device.orientations.map(\.rawValue)))"))
                }
            } else {
                problems.append(unknownWord(text, at: "/orientation", allowed: Orientation.allCases.map(\.rawValue)))
            }
        }
        var systemVersion = SystemVersion.default
        switch Self.systemVersion(versionText) {
        case .version(let version): systemVersion = version
        case .refused(let problem): problems.append(problem)
        }
        guard problems.isEmpty else { throw Problem.invalid(problems) }
        return (device, orientation, systemVersion)
    }

    /// `?systemVersion=` as a version, absent meaning the default; a problem at
    /// `/systemVersion` for a text that is not a number as JSON writes one ("must be a
    /// number") or a version V1 refuses (its fixed detail), however large.
    static func systemVersion(_ text: String?) -> VersionReading {
        guard let text else { return .version(SystemVersion.default) }
        guard isJSONNumber(text), let value = Double(text) else {
            return .refused(FieldProblem(pointer: "/systemVersion", detail: "must be a number"))
        }
        if let refusal = SystemVersion.refusal(of: value) {
            return .refused(FieldProblem(pointer: "/systemVersion", detail: refusal.detail))
        }
        return .version(value)
    }

    /// What `?systemVersion=` reads as.
    enum VersionReading {
        case version(Double)
        case refused(FieldProblem)
    }

    /// Whether `text` is a number as JSON writes one (RFC 8259 §6: `-`? int frac? exp?).
    private static func isJSONNumber(_ text: String) -> Bool {
        var bytes = Substring(text).utf8[...]
        func digits() -> Int {
            let count = bytes.prefix { $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }.count
            bytes = bytes.dropFirst(count)
            return count
        }
        if bytes.first == UInt8(ascii: "-") { bytes = bytes.dropFirst() }
        let leadingZero = bytes.first == UInt8(ascii: "0")
        let integer = digits()
        guard integer > 0, !(leadingZero && integer > 1) else { return false }
        if bytes.first == UInt8(ascii: ".") {
            bytes = bytes.dropFirst()
            guard digits() > 0 else { return false }
        }
        if bytes.first == UInt8(ascii: "e") || bytes.first == UInt8(ascii: "E") {
            bytes = bytes.dropFirst()
            if bytes.first == UInt8(ascii: "+") || bytes.first == UInt8(ascii: "-") { bytes = bytes.dropFirst() }
            guard digits() > 0 else { return false }
        }
        return bytes.isEmpty
    }

    /// A query value that is none of `allowed` (API.md "Errors": the word, the list, a suggestion).
    private static func unknownWord(_ word: String, at pointer: String, allowed: [String]) -> FieldProblem {
        let (detail, suggestion) = Suggestion.unknownWord(word, allowed: allowed)
        return FieldProblem(pointer: pointer, detail: detail, suggestion: suggestion)
    }

    private static func list(_ words: [String]) -> String {
        words.joined(separator: ", ")
    }
}

extension DeviceProfile {
    /// Resolves for an orientation already checked against `orientations`.
    func display(_ orientation: Orientation, systemVersion: Double) throws(Problem) -> DisplayEnvironment {
        do {
            return try resolve(orientation: orientation, systemVersion: systemVersion, statusBarHidden: false).environment
        } catch {
            switch error {
            case .unknownDevice(let id):
                throw Problem(status: 404, detail: "no device \"\(id)\" in the registry")
            case .unsupportedOrientation(let device, let orientation, _):
                throw Problem.invalid([FieldProblem(pointer: "/orientation", detail: "\(device) does not support \(orientation.rawValue)")])
            }
        }
    }
}
