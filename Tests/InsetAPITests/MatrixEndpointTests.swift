import DeviceCatalog
import Foundation
import InsetEngine
@testable import InsetAPI
import ServiceKit
import HTTPTypes
import ServiceTestSupport
import JSONCore
import MicroHTTP
import Testing
import InsetEngineTestSupport

/// `POST /layout/matrix` (API.md "POST /layout/matrix") and the negotiation it shares with
/// `/devices/{id}/emulation`, through the service's own answering (no sockets).
@Suite struct MatrixEndpointTests {
    static let catalog: DeviceCatalog = {
        do { return try DeviceCatalog.embedded() } catch { fatalError("\(error)") }
    }()

    static let service = HTTPService(
        configuration: ServiceConfiguration(accessLog: false, openAPIDocument: Array("openapi: 3.1.0\n".utf8)),
        routes: ProductRoutes.all(catalog: catalog)
    )

    /// The service's answer to one request.
    func respond(_ path: String, method: RawMethod = .post, query: [QueryItem] = [], headers: RawHeaders = ["Content-Type": "application/json"], body: String = "") -> RawResponse {
        Self.service.respond(to: RawRequest(method: method, path: path, query: query, headers: headers, body: Array(body.utf8)))
    }

    /// A matrix answer's body, whole (a streamed one is made here piece by piece, as the
    /// stream would).
    func matrix(_ body: String, fields: String? = nil, csv: Bool = false) throws -> [UInt8] {
        let decoded = try MatrixRequestDecoder(catalog: Self.catalog).decode(Array(body.utf8))
        let format = try MatrixFormat.from(fields: fields, given: fields != nil, type: csv ? .csv : .json)
        return MatrixAnswer(decoded, format: format).whole()
    }

    /// The problem a matrix request is answered with.
    func problem(_ body: String, query: [QueryItem] = [], accept: String? = nil) throws -> (status: Int, errors: [[String: String]]) {
        var headers: RawHeaders = ["Content-Type": "application/json"]
        if let accept { headers.add("Accept", accept) }
        let response = respond("/layout/matrix", query: query, headers: headers, body: body)
        #expect(response.headers["Content-Type"] == "application/problem+json")
        let object = try #require(response.jsonObject)
        return (response.status, object["errors"] as? [[String: String]] ?? [])
    }

    // MARK: - Answers

