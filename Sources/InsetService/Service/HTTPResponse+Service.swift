public import JSONCore
public import MicroHTTP

extension HTTPResponse {
    /// A JSON answer (`application/json`) with the bytes a ``JSONWriter`` wrote.
    public static func json(_ writer: JSONWriter, status: Int = 200) -> HTTPResponse {
        HTTPResponse(status: status, headers: ["Content-Type": "application/json"], body: writer.bytes)
    }
}

extension Problem {
    /// The `application/problem+json` answer: `type`, `title`, `status`, `detail`, then
    /// `errors` (when there are any), in that order.
    public var response: HTTPResponse {
        var writer = JSONWriter(capacity: 256)
        writer.beginObject()
        writer.field("type", type)
        writer.field("title", title)
        writer.field("status", status)
        writer.field("detail", detail)
        if !errors.isEmpty {
            writer.key("errors")
            writer.beginArray()
            for error in errors {
                writer.beginObject()
                writer.field("pointer", error.pointer)
                writer.field("detail", error.detail)
                writer.endObject()
            }
            writer.endArray()
        }
        writer.endObject()
        return HTTPResponse(status: status, headers: ["Content-Type": "application/problem+json"], body: writer.bytes)
    }
}
