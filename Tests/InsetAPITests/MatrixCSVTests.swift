import Foundation
import HTTPTypes
import InsetEngine
@testable import InsetAPI
import ServiceKit
import ServiceTestSupport
import MicroHTTP
import Testing

/// `POST /layout/matrix` with `Accept: text/csv` (API.md: nine columns, the header naming
/// the field, skipped combinations after the results).
extension MatrixEndpointTests {
    @Test func csvLinesQuotedAndEndedAsRFC4180Says() throws {
        let body = #"{"devices": ["iphone-x", "apple-tv-4k"], "orientations": ["portrait", "landscapeLeft"], "systemVersions": [18, 10], "root": {"id": "nav", "viewController": {"kind": "navigation"}, "subviews": [{"id": "a,\"b\"\nc", "viewController": {"additionalSafeAreaInsets": {"left": 0.25}}}]}}"#
        let response = respond("/layout/matrix", headers: ["Content-Type": "application/json", "Accept": "text/csv"], body: body)
        #expect(response.status == 200)
        #expect(response.headers["Content-Type"] == "text/csv; charset=utf-8")
        let tvOS = "/root/viewController/kind: navigation and tab bar controllers are not modelled on tvOS"
        #expect(response.text == "device,orientation,systemVersion,node,safeAreaInsets.top,safeAreaInsets.left,safeAreaInsets.bottom,safeAreaInsets.right,skipped\r\n"
            + "iphone-x,portrait,18,nav,44,0,34,0,\r\n"
            + "iphone-x,portrait,18,\"a,\"\"b\"\"\nc\",88,0.25,34,0,\r\n"
            + "iphone-x,landscapeLeft,18,nav,0,44,21,44,\r\n"
            + "iphone-x,landscapeLeft,18,\"a,\"\"b\"\"\nc\",32,44.25,21,44,\r\n"
            + "apple-tv-4k,portrait,18,,,,,,/orientation: apple-tv-4k does not support portrait\r\n"
            + "apple-tv-4k,portrait,10,,,,,,/orientation: apple-tv-4k does not support portrait\r\n"
            + "apple-tv-4k,landscapeLeft,18,,,,,,\(tvOS)\r\n"
            + "apple-tv-4k,landscapeLeft,10,,,,,,\(tvOS)\r\n")
        let margins = String(decoding: try matrix(#"{"devices": ["iphone-x"], "systemVersions": [10.5], "root": {"id": "r"}}"#, fields: "layoutMargins", csv: true), as: UTF8.self)
        #expect(margins.hasPrefix("device,orientation,systemVersion,node,layoutMargins.top,layoutMargins.left,layoutMargins.bottom,layoutMargins.right,skipped\r\niphone-x,portrait,10.5,r,8,8,8,8,\r\n"))
        let scrollOnly = String(decoding: try matrix(#"{"devices": ["iphone-8"], "orientations": ["portrait"], "systemVersion": 18, "root": {"id": "r", "subviews": [{"id": "s", "kind": "scrollView"}]}}"#, fields: "adjustedContentInset", csv: true), as: UTF8.self)
        #expect(scrollOnly == "device,orientation,systemVersion,node,adjustedContentInset.top,adjustedContentInset.left,adjustedContentInset.bottom,adjustedContentInset.right,skipped\r\niphone-8,portrait,18,s,0,0,0,0,\r\n")
        // Every combination skipped: the header, then the skipped lines.
        let skipped = String(decoding: try matrix(#"{"devices": ["iphone-x"], "orientations": ["portrait"], "systemVersions": [14], "window": {"split": "oneThird"}, "root": {"id": "r", "keyboardLayoutGuide": true}}"#, csv: true), as: UTF8.self)
        #expect(skipped.hasSuffix("skipped\r\niphone-x,portrait,14,,,,,,/window: a window is only for iPads; /root/keyboardLayoutGuide: needs systemVersion 15 or later\r\n"))
    }
}
