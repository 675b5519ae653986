import HTTPTypes
import ServiceKit

/// `GET /`, the playground (API.md "GET / — the playground"), and the files its page loads:
/// every file of `Playground/Assets/`, embedded in the binary, at `/<name>` (`index.html`
/// at `/`). Each answer carries a strong `ETag` and honours `If-None-Match` with 304.
enum PlaygroundRoutes {
    /// The page's policy: only this server's scripts, styles, pictures and API; no inline
    /// script; inline styles for the presentation attributes of inline SVG.
    static let contentSecurityPolicy = "default-src 'none'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'"

    /// One route per embedded file.
    static var all: [Route] {
        EmbeddedPlayground.files.map { file in
            let path = file.name == "index.html" ? "/" : "/" + file.name
            let body = Array(file.text.utf8)
            let etag = EntityTag.strong(over: body)
            var fields: HTTPFields = [.contentType: contentType(of: file.name), .eTag: etag, .cacheControl: "no-cache"]
            if file.name.hasSuffix(".html") { fields[.contentSecurityPolicy] = contentSecurityPolicy }
            let answer = RouteResponse(headerFields: fields, body: body)
            return Route(.get, path) { request in
                guard EntityTag.notModified(ifNoneMatch: request.headerFields(named: .ifNoneMatch)[values: .ifNoneMatch], etag: etag) else { return answer }
                // As for GET /devices: the 200's bytes give the 304 the 200's Content-Length.
                return RouteResponse(status: .notModified, headerFields: [.eTag: etag, .cacheControl: "no-cache"], body: body)
            }
        }
    }

    /// The media type of a playground file, by its extension.
    static func contentType(of name: String) -> String {
        if name.hasSuffix(".html") { return "text/html; charset=utf-8" }
        if name.hasSuffix(".js") { return "text/javascript; charset=utf-8" }
        if name.hasSuffix(".css") { return "text/css; charset=utf-8" }
        return "application/octet-stream"
    }
}
