import MicroHTTP

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
        let routes: [HTTPMethod: Route]

        /// The route answering `method` (`HEAD` falls back to `GET`).
        func route(for method: HTTPMethod) -> Route? {
            routes[method] ?? (method == .head ? routes[.get] : nil)
        }

        /// The value of the `Allow` header: the methods in a fixed order, `HEAD` where
        /// `GET` is allowed, and `OPTIONS`.
        var allowedMethods: [HTTPMethod] {
            var methods = Set(routes.keys)
            if methods.contains(.get) { methods.insert(.head) }
            methods.insert(.options)
            let order: [HTTPMethod] = [.get, .head, .post, .put, .patch, .delete]
            let known = order.filter { methods.contains($0) }
            let others = methods.subtracting(order).subtracting([.options]).sorted { $0.rawValue < $1.rawValue }
            return known + others + [.options]
        }
    }

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

    /// Groups `routes` by pattern. A malformed pattern or a method registered twice on
    /// one pattern is a programming error and stops the process.
    init(routes: [Route]) {
        var order: [String] = []
        var grouped: [String: [HTTPMethod: Route]] = [:]
        for route in routes {
            if grouped[route.pattern] == nil { order.append(route.pattern) }
            precondition(grouped[route.pattern]?[route.method] == nil, "\(route.method) \(route.pattern) is registered twice")
            grouped[route.pattern, default: [:]][route.method] = route
        }
        entries = order.enumerated().map { index, pattern in
            Entry(index: index, pattern: pattern, segments: Self.parse(pattern), routes: grouped[pattern]!)
        }
        literalEntries = Dictionary(uniqueKeysWithValues: entries.filter { entry in
            entry.segments.allSatisfy { if case .literal = $0 { true } else { false } }
        }.map { ($0.pattern, $0.index) })
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
