import JSONCore

/// Writes `application/problem+json` bodies (RFC 9457, API.md "Errors").
public enum ProblemEncoder {
    /// The media type of the bodies written.
    public static let mediaType = "application/problem+json"

    /// `{"type", "title", "status", "detail", "errors": [{"pointer", "detail"}]}`; `errors`
    /// only when there are any.
    public static func encode(_ problem: Problem) -> [UInt8] {
        var writer = JSONWriter(capacity: 256 + 96 * problem.errors.count)
        writer.beginObject()
        writer.field("type", problem.type)
        writer.field("title", problem.title)
        writer.field("status", problem.status)
        writer.field("detail", problem.detail)
        if !problem.errors.isEmpty {
            writer.key("errors")
            writer.beginArray()
            for error in problem.errors {
                writer.beginObject()
                writer.field("pointer", error.pointer)
                writer.field("detail", error.detail)
                writer.endObject()
            }
            writer.endArray()
        }
        writer.endObject()
        return writer.finish()
    }
}