    @Test func twoPhonesInTwoOrientationsInAPIKeyOrder() throws {
        let response = respond("/layout/matrix", body: #"{"devices": ["iphone-x", "iphone-8"], "orientations": ["portrait", "landscapeLeft"], "systemVersion": 18, "root": {"id": "root", "viewController": {}}}"#)
        #expect(response.status == 200)
        #expect(response.headers["Content-Type"] == "application/json")
        #expect(response.headers["Vary"] == "Accept")
        let text = response.text
        #expect(text.hasPrefix(#"{"results":[{"device":"iphone-x","orientation":"portrait","systemVersion":18,"window":{"safeAreaInsets":{"top":44,"left":0,"bottom":34,"right":0},"frame":{"x":0,"y":0,"width":375,"height":812},"sizeClass":{"horizontal":"compact","vertical":"regular"}},"nodes":{"root":{"frame":"#))
        #expect(text.hasSuffix(#"}}}],"skipped":[]}"#))
        let results = try #require(response.jsonObject?["results"] as? [[String: Any]])
        let insets = results.map { (($0["nodes"] as? [String: Any])?["root"] as? [String: Any])?["safeAreaInsets"] as? [String: Int] }
        #expect(results.map { "\($0["device"]!) \($0["orientation"]!)" } == ["iphone-x portrait", "iphone-x landscapeLeft", "iphone-8 portrait", "iphone-8 landscapeLeft"])
        #expect(insets == [
            ["top": 44, "left": 0, "bottom": 34, "right": 0], ["top": 0, "left": 44, "bottom": 21, "right": 44],
            ["top": 20, "left": 0, "bottom": 0, "right": 0], ["top": 0, "left": 0, "bottom": 0, "right": 0],
        ])
    }

    @Test func defaultsAreEveryPhoneAndPadInItsOwnOrientationsAndAllAddsTV() throws {
        let root = #""root": {"id": "root"}"#
        let byDefault = try #require(try JSONSerialization.jsonObject(with: Data(matrix("{\(root)}"))) as? [String: Any])
        let results = try #require(byDefault["results"] as? [[String: Any]])
        let expected = Self.catalog.devices.filter { $0.family != .tv }.flatMap { device in
            Orientation.allCases.filter(device.orientations.contains).map { "\(device.id) \($0.rawValue)" }
        }
        #expect(results.map { "\($0["device"]!) \($0["orientation"]!)" } == expected)
        #expect(results.contains { $0["orientation"] as? String == "portraitUpsideDown" })
        #expect((byDefault["skipped"] as? [Any])?.isEmpty == true)

        let all = try #require(try JSONSerialization.jsonObject(with: Data(matrix(#"{"devices": "all", \#(root)}"#))) as? [String: Any])
        let allResults = try #require(all["results"] as? [[String: Any]])
        #expect(allResults.count == results.count + 2)
        #expect(allResults.suffix(2).map { "\($0["device"]!) \($0["orientation"]!)" } == ["apple-tv-4k landscapeLeft", "apple-tv-hd landscapeLeft"])
    }

    @Test func combinationsTheHierarchyIsNotValidOnAreSkippedInOrder() throws {
        let body = #"{"devices": ["apple-tv-hd", "iphone-x", "ipad-air-11"], "orientations": ["portraitUpsideDown", "landscapeLeft"], "systemVersions": [18, 10], "root": {"id": "nav", "viewController": {"kind": "navigation"}, "subviews": [{"id": "top", "viewController": {}}]}}"#
        let answer = try #require(try JSONSerialization.jsonObject(with: Data(matrix(body))) as? [String: Any])
        let results = try #require(answer["results"] as? [[String: Any]])
        #expect(results.map { "\($0["device"]!) \($0["orientation"]!) \($0["systemVersion"]!)" } == [
            "iphone-x landscapeLeft 18", "iphone-x landscapeLeft 10",
            "ipad-air-11 portraitUpsideDown 18", "ipad-air-11 portraitUpsideDown 10", "ipad-air-11 landscapeLeft 18", "ipad-air-11 landscapeLeft 10",
        ])
        let skipped = try #require(answer["skipped"] as? [[String: Any]])
        #expect(skipped.map { "\($0["device"]!) \($0["orientation"]!) \($0["systemVersion"]!)" } == [
            "apple-tv-hd portraitUpsideDown 18", "apple-tv-hd portraitUpsideDown 10",
            "apple-tv-hd landscapeLeft 18", "apple-tv-hd landscapeLeft 10",
            "iphone-x portraitUpsideDown 18", "iphone-x portraitUpsideDown 10",
        ])
        #expect(skipped[0]["reason"] as? String == "/orientation: apple-tv-hd does not support portraitUpsideDown")
        #expect(skipped[2]["reason"] as? String == "/root/viewController/kind: navigation and tab bar controllers are not modelled on tvOS")
        #expect(skipped[4]["reason"] as? String == "/orientation: iphone-x does not support portraitUpsideDown")
        // The legacy model: the window keeps its frame and size classes only.
        let legacyWindow = try #require(results[1]["window"] as? [String: Any])
        #expect(legacyWindow.keys.sorted() == ["frame", "sizeClass"])
        #expect(legacyWindow["sizeClass"] as? [String: String] == ["horizontal": "compact", "vertical": "compact"])
        // A tvOS device without containers is laid out.
        let tv = try #require(try JSONSerialization.jsonObject(with: Data(matrix(#"{"devices": ["apple-tv-4k"], "root": {"id": "r"}}"#))) as? [String: Any])
        #expect((tv["results"] as? [[String: Any]])?.first?["orientation"] as? String == "landscapeLeft")
    }

    /// A Split View window, a keyboard and a field some versions lack are taken on each
    /// combination's own screen and version: its `window` and `nodes` are /layout's for
    /// that combination, byte for byte. A combination /layout refuses for reasons of the
    /// device or version alone (an iPhone's window, tvOS's keyboard, a field the version
    /// lacks) is skipped with them.
    @Test func windowsKeyboardsAndVersionedFieldsAreTakenPerCombination() throws {
        let layoutMembers: [String: Any] = [
            "window": ["split": "twoThirds"], "keyboard": ["height": 300],
            "root": ["id": "root", "viewController": [String: Any](), "keyboardLayoutGuide": true, "subviews": [["id": "v", "pin": "safeArea"]]],
        ]
        var body = layoutMembers
        body["devices"] = ["iphone-15-pro", "ipad-9-7", "ipad-pro-13-m4", "apple-tv-4k"]
        body["systemVersions"] = [14, 18]
        let answer = try matrix(Self.text(body))
        let document = try JSONDocument(parsing: answer)
        let results = try #require(Self.member("results", of: document.root, in: document))
        var laidOut: [String] = []
        for result in document.elements(of: results) {
            let device = try #require(Self.member("device", of: result, in: document).flatMap(document.string))
            let orientation = try #require(Self.member("orientation", of: result, in: document).flatMap(document.string))
            let version = try #require(Self.member("systemVersion", of: result, in: document).flatMap(document.number))
            laidOut.append("\(device) \(orientation) \(version)")
            var layoutBody = layoutMembers
            (layoutBody["device"], layoutBody["orientation"], layoutBody["systemVersion"]) = (device, orientation, version)
            let layout = respond("/layout", body: Self.text(layoutBody))
            #expect(layout.status == 200)
            let layoutDocument = try JSONDocument(parsing: layout.body)
            for key in ["window", "nodes"] {
                let expected = try #require(Self.member(key, of: layoutDocument.root, in: layoutDocument))
                let actual = try #require(Self.member(key, of: result, in: document))
                #expect(layout.body[layoutDocument.startOffset(of: expected)..<layoutDocument.endOffset(of: expected)]
                    .elementsEqual(answer[document.startOffset(of: actual)..<document.endOffset(of: actual)]), "\(key) of \(device) \(orientation)")
            }
        }
        #expect(laidOut == ["ipad-9-7", "ipad-pro-13-m4"].flatMap { device in
            ["portrait", "portraitUpsideDown", "landscapeLeft", "landscapeRight"].map { "\(device) \($0) 18.0" }
        })
        let object = try #require(try JSONSerialization.jsonObject(with: Data(answer)) as? [String: Any])
        let skipped = try #require(object["skipped"] as? [[String: Any]])
        func reason(_ device: String, _ version: Int) -> String? {
            skipped.first { $0["device"] as? String == device && $0["systemVersion"] as? Int == version }?["reason"] as? String
        }
        #expect(reason("iphone-15-pro", 18) == "/window: a window is only for iPads")
        // In document order: the body's members come in the dictionary's order.
        #expect(reason("iphone-15-pro", 14).map { Set($0.components(separatedBy: "; ")) }
            == ["/root/keyboardLayoutGuide: needs systemVersion 15 or later", "/window: a window is only for iPads"])
        #expect(reason("ipad-9-7", 14) == "/root/keyboardLayoutGuide: needs systemVersion 15 or later")
        #expect(reason("apple-tv-4k", 18)?.contains("there is no keyboard on tvOS") == true)
        #expect(skipped.count == 6 + 8 + 2)
        // Every combination skipped: an answer without results, not a 422.
        let none = try #require(try JSONSerialization.jsonObject(with: Data(matrix(#"{"devices": ["iphone-15-pro"], "window": {"split": "oneThird"}, "root": {"id": "r"}}"#))) as? [String: Any])
        #expect((none["results"] as? [Any])?.isEmpty == true)
        #expect((none["skipped"] as? [[String: Any]])?.map { $0["reason"] as? String } == Array(repeating: "/window: a window is only for iPads", count: 3))
    }

    /// A problem of the hierarchy is 422 whatever the devices; the problems that only some
    /// combinations have are not reported with it.
    @Test func aHierarchyProblemIs422WithoutThePerCombinationOnes() throws {
        let answer = try problem(#"{"devices": ["iphone-15-pro", "ipad-9-7"], "window": {"split": "oneThird"}, "root": {"id": "r", "frame": {"x": 0, "y": 0, "width": 10, "height": 10}, "pin": "bounds"}}"#)
        #expect(answer.status == 422)
        let pointers = answer.errors.compactMap { $0["pointer"] }
        #expect(pointers.contains("/root/pin"))
        #expect(!pointers.contains("/window"))
    }

    /// Every device and orientation of a few public /layout bodies, and two versions, gives
    /// `nodes` byte for byte as /layout answers that combination.
    @Test func nodesAreByteIdenticalToLayoutForEveryCombination() throws {
        var compared = 0
        for (name, body) in try Self.publicBodies() {
            for versions in [nil, [10.3, 26]] as [[Double]?] {
                var matrixBody = body
                matrixBody["devices"] = "all"
                if let versions {
                    matrixBody["systemVersion"] = nil
                    matrixBody["systemVersions"] = versions
                }
                let answer = try matrix(Self.text(matrixBody))
                let document = try JSONDocument(parsing: answer)
                let results = try #require(Self.member("results", of: document.root, in: document))
                #expect(document.count(of: results) > 150, "\(name)")
                for result in document.elements(of: results) {
                    let device = try #require(Self.member("device", of: result, in: document).flatMap(document.string))
                    let orientation = try #require(Self.member("orientation", of: result, in: document).flatMap(document.string))
                    let version = try #require(Self.member("systemVersion", of: result, in: document).flatMap(document.number))
                    var layoutBody = body
                    layoutBody["device"] = device
                    layoutBody["orientation"] = orientation
                    layoutBody["systemVersion"] = version
                    let layout = respond("/layout", body: Self.text(layoutBody))
                    #expect(layout.status == 200, "\(name) \(device) \(orientation) \(version)")
                    let layoutDocument = try JSONDocument(parsing: layout.body)
                    let expected = try #require(Self.member("nodes", of: layoutDocument.root, in: layoutDocument))
                    let actual = try #require(Self.member("nodes", of: result, in: document))
                    let same = layout.body[layoutDocument.startOffset(of: expected)..<layoutDocument.endOffset(of: expected)]
                        .elementsEqual(answer[document.startOffset(of: actual)..<document.endOffset(of: actual)])
                    #expect(same, "\(name): \(device) \(orientation) \(version)")
                    compared += 1
                }
            }
        }
        #expect(compared > 2_000)
    }

    /// `?fields=` naming every field writes each node as /layout does.
    @Test func everyFieldNamedWritesTheLayoutBytes() throws {
        let every = NodeField.allCases.reversed().map(\.rawValue).joined(separator: ",")
        // Rows, a collection view's sections and a keyboard guide too.
        let lists: [String: Any] = ["root": [
            "id": "root", "viewController": [String: Any](), "keyboardLayoutGuide": true,
            "subviews": [
                ["id": "table", "kind": "tableView", "frame": ["x": 0, "y": 0, "width": 300, "height": 400],
                 "subviews": [["id": "header", "kind": "sectionHeader"], ["id": "cell", "kind": "cell", "subviews": [["id": "label", "pin": "layoutMargins"]]]]],
                ["id": "grid", "kind": "collectionView", "layout": ["type": "flow", "sectionInsetReference": "fromSafeArea", "sections": [["sectionInset": ["left": 4]], [String: Any]()]]],
            ],
        ]]
        for (name, body) in try Self.publicBodies() + [("lists", lists)] {
            let text = Self.text(body.merging(["devices": "all", "systemVersions": [10, 18], "systemVersion": NSNull()]) { $1 })
            #expect(try matrix(text, fields: every) == matrix(text), "\(name)")
        }
        let listed = String(decoding: try matrix(Self.text(lists.merging(["devices": ["iphone-x"]]) { $1 }), fields: every), as: UTF8.self)
        for member in ["contentView", "separatorInset", "sectionInsets", "sectionExplain", "keyboardLayoutGuide"] {
            #expect(listed.contains("\"\(member)\":"), "\(member)")
        }
    }

    @Test func fieldsKeepsTheNamedFieldsInTheLayoutOrder() throws {
        let body = #"{"devices": ["iphone-x"], "orientations": ["portrait"], "systemVersion": 18, "root": {"id": "nav", "viewController": {"kind": "navigation"}, "subviews": [{"id": "list", "kind": "tableView", "viewController": {}}]}}"#
        let text = String(decoding: try matrix(body, fields: "contentInset, bars,safeAreaInsets"), as: UTF8.self)
        #expect(text.contains(#""nodes":{"nav":{"safeAreaInsets":{"top":44,"left":0,"bottom":34,"right":0},"bars":{"statusBar":{"x":0,"y":0,"width":375,"height":44},"navigationBar":{"x":0,"y":44,"width":375,"height":44}}},"list":{"safeAreaInsets":{"top":88,"left":0,"bottom":34,"right":0},"contentInset":{"top":0,"left":0,"bottom":0,"right":0}}}}"#))
    }

    // MARK: - Problems

    @Test func theMatrixsOwnMembersAreCheckedWithTheHierarchyInDocumentOrder() throws {
        let body = #"{"devices": ["iphone-x", "nope", "iphone-x"], "orientations": [], "systemVersions": [5, 18, 18.0], "systemVersion": 3, "steps": [], "device": "x", "screen": null, "root": {"id": "r", "colour": 1}}"#
        let answer = try problem(body, query: [QueryItem(name: "fields", value: "foo,,frame")])
        #expect(answer.status == 422)
        #expect(answer.errors.map { $0["pointer"]! } == [
            "/fields", "/fields", "/devices/1", "/devices/2", "/orientations", "/systemVersions/0", "/systemVersions/2",
            "/systemVersion", "/systemVersion", "/steps", "/device", "/root/colour",
        ])
        #expect(answer.errors[2]["detail"]?.hasPrefix(#"unknown device "nope"; nearest ids: "#) == true)
        #expect(answer.errors[7]["detail"] == "must be at least 7")
        #expect(answer.errors[8]["detail"] == "give systemVersion or systemVersions, not both")
    }

    @Test func wrongTypesAnywhereAre422WithEveryOtherProblem() throws {
        let answer = try problem(#"{"root": {"id": "r", "frame": "x"}, "devices": [1, "nope"], "orientations": "portrait", "systemVersions": [null]}"#)
        #expect(answer.status == 422)
        #expect(answer.errors.map { $0["pointer"]! } == ["/root/frame", "/root/frame", "/devices/0", "/devices/1", "/orientations", "/systemVersions/0"])
        #expect(answer.errors.map { $0["detail"]! }[0] == "expected an object, got a string")
        #expect(answer.errors.map { $0["detail"]! }[4] == "expected an array, got a string")
        #expect(try problem(#"{"devices": 3, "root": {"id": "r"}}"#).errors.map { $0["detail"]! } == ["expected an array or a string, got a number"])
        #expect(try problem(#"{"devices": "every", "root": {"id": "r"}}"#).errors.map { $0["pointer"]! } == ["/devices"])
        #expect(try problem(#"[]"#).status == 422)
        #expect(try problem(#"{"devices": ["iphone-x"], "root": "#).status == 400)
    }

    @Test func stepsAndTheSingleDeviceMembersAreRefused() throws {
        for member in [#""steps": [{"frames": {}}]"#, #""device": "iphone-x""#, #""screen": {"width": 300, "height": 300}"#, #""orientation": "portrait""#] {
            let answer = try problem(#"{"devices": ["iphone-x"], \#(member), "root": {"id": "r"}}"#)
            #expect(answer.status == 422)
            #expect(answer.errors.count == 1, "\(member)")
        }
        #expect(try problem(#"{"steps": 4, "root": {"id": "r"}}"#).errors.map { $0["pointer"]! } == ["/steps"])
        #expect(respond("/layout/matrix", body: #"{"devices": ["iphone-x"], "steps": null, "device": null, "root": {"id": "r"}}"#).status == 200)
    }

    @Test func combinationsAreCappedAtOneThousand() throws {
        // 10 four-orientation devices × 4 × 25 versions = 1,000; one more version is over.
        let devices = Self.catalog.devices.filter { $0.orientations.count == 4 }.prefix(10).map { "\"\($0.id)\"" }.joined(separator: ",")
        #expect(devices.split(separator: ",").count == 10)
        func body(versions: Int) -> String {
            let list = (0..<versions).map { "\(7 + Double($0) / 4)" }.joined(separator: ",")
            return #"{"systemVersions": [\#(list)], "devices": [\#(devices)], "root": {"id": "r"}}"#
        }
        let allowed = try JSONSerialization.jsonObject(with: Data(matrix(body(versions: 25)))) as? [String: Any]
        #expect((allowed?["results"] as? [Any])?.count == 1_000)
        let over = try problem(body(versions: 26))
        #expect(over.status == 422)
        #expect(over.errors == [["pointer": "/devices", "detail": "1040 combinations (devices × orientations × systemVersions) is more than 1000"]])
        // Counted, never made: every device in its own orientations × 50,000 versions.
        let versions = (0..<50_000).map { "\(7 + Double($0) / 10_000)" }.joined(separator: ",")
        let long = try problem(#"{"devices": "all", "systemVersions": [\#(versions)], "root": {"id": "r"}}"#)
        let orientations = Self.catalog.devices.reduce(0) { $0 + $1.orientations.count }
        #expect(long.errors == [["pointer": "/systemVersions", "detail": "\(orientations * 50_000) combinations (devices × orientations × systemVersions) is more than 1000"]])
    }

    @Test func nodeStatesAreCappedAtOneHundredThousand() throws {
        func body(_ nodes: Int, _ arrays: String) -> String {
            let subviews = (1..<nodes).map { #"{"id": "v\#($0)"}"# }.joined(separator: ",")
            return #"{"root": {"id": "r", "subviews": [\#(subviews)]}\#(arrays)}"#
        }
        // 25 combinations × 4,000 nodes = 100,000.
        let arrays = #", "devices": ["ipad-air-11"], "orientations": ["portrait"], "systemVersions": [11, 12, 13, 14, 15, 16, 17, 18, 18.1, 18.2, 18.3, 18.4, 18.5, 18.6, 26, 26.1, 26.2, 26.3, 26.4, 26.5, 27, 27.1, 27.2, 27.3, 27.4]"#
        let decoded = try MatrixRequestDecoder(catalog: Self.catalog).decode(Array(body(4_000, arrays).utf8))
        #expect(decoded.combinations.count * decoded.nodeCount == 100_000)
        let over = try problem(body(4_001, arrays))
        #expect(over.errors == [["pointer": "/systemVersions", "detail": "25 combinations × 4001 nodes is more than 100000 node states"]])
        // With no array given, the default devices multiply.
        let defaults = try problem(body(700, ""))
        #expect(defaults.errors.map { $0["pointer"]! } == ["/devices"])
    }

    @Test func fieldsProblems() throws {
        let body = #"{"devices": ["iphone-x"], "root": {"id": "r"}}"#
        for (value, accept) in [("", nil), ("bogus", nil), (",", nil), ("safeAreaInsets,layoutMargins", "text/csv"), ("frame", "text/csv"), ("explain", "text/csv")] as [(String?, String?)] {
            let answer = try problem(body, query: [QueryItem(name: "fields", value: value)], accept: accept)
            #expect(answer.status == 422, "\(value ?? "bare")")
            #expect(answer.errors.allSatisfy { $0["pointer"] == "/fields" } && !answer.errors.isEmpty)
        }
        #expect(try problem(body, query: [QueryItem(name: "fields", value: nil)]).errors.map { $0["pointer"]! } == ["/fields"])
        // A body that is not JSON: 400 wins over the query's 422.
        #expect(try problem("{", query: [QueryItem(name: "fields", value: "bogus")]).status == 400)
    }

    // MARK: - Negotiation and the check order

    @Test func notAcceptableComesAfter415AndBefore400() throws {
        let html: RawHeaders = ["Content-Type": "application/json", "Accept": "text/html"]
        let notAcceptable = respond("/layout/matrix", headers: html, body: "{")
        #expect(notAcceptable.status == 406)
        #expect(notAcceptable.jsonObject?["type"] as? String == "/problems/not-acceptable")
        #expect(notAcceptable.headers["Content-Type"] == "application/problem+json")
        #expect(respond("/layout/matrix", headers: ["Content-Type": "text/plain", "Accept": "text/html"], body: "{").status == 415)
        #expect(respond("/layout/matrix", method: .get, headers: ["Accept": "text/html"]).status == 405)
        // Two Accept fields are one list.
        let split = respond("/layout/matrix", headers: ["Content-Type": "application/json", "Accept": "text/html", "accept": "text/csv"], body: #"{"devices": ["iphone-x"], "root": {"id": "r"}}"#)
        #expect(split.headers["Content-Type"] == "text/csv; charset=utf-8")
    }

    @Test func emulationNegotiatesByTheSameRule() throws {
        func emulation(_ accept: String?, id: String = "iphone-x", query: [QueryItem] = []) -> RawResponse {
            respond("/devices/\(id)/emulation", method: .get, query: query, headers: accept.map { ["Accept": $0] } ?? RawHeaders())
        }
        #expect(emulation(nil).headers["Content-Type"] == "application/json")
        let css = emulation("text/css")
        #expect(css.headers["Content-Type"] == "text/css; charset=utf-8")
        #expect(css.headers["Vary"] == "Accept")
        #expect(css.text == ":root { --safe-area-inset-top: 44px; --safe-area-inset-right: 0px; --safe-area-inset-bottom: 34px; --safe-area-inset-left: 0px; }")
        #expect(emulation("text/*").headers["Content-Type"] == "text/css; charset=utf-8")
        // Named first is no longer enough: q decides, and a tie goes to JSON.
        #expect(emulation("text/css;q=0.5, application/json").headers["Content-Type"] == "application/json")
        #expect(emulation("text/css, application/json").headers["Content-Type"] == "application/json")
        #expect(emulation("application/json;q=0.1, text/css").headers["Content-Type"] == "text/css; charset=utf-8")
        #expect(emulation("text/html").status == 406)
        // 404 (an unknown device) before 406, 406 before 422 (a bad query value).
        #expect(emulation("text/html", id: "iphone-1").status == 404)
        #expect(emulation("text/html", query: [QueryItem(name: "orientation", value: "sideways")]).status == 406)
        #expect(emulation("text/css", query: [QueryItem(name: "orientation", value: "sideways")]).status == 422)
    }

    // MARK: - Streaming

    /// Over 1,000 node states the answer is streamed (chunked); its bytes are the whole answer's.
    @Test func largeMatricesAreStreamedPerPiece() throws {
        let subviews = (1..<40).map { #"{"id": "v\#($0)", "frame": {"x": 0, "y": \#($0 * 10), "width": 100, "height": 10}}"# }.joined(separator: ",")
        let body = #"{"root": {"id": "r", "viewController": {}, "subviews": [\#(subviews)]}}"#
        let decoded = try MatrixRequestDecoder(catalog: Self.catalog).decode(Array(body.utf8))
        let whole = MatrixAnswer(decoded, format: .json(nil)).whole()
        var pieces = MatrixAnswer(decoded, format: .json(nil))
        var count = 0
        while let piece = pieces.next() {
            count += 1
            #expect(piece.count < MatrixAnswer.pieceBytes + 40 * 900)
        }
        #expect(count > 10)

        let live = try LiveServer(routes: ProductRoutes.all(catalog: Self.catalog))
        defer { live.stop() }
        let connection = try live.connect()
        try connection.send(.post, "/layout/matrix", headers: ["Content-Type": "application/json", "Connection": "close"], body: Array(body.utf8))
        let response = try connection.readResponse()
        #expect(response.status == 200)
        #expect(response.headers["Transfer-Encoding"] == "chunked")
        #expect(dechunked(response.body) == whole)
    }

    // MARK: - Helpers

    /// A few public /layout bodies (shared/scenarios/layout.json and the bench's layout-31)
    /// without the members a matrix refuses.
    static func publicBodies() throws -> [(String, [String: Any])] {
        let names: Set = [
            "iPhone X tab bar controller", "additionalSafeAreaInsets on a child controller",
            "Table view controller in a navigation controller", "Short table, scrollableAxes",
            "Right-to-left directional margins", "iOS 10: only the first-subview table is adjusted",
        ]
        let scenarios = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: SharedMaterial.path("scenarios/layout.json")))) as? [[String: Any]])
        var bodies: [(String, [String: Any])] = scenarios.compactMap { scenario in
            guard let name = scenario["name"] as? String, names.contains(name) else { return nil }
            return ((scenario["request"] as? [String: Any])?["body"] as? [String: Any]).map { (name, $0) }
        }
        #expect(bodies.count == names.count)
        let bench = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: SharedMaterial.path("bench/layout-31.json")))) as? [String: Any])
        bodies.append(("layout-31", bench))
        return bodies.map { name, body in
            (name, body.filter { !["device", "orientation", "screen", "steps"].contains($0.key) })
        }
    }

    static func text(_ object: [String: Any]) -> String {
        String(decoding: (try? JSONSerialization.data(withJSONObject: object)) ?? Data(), as: UTF8.self)
    }

    /// The value of `object`'s member `key`.
    static func member(_ key: String, of object: JSONValue, in document: JSONDocument) -> JSONValue? {
        document.members(of: object).first { document.string($0.key) == key }?.value
    }
}
