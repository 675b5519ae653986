public import HTTPTypes

/// One problem in a request, located by a JSON Pointer (RFC 6901) into the request
/// document (or `/name` for a query parameter).
public struct FieldProblem: Hashable, Sendable {
    /// Where the problem is, e.g. `/root/subviews/3/frame/width`.
    public var pointer: String
    /// What is wrong, e.g. `must be a finite number >= 0`.
    public var detail: String
    /// The allowed word nearest to an unknown one, which `detail` names (API.md
    /// "Suggestions"), for tools; `nil` when none is close.
    public var suggestion: String?

    /// Creates a problem.
    public init(pointer: String, detail: String, suggestion: String? = nil) {
        self.pointer = pointer
        self.detail = detail
        self.suggestion = suggestion
    }
}

/// An RFC 9457 problem answer (`application/problem+json`), as API.md's "Errors" section
/// defines them: `type` and `title` follow from the status, except where a status has two
/// types (400 and 503), which the named constructors pick.
public struct Problem: Error, Hashable, Sendable {
    /// The HTTP status (its reason phrase is not kept).
    public var status: HTTPResponse.Status {
        get { HTTPResponse.Status(code: code) }
        set { code = newValue.code }
    }
    /// The status code: kept as a number, as for ``RouteResponse``, so that the error every
    /// reader throws stays as small as it was (a reason phrase's string made the readers'
    /// typed-throws paths measurably slower).
    var code: Int
    /// The human-readable explanation of this occurrence.
    public var detail: String
    /// Every problem found, in the order their pointers appear in the request document.
    public var errors: [FieldProblem]
    /// The `type` URI reference, e.g. `/problems/not-found`.
    public var type: String
    /// The short summary of the type.
    public var title: String
    /// The word nearest to an unknown one the answer is about (a 404's unknown device, API.md
    /// "Suggestions"); `nil` when none is close.
    public var suggestion: String?

    /// Creates a problem of the status's usual type (400: malformed JSON; 503: draining).
    public init(status: HTTPResponse.Status, detail: String, errors: [FieldProblem] = []) {
        let (type, title) = Self.usualType(of: status)
        self.init(status: status, type: type, title: title, detail: detail, errors: errors)
    }

    private init(status: HTTPResponse.Status, type: String, title: String, detail: String, errors: [FieldProblem] = []) {
        code = status.code
        self.detail = detail
        self.errors = errors
        self.type = type
        self.title = title
    }

    /// The type and title a status has unless a named constructor says otherwise.
    private static func usualType(of status: HTTPResponse.Status) -> (type: String, title: String) {
        switch status.code {
        case 400: ("/problems/malformed-json", "Malformed JSON")
        case 404: ("/problems/not-found", "Not found")
        case 405: ("/problems/method-not-allowed", "Method not allowed")
        case 406: ("/problems/not-acceptable", "Not acceptable")
        case 413: ("/problems/payload-too-large", "Payload too large")
        case 415: ("/problems/unsupported-media-type", "Unsupported media type")
        case 422: ("/problems/invalid-request", "Invalid request")
        case 501: ("/problems/not-implemented", "Not implemented")
        case 503: ("/problems/draining", "Draining")
        default: ("about:blank", "Error")
        }
    }

    /// 400 `/problems/bad-request`: the request's framing is ambiguous (RFC 9112 §6).
    public static func badRequest(_ detail: String) -> Problem {
        Problem(status: 400, type: "/problems/bad-request", title: "Bad request", detail: detail)
    }

    /// 503 `/problems/overloaded`: answers not yet delivered exceed the server's budget.
    public static func overloaded(_ detail: String) -> Problem {
        Problem(status: 503, type: "/problems/overloaded", title: "Overloaded", detail: detail)
    }

    /// 422 with every problem listed; `detail` counts them.
    public static func invalid(_ errors: [FieldProblem]) -> Problem {
        Problem(status: 422, detail: errors.count == 1 ? "1 problem in the request" : "\(errors.count) problems in the request", errors: errors)
    }

    /// 400: the body is not JSON.
    public static func malformed(_ detail: String, errors: [FieldProblem] = []) -> Problem {
        Problem(status: 400, detail: detail, errors: errors)
    }
}
