import DeviceCatalog
import Foundation
import InsetAPI
import ServiceKit
import HTTPTypes
import ServiceTestSupport
import MicroHTTP
import Testing

/// `POST /render`, `GET /devices/{id}/render.svg` and the playground's files, through the
/// service's routes (API.md "POST /render and GET /devices/{id}/render.svg", "GET /").
@Suite struct RenderEndpointsTests {
    static let catalog: DeviceCatalog = {
        do { return try DeviceCatalog.embedded() } catch { fatalError("\(error)") }
    }()
    static let service = HTTPService(configuration: ServiceConfiguration(accessLog: false), routes: ProductRoutes.all(catalog: catalog))

    func get(_ path: String, _ query: [(String, String)] = [], headers: RawHeaders = RawHeaders()) -> RawResponse {
        Self.service.respond(to: RawRequest(method: .get, path: path, query: query.map { QueryItem(name: $0.0, value: $0.1) }, headers: headers))
    }

    func post(_ path: String, _ body: String) -> RawResponse {
        Self.service.respond(to: RawRequest(method: .post, path: path, headers: ["Content-Type": "application/json"], body: Array(body.utf8)))
    }

    func errors(_ response: RawResponse) -> [String]? {
        (response.jsonObject?["errors"] as? [[String: Any]])?.compactMap { $0["pointer"] as? String }
    }

    static let layout = #"{"device":"iphone-x","systemVersion":18,"root":{"id":"nav","viewController":{"kind":"navigation"},"subviews":[{"id":"feed","viewController":{}}]}}"#

    @Test func renderAnswersAnSVGWithItsHeaders() {
        let response = post("/render", Self.layout)
        #expect(response.status == 200)
        #expect(response.headers["Content-Type"] == "image/svg+xml; charset=utf-8")
        #expect(response.headers["Content-Security-Policy"] == "default-src 'none'; style-src 'unsafe-inline'")
        #expect(response.headers["ETag"]?.hasPrefix("\"") == true)
        #expect(response.text.contains(#"<g data-node="feed" data-safe-area="88 0 34 0">"#))
        #expect(post("/render", Self.layout).body == response.body)
    }

    /// API.md: with an iPad window the picture shows the whole screen and the window at its
    /// frame, node frames offset by it.
    @Test func anIPadWindowIsDrawnAtItsFrame() {
        let body = #"{"device":"ipad-pro-12-9","systemVersion":18,"orientation":"landscapeLeft","window":{"split":"oneThird","side":"trailing"},"root":{"id":"root"}}"#
        let response = post("/render", body)
        #expect(response.status == 200)
        // The legend's band grows the view box below the screen.
        #expect(response.text.contains(#"viewBox="0 0 1366 "#))
        #expect(response.text.contains(#"<rect data-part="window" class="insetd-win" x="991" y="0" width="375" height="1024""#))
        #expect(response.text.contains(#"<g data-part="otherApps">"#))
        #expect(response.text.contains(">Other apps</text>"))
        #expect(response.text.contains(", landscapeLeft, iPadOS "))
    }

    /// API.md: `scale` on GET …/render.svg doubles width and height; outside 0.25–4 is 422.
    @Test func theDevicePictureTakesAScale() {
        let one = get("/devices/iphone-x/render.svg")
        let two = get("/devices/iphone-x/render.svg", [("scale", "2")])
        #expect(two.status == 200)
        let size = { (text: String) -> [Double] in
            let head = text.split(separator: ">", maxSplits: 2)[1]
            return ["width", "height"].map { name in
                let value = head.split(separator: " ").first { $0.hasPrefix("\(name)=") }!.dropFirst(name.count + 2).dropLast()
                return Double(value)!
            }
        }
        #expect(size(two.text) == size(one.text).map { $0 * 2 })
        for bad in ["0.1", "5", "x", "nan"] {
            let response = get("/devices/iphone-x/render.svg", [("scale", bad)])
            #expect(response.status == 422)
            #expect(response.text.contains(#""pointer":"/scale""#))
        }
    }

    @Test func renderOptionsChangeThePicture() {
        let body = Self.layout.dropLast() + #","render":{"scale":2,"show":["frames"],"node":"feed"}}"#
        let response = post("/render", String(body))
        #expect(response.status == 200)
        #expect(response.text.contains(#"width="750" height="1624""#))
        #expect(!response.text.contains("insetd-unsafe\""))
        #expect(response.headers["ETag"] != post("/render", Self.layout).headers["ETag"])
    }

