@testable import DeviceCatalog
import Foundation
import Testing

/// Broken device files: the error names the file and the field.
@Suite struct BrokenFileTests {
    static let valid: String = EmbeddedDevices.files.first { $0.file == "iphone-x.json" }?.json ?? ""

    /// Loads `iphone-x.json` with `old` replaced by `new` (which must occur in the file).
    func load(replacing old: String, with new: String, file: String = "iphone-x.json") -> DeviceFileError? {
        #expect(Self.valid.contains(old), "fixture text not found: \(old)")
        let json = Self.valid.replacingOccurrences(of: old, with: new)
        do {
            _ = try DeviceCatalog(files: [(file: file, json: json)])
            return nil
        } catch {
            return error
        }
    }

    @Test func theUnchangedFileLoads() throws {
        let catalog = try DeviceCatalog(files: [(file: "iphone-x.json", json: Self.valid)])
        #expect(catalog.devices.map(\.id) == ["iphone-x"])
    }

    @Test func notJSON() throws {
        let error = try #require(load(replacing: "\"family\": \"iphone\",", with: "\"family\": \"iphone\""))
        #expect(error.file == "iphone-x.json")
        #expect(error.field == "")
        guard case .malformedJSON = error.reason else { Issue.record("reason \(error.reason)"); return }
        #expect(error.description.hasPrefix("Devices/iphone-x.json: not valid JSON"))
    }

    @Test func missingField() throws {
        let error = try #require(load(replacing: "  \"scale\": 3,\n", with: ""))
        #expect(error == DeviceFileError(file: "iphone-x.json", field: "scale", reason: .missing))
        #expect(error.description == "Devices/iphone-x.json: scale: is required")
    }

    @Test func wrongType() throws {
        let error = try #require(load(replacing: "\"homeIndicator\": true", with: "\"homeIndicator\": \"yes\""))
        #expect(error == DeviceFileError(file: "iphone-x.json", field: "homeIndicator", reason: .wrongType(expected: "true or false")))
    }

    @Test func nestedWrongType() throws {
        let error = try #require(load(replacing: "\"portrait\": {\"top\": 44,", with: "\"portrait\": {\"top\": \"44\","))
        #expect(error.field == "safeArea.portrait.top")
        #expect(error.description == "Devices/iphone-x.json: safeArea.portrait.top: must be a number")
    }

    @Test func unknownField() throws {
        let error = try #require(load(replacing: "\"scale\": 3,", with: "\"scale\": 3, \"scael\": 3,"))
        #expect(error == DeviceFileError(file: "iphone-x.json", field: "scael", reason: .unknownField))
    }

    @Test func duplicateKey() throws {
        let error = try #require(load(replacing: "\"scale\": 3,", with: "\"scale\": 3, \"scale\": 2,"))
        #expect(error == DeviceFileError(file: "iphone-x.json", field: "scale", reason: .invalid("is given twice")))
    }

    @Test func numberTooLarge() throws {
        let error = try #require(load(replacing: "\"scale\": 3,", with: "\"scale\": 3e400,"))
        #expect(error == DeviceFileError(file: "iphone-x.json", field: "scale", reason: .invalid("must be a number >= 0")))
    }

    @Test func idMustMatchTheFileName() throws {
        let error = try #require(load(replacing: "\"id\": \"iphone-x\"", with: "\"id\": \"iphone-x\"", file: "iphone-10.json"))
        #expect(error.file == "iphone-10.json")
        #expect(error.field == "id")
    }

