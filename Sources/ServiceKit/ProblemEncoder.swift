import HTTPTypes
import JSONCore

/// Writes `application/problem+json` bodies (RFC 9457, API.md "Errors").
public enum ProblemEncoder {
    /// The media type of the bodies written.
    public static let mediaType = "application/problem+json"

    /// `{"type", "title", "status", "detail", "suggestion", "errors": [{"pointer", "detail",
    /// "suggestion"}]}`; `errors` only when there are any, `suggestion` only where one is named.
    public static func encode(_ problem: Problem) -> [UInt8] {
        var writer = JSONWriter(capacity: 256 + 96 * problem.errors.count)
        writer.beginObject()
        writer.field("type", problem.type)
        writer.field("title", problem.title)
        writer.field("status", problem.status.code)
        writer.field("detail", problem.detail)
        if let suggestion = problem.suggestion { writer.field("suggestion", suggestion) }
        if !problem.errors.isEmpty {
            writer.key("errors")
            writer.beginArray()
            for error in problem.errors {
                writer.beginObject()
                writer.field("pointer", error.pointer)
                writer.field("detail", error.detail)
                if let suggestion = error.suggestion { writer.field("suggestion", suggestion) }
                writer.endObject()
            }
            writer.endArray()
        }
        writer.endObject()
        return writer.finish()
    }
}
