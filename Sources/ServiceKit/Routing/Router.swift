import HTTPTypes

/// Matches request paths against the routes' patterns. A literal segment wins over a
/// parameter at the same place; paths match segment for segment (no trailing-slash
/// folding, no empty parameters).
struct Router: Sendable {
    /// One segment of a pattern.
    enum Segment: Equatable, Sendable {
        case literal(String)
        case parameter(String)
    }

    /// The routes sharing one pattern.
    struct Entry: Sendable {
        /// The pattern's position among all patterns: its metrics label index.
        let index: Int
        let pattern: String
        let segments: [Segment]
        /// The routes' positions among all routes, by method.
        let routes: [HTTPRequest.Method: Int]

        /// The position of the route answering `method` (`HEAD` falls back to `GET`).
        func route(for method: HTTPRequest.Method) -> Int? {
            routes[method] ?? (method == .head ? routes[.get] : nil)
        }

        /// The value of the `Allow` header: the methods in a fixed order, `HEAD` where
        /// `GET` is allowed, and `OPTIONS`.
        var allowedMethods: [HTTPRequest.Method] {
            var methods = Set(routes.keys)
            if methods.contains(.get) { methods.insert(.head) }
            methods.insert(.options)
            let others = methods.subtracting(Router.commonMethods).subtracting([.options]).sorted { $0.rawValue < $1.rawValue }
            return Router.commonMethods.filter { methods.contains($0) } + others + [.options]
        }
    }

    /// A route's handler, boxed so that requests can call it through an unowned reference.
    private final class Handler: Sendable {
        let call: RouteHandler
        init(_ call: @escaping RouteHandler) { self.call = call }
    }

    /// The methods with a column in `methodTable`, in the `Allow` header's order.
    static let commonMethods: [HTTPRequest.Method] = [.get, .head, .post, .put, .patch, .delete]

    /// A successful match.
    struct Match {
        /// The entry's position in `entries` (an index, not a copy: a copied entry retains
        /// its arrays, which every pool thread shares).
        let index: Int
        let parameters: [String: String]
    }

    /// The patterns, in registration order of their first route.
    let entries: [Entry]

    /// The entries whose patterns have no parameters, by pattern: a path equal to one of
    /// them matches it outright (no other pattern can rank higher), without splitting.
    private let literalEntries: [String: Int]

    /// What a request touches, as plain values and unowned references: every pool thread
    /// reads these, and copying an `Entry` or a `Route` (its strings, arrays and handler
    /// closure) would retain and release objects whose reference counts then bounce
    /// between the cores.
    ///
    /// Per entry, per method of `commonMethods`: the route's position, -1 for none (`HEAD`
    /// holds `GET`'s route where there is no `HEAD` one).
    private let methodTable: [Int]
    /// Each route's body kind, by position.
    private let bodies: [RouteBody]
    /// Each route's handler, by position, unowned (`handlerOwners` keeps them).
    private let handlers: [Unmanaged<Handler>]
    private let handlerOwners: [Handler]

    /// Groups `routes` by pattern. A malformed pattern or a method registered twice on
    /// one pattern is a programming error and stops the process.
    init(routes: [Route]) {
        var order: [String] = []
        var grouped: [String: [HTTPRequest.Method: Int]] = [:]
        for (position, route) in routes.enumerated() {
            if grouped[route.pattern] == nil { order.append(route.pattern) }
            precondition(grouped[route.pattern]?[route.method] == nil, "\(route.method) \(route.pattern) is registered twice")
            grouped[route.pattern, default: [:]][route.method] = position
        }
        entries = order.enumerated().map { index, pattern in
            Entry(index: index, pattern: pattern, segments: Self.parse(pattern), routes: grouped[pattern]!)
        }
        literalEntries = Dictionary(uniqueKeysWithValues: entries.filter { entry in
            entry.segments.allSatisfy { if case .literal = $0 { true } else { false } }
        }.map { ($0.pattern, $0.index) })
        methodTable = entries.flatMap { entry in Self.commonMethods.map { entry.route(for: $0) ?? -1 } }
        bodies = routes.map(\.body)
        handlerOwners = routes.map { Handler($0.handler) }
        handlers = handlerOwners.map { Unmanaged.passUnretained($0) }
    }

    /// The position of the route of entry `entry` answering `method` (`HEAD` falls back to
    /// `GET`), or `nil` (405).
    func route(in entry: Int, for method: HTTPRequest.Method) -> Int? {
        guard let column = Self.commonMethods.firstIndex(of: method) else { return entries[entry].route(for: method) }
        let position = methodTable[entry &* Self.commonMethods.count &+ column]
        return position >= 0 ? position : nil
    }

    /// Whether the route at `position` reads a JSON body.
    func body(ofRoute position: Int) -> RouteBody { bodies[position] }

    /// Calls the handler of the route at `position`.
    func answer(route position: Int, _ request: RouteRequest) throws(Problem) -> RouteResponse {
        let result = handlers[position]._withUnsafeGuaranteedRef { handler -> Result<RouteResponse, Problem> in
            do throws(Problem) {
                return .success(try handler.call(request))
            } catch {
                return .failure(error)
            }
        }
        return try result.get()
    }

    /// The best entry for `path`, or nil (404).
    func match(_ path: String) -> Match? {
        if let index = literalEntries[path] { return Match(index: index, parameters: [:]) }
        let parts = path.utf8.first == UInt8(ascii: "/") ? path.dropFirst().split(separator: "/", omittingEmptySubsequences: false) : []
        guard !parts.isEmpty else { return nil }
        // Rank: one bit per segment, most significant first, set for a literal; the
        // highest rank is the most specific match.
        var best: (index: Int, rank: UInt64)?
        for (index, entry) in entries.enumerated() where entry.segments.count == parts.count {
            var rank: UInt64 = 0
            var matches = true
            for (segment, part) in zip(entry.segments, parts) {
                rank <<= 1
                switch segment {
                case .literal(let text):
                    matches = part == text
                    rank |= 1
                case .parameter:
                    matches = !part.isEmpty
                }
                if !matches { break }
            }
            guard matches else { continue }
            if let current = best, rank <= current.rank { continue }
            best = (index, rank)
        }
        guard let best else { return nil }
        var parameters: [String: String] = [:]
        for (segment, part) in zip(entries[best.index].segments, parts) {
            if case .parameter(let name) = segment { parameters[name] = String(part) }
        }
        return Match(index: best.index, parameters: parameters)
    }

    /// Splits a pattern into segments.
    static func parse(_ pattern: String) -> [Segment] {
        precondition(pattern.hasPrefix("/"), "route pattern \(pattern) must start with /")
        precondition(pattern.utf8.count(where: { $0 == UInt8(ascii: "/") }) <= 64, "route pattern \(pattern) has more than 64 segments")
        return pattern.dropFirst().split(separator: "/", omittingEmptySubsequences: false).map { part in
            if part.hasPrefix("{"), part.hasSuffix("}"), part.count > 2 {
                return .parameter(String(part.dropFirst().dropLast()))
            }
            precondition(!part.contains("{") && !part.contains("}"), "route pattern \(pattern) has a malformed parameter")
            return .literal(String(part))
        }
    }
}
