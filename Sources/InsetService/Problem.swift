/// One problem in a request, located by a JSON Pointer (RFC 6901) into the request
/// document (or `/name` for a query parameter).
public struct FieldProblem: Hashable, Sendable {
    /// Where the problem is, e.g. `/root/subviews/3/frame/width`.
    public var pointer: String
    /// What is wrong, e.g. `must be a finite number >= 0`.
    public var detail: String

    /// Creates a problem.
    public init(pointer: String, detail: String) {
        self.pointer = pointer
        self.detail = detail
    }
}

/// An RFC 9457 problem answer (`application/problem+json`), as API.md's "Errors" section
/// defines them: `type` follows from the status.
public struct Problem: Error, Hashable, Sendable {
    /// The HTTP status.
    public var status: Int
    /// The human-readable explanation of this occurrence.
    public var detail: String
    /// Every problem found, in the order their pointers appear in the request document.
    public var errors: [FieldProblem]

    /// Creates a problem.
    public init(status: Int, detail: String, errors: [FieldProblem] = []) {
        self.status = status
        self.detail = detail
        self.errors = errors
    }

    /// The `type` URI reference for the status.
    public var type: String {
        switch status {
        case 400: "/problems/malformed-json"
        case 404: "/problems/not-found"
        case 405: "/problems/method-not-allowed"
        case 413: "/problems/payload-too-large"
        case 415: "/problems/unsupported-media-type"
        case 422: "/problems/invalid-request"
        case 503: "/problems/draining"
        default: "about:blank"
        }
    }

    /// The short summary for the status.
    public var title: String {
        switch status {
        case 400: "Malformed JSON"
        case 404: "Not found"
        case 405: "Method not allowed"
        case 413: "Payload too large"
        case 415: "Unsupported media type"
        case 422: "Invalid request"
        case 503: "Draining"
        default: "Error"
        }
    }

    /// 422 with every problem listed; `detail` counts them.
    public static func invalid(_ errors: [FieldProblem]) -> Problem {
        Problem(status: 422, detail: errors.count == 1 ? "1 problem in the request" : "\(errors.count) problems in the request", errors: errors)
    }

    /// 400: the body is not JSON, or a value has the wrong JSON type.
    public static func malformed(_ detail: String, errors: [FieldProblem] = []) -> Problem {
        Problem(status: 400, detail: detail, errors: errors)
    }
}