    @Test func duplicateIDs() throws {
        // Ids equal file names, so a duplicate means the same file name given twice.
        #expect(throws: DeviceFileError(file: "iphone-x.json", field: "id", reason: .invalid("duplicate id \"iphone-x\", also in iphone-x.json"))) {
            _ = try DeviceCatalog(files: [(file: "iphone-x.json", json: Self.valid), (file: "iphone-x.json", json: Self.valid)])
        }
    }

    @Test func unknownEnumWord() throws {
        let error = try #require(load(replacing: "\"sensorHousing\": \"notch\"", with: "\"sensorHousing\": \"dynamic-island\""))
        #expect(error.field == "sensorHousing")
        #expect(error.description.contains("\"dynamicIsland\""))
    }

    @Test func insetsOutsideTheScreen() throws {
        let error = try #require(load(replacing: "{\"top\": 44, \"left\": 0, \"bottom\": 34, \"right\": 0}", with: "{\"top\": 44, \"left\": 0, \"bottom\": 800, \"right\": 0}"))
        #expect(error.field == "safeArea.portrait.bottom")
        #expect(error.description.contains("less than the screen height 812"))
    }

    @Test func landscapeMustBeSymmetric() throws {
        let error = try #require(load(replacing: "\"landscape\": {\"top\": 0, \"left\": 44, \"bottom\": 21, \"right\": 44}", with: "\"landscape\": {\"top\": 0, \"left\": 44, \"bottom\": 21, \"right\": 40}"))
        #expect(error.field == "safeArea.landscape.right")
        #expect(error.description.contains("symmetric"))
    }

    @Test func everyFigureNeedsASource() throws {
        let error = try #require(load(replacing: "\"cornerRadius\": [", with: "\"cornerRadiusX\": ["))
        #expect(error.field == "sources.cornerRadiusX")
        let empty = try #require(load(replacing: "\"orientations\": [\"derived\"]", with: "\"orientations\": []"))
        #expect(empty.field == "sources.orientations")
        let absent = try #require(load(replacing: "\"orientations\": [\"derived\"],", with: ""))
        #expect(absent.field == "sources.orientations")
        #expect(absent.description.contains("every figure needs its sources"))
    }

    @Test func orientationSetMatchesTheDeviceKind() throws {
        let error = try #require(load(
            replacing: "\"orientations\": [\"portrait\", \"landscapeLeft\", \"landscapeRight\"]",
            with: "\"orientations\": [\"portrait\", \"portraitUpsideDown\", \"landscapeLeft\", \"landscapeRight\"]"
        ))
        #expect(error.field == "orientations")
        let word = try #require(load(replacing: "\"orientations\": [\"portrait\",", with: "\"orientations\": [\"upright\","))
        #expect(word.field == "orientations[0]")
    }

    @Test func barsMustBeTheRulesFigures() throws {
        let error = try #require(load(replacing: "\"navigationBar\": 44,", with: "\"navigationBar\": 45,"))
        #expect(error.field == "bars.portrait")
    }

    @Test func overrideNeedsOneVersionBound() throws {
        let error = try #require(load(
            replacing: "\"overrides\": [\n",
            with: "\"overrides\": [{\"statusBarHeight\": 40, \"note\": \"n\", \"sources\": [\"derived\"]},\n"
        ))
        #expect(error.field == "overrides[0]")
        let symmetric = try #require(load(
            replacing: "\"overrides\": [\n",
            with: "\"overrides\": [{\"systemVersionFrom\": 26, \"safeArea\": {\"landscape\": {\"top\": 20, \"left\": 44, \"bottom\": 20, \"right\": 0}}, \"note\": \"n\", \"sources\": [\"derived\"]},\n"
        ))
        #expect(symmetric.field == "overrides[0].safeArea.landscape.right")
    }

    @Test func modelIdentifiersHaveTheirForm() throws {
        for bad in ["iPhone10", "iphone-x", "10,3", "iPhone10,", "iPhone 10,3", "iPhone10,3a", "iPhone10;3", "iPhöne10,3"] {
            let error = try #require(load(replacing: "\"iPhone10,3\"", with: "\"\(bad)\""), "\(bad)")
            #expect(error.field == "modelIdentifiers[0]", "\(bad)")
            #expect(error.description.contains("letters, digits, a comma, digits"), "\(bad)")
        }
        let twice = try #require(load(replacing: "[\"iPhone10,3\", \"iPhone10,6\"]", with: "[\"iPhone10,3\", \"iPhone10,3\"]"))
        #expect(twice == DeviceFileError(file: "iphone-x.json", field: "modelIdentifiers[1]", reason: .invalid("is listed twice")))
        let none = try #require(load(replacing: "[\"iPhone10,3\", \"iPhone10,6\"]", with: "[]"))
        #expect(none.field == "modelIdentifiers")
    }

    @Test func aModelIdentifierBelongsToOneFile() throws {
        let xs = try #require(EmbeddedDevices.files.first { $0.file == "iphone-xs.json" }?.json)
        let claimed = xs.replacingOccurrences(of: "[\"iPhone11,2\"]", with: "[\"iPhone11,2\", \"iPhone10,6\"]")
        #expect(throws: DeviceFileError(file: "iphone-xs.json", field: "modelIdentifiers[1]", reason: .invalid("\"iPhone10,6\" is also listed in iphone-x.json"))) {
            _ = try DeviceCatalog(files: [(file: "iphone-x.json", json: Self.valid), (file: "iphone-xs.json", json: claimed)])
        }
    }

    @Test func verifiedIsADate() throws {
        for bad in ["2026-11-31", "2026-13-01", "2025-02-29", "26-11-22", "2026-11-2", "2026/11/22", "2026-+1-22", ""] {
            let error = try #require(load(replacing: "\"verified\": \"2026-11-22\"", with: "\"verified\": \"\(bad)\""), "\(bad)")
            #expect(error == DeviceFileError(file: "iphone-x.json", field: "verified", reason: .invalid("must be a date written YYYY-MM-DD")), "\(bad)")
        }
        #expect(load(replacing: "\"verified\": \"2026-11-22\"", with: "\"verified\": \"2024-02-29\"") == nil)
        let absent = try #require(load(replacing: "  \"verified\": \"2026-11-22\",\n", with: ""))
        #expect(absent == DeviceFileError(file: "iphone-x.json", field: "verified", reason: .missing))
    }
}