    @Test func badRenderValuesAre422AtTheirPointers() {
        let body = #"{"render":{"step":1.5,"show":["frames","grid"],"scale":5,"colour":1},"device":"iphone-x","root":{"id":"v","frame":{"x":0,"y":0,"width":1,"height":1}}}"#
        let response = post("/render", body)
        #expect(response.status == 422)
        #expect(errors(response) == ["/render/step", "/render/show/1", "/render/scale", "/render/colour", "/root/frame"])
        let late = post("/render", #"{"device":"iphone-x","root":{"id":"v"},"render":{"step":1,"node":"w"}}"#)
        #expect(errors(late) == ["/render/step", "/render/node"])
        let escaped = post("/render", #"{"device":"iphone-x","root":{"id":"v"},"\u0072ender":{"scale":9}}"#)
        #expect(errors(escaped) == ["/render/scale"])
        let wrongType = post("/render", #"{"device":"iphone-x","root":{"id":"v"},"render":{"show":"frames"}}"#)
        #expect(wrongType.status == 422)
        #expect(errors(wrongType) == ["/render/show"])
        // `step` and `node` are judged with the layout's own problems, in document order.
        let both = post("/render", #"{"device":"iphone-x","root":{"id":"v","subviews":[{"id":"a","frame":{"x":0,"y":0,"width":-1,"height":1}}]},"steps":[{"frames":{"nope":{"x":0,"y":0,"width":1,"height":1}}}],"render":{"step":2,"node":"w"}}"#)
        #expect(errors(both) == ["/root/subviews/0/frame/width", "/steps/0/frames/nope", "/render/step", "/render/node"])
        let rendr = post("/render", #"{"device":"iphone-x","root":{"id":"v"},"rendr":{}}"#)
        #expect(rendr.text.contains(#""suggestion":"render""#), "\(rendr.text)")
    }

    @Test func theLayoutProblemsAreThoseOfPostLayout() {
        let body = #"{"device":"iphone-x","orientation":"sideways","root":{"id":"v","colour":1}}"#
        let render = post("/render", body)
        let layout = post("/layout", body)
        #expect(render.status == 422)
        #expect(render.body == layout.body)
        #expect(post("/render", "{").status == 400)
    }

    @Test func theDevicePictureHasAnETagAndAnswers304() {
        let response = get("/devices/iPhone10,3/render.svg", [("orientation", "landscapeLeft")])
        #expect(response.status == 200)
        #expect(response.text.contains("<title>iPhone X, landscapeLeft, iOS 27.1</title>"))
        let etag = response.headers["ETag"] ?? ""
        let again = get("/devices/iphone-x/render.svg", [("orientation", "landscapeLeft")], headers: ["If-None-Match": etag])
        #expect(again.status == 304)
        #expect(again.headers["ETag"] == etag)
        #expect(get("/devices/iphone-x/render.svg", headers: ["If-None-Match": etag]).status == 200)
    }

    @Test func badQueryValuesAre422() {
        let response = get("/devices/iphone-x/render.svg", [("orientation", "portraitUpsideDown"), ("statusBarHidden", "yes"), ("systemVersion", "6")])
        #expect(response.status == 422)
        #expect(errors(response) == ["/orientation", "/statusBarHidden", "/systemVersion"])
        #expect(get("/devices/nope/render.svg").status == 404)
        let hidden = get("/devices/iphone-x/render.svg", [("statusBarHidden", "true")])
        #expect(!hidden.text.contains(#"data-bar="statusBar""#))
    }

    @Test func thePlaygroundIsServedWithItsPolicy() {
        let page = get("/")
        #expect(page.status == 200)
        #expect(page.headers["Content-Type"] == "text/html; charset=utf-8")
        #expect(page.headers["Content-Security-Policy"]?.contains("script-src 'self'") == true)
        #expect(page.text.contains(#"<script type="module" src="/playground.js"></script>"#))
        #expect(get("/playground.js").headers["Content-Type"] == "text/javascript; charset=utf-8")
        #expect(get("/playground.css").headers["Content-Type"] == "text/css; charset=utf-8")
        #expect(get("/", headers: ["If-None-Match": page.headers["ETag"] ?? ""]).status == 304)
    }
}
