/// One URL shape an app accepts and the route it leads to: `https://example.com/users/:id?tab=:tab`
/// → `^/users/user(id=:id)#:tab`. Placeholders (`:name`) take their values from the URL's path
/// segments and query, are converted to their declared types, and replace every name or value of
/// the route template that is exactly `:name`.
public struct LinkPattern: Sendable, CustomStringConvertible {
    /// What a placeholder's value must be.
    public enum ValueType: Sendable, Hashable, CustomStringConvertible {
        /// Any text (the default).
        case text
        /// A whole number (an optional `-`, then digits; at most 18 of them).
        case integer
        /// A UUID: 8-4-4-4-12 hexadecimal digits.
        case uuid
        /// One of these values, exactly.
        case oneOf([String])

        /// As `integer`, `one of a, b`.
        public var description: String {
            switch self {
            case .text: "text"
            case .integer: "integer"
            case .uuid: "UUID"
            case .oneOf(let values): "one of " + values.joined(separator: ", ")
            }
        }

        /// Whether `value` is of this type.
        func accepts(_ value: String) -> Bool {
            switch self {
            case .text:
                return true
            case .integer:
                let digits = value.utf8.first == UInt8(ascii: "-") ? value.utf8.dropFirst() : value.utf8[...]
                return !digits.isEmpty && digits.count <= 18 && digits.allSatisfy { (0x30...0x39).contains($0) }
            case .uuid:
                let groups = value.split(separator: "-", omittingEmptySubsequences: false)
                return groups.map(\.utf8.count) == [8, 4, 4, 4, 12]
                    && groups.allSatisfy { $0.utf8.allSatisfy { RouteParser.Parser.hex($0) != nil } }
            case .oneOf(let values):
                return values.contains(value)
            }
        }
    }

    /// The pattern as written.
    public let pattern: String
    /// The scheme it requires (`https`, `myapp`), lowercased; nil for any.
    let scheme: String?
    /// The authority it requires: nil for any (a pattern without a scheme and host); else the
    /// URL's host, user and port must be these (a host of nil: the URL names no host).
    let authority: (host: String?, user: String?, port: Int?)?
    /// The path's segments: a literal, or a placeholder's name.
    let segments: [Segment]
    /// Query parameters it reads: the URL's parameter name, the placeholder, whether required.
    let query: [(name: String, placeholder: String, required: Bool)]
    /// The route template.
    public let route: Route
    /// Each placeholder's type.
    public let types: [String: ValueType]

    enum Segment: Hashable {
        case literal(String)
        case placeholder(String)
    }

    /// A pattern: `[scheme://host[:port]]/path/:placeholder[?name=:placeholder[&name=:optional?]]`,
    /// the route template it leads to, and the placeholders' types (text when not given). Without
    /// a scheme and host it fits any scheme and host; with a scheme and no host (`myapp:/item` or
    /// `myapp:///item`, the same URL) it fits only URLs that name no host.
    ///
    /// - Throws: ``NavigationError/badPattern(_:reason:)`` for a pattern, template or type that does not
    ///   fit (a placeholder used in the template but not bound by the URL, or bound twice, a route
    ///   template that does not parse, a pattern that is not a URL, as a port that is not a number).
    public init(_ pattern: String, route template: String, types: [String: ValueType] = [:]) throws(NavigationError) {
        self.pattern = pattern
        self.types = types
        let url: LinkURL
        do throws(LinkURL.Malformed) {
            url = try LinkURL(pattern)
        } catch {
            throw .badPattern(pattern, reason: "at \(error.position): \(error.reason)")
        }
        scheme = url.scheme
        authority = url.scheme == nil && url.host == nil ? nil : (url.host, url.user, url.port)
        segments = url.path.map { $0.hasPrefix(":") && $0.count > 1 ? .placeholder(String($0.dropFirst())) : .literal($0) }
        var query: [(String, String, Bool)] = []
        for (name, value) in url.query {
            guard value.hasPrefix(":"), value.count > 1 else {
                throw .badPattern(
                    pattern, reason: "query parameter `\(name)` must be bound to a placeholder, as `\(name)=:\(name)`")
            }
            let optional = value.hasSuffix("?")
            let placeholder = String(value.dropFirst().dropLast(optional ? 1 : 0))
            query.append((name, placeholder, !optional))
        }
        self.query = query
        do throws(NavigationError) {
            route = try Route(parsing: template)
        } catch {
            throw .badPattern(pattern, reason: "its route template `\(template)` does not parse: \(error)")
        }
        let binders = segments.compactMap { if case .placeholder(let name) = $0 { name } else { nil } } + query.map(\.1)
        var bound: Set<String> = []
        // Mutant: a placeholder bound twice taken, its second value replacing its first.
        for name in binders where !bound.insert(name).inserted && !planted(.placeholderBoundTwice) {
            throw .badPattern(pattern, reason: "the URL binds `:\(name)` twice: a link's second value would replace its first")
        }
        for name in route.placeholders where !bound.contains(name) {
            throw .badPattern(pattern, reason: "the template uses `:\(name)`, which the URL does not bind")
        }
        let optional = Set(query.filter { !$0.2 }.map(\.1))
        for step in route.steps {
            guard let name = step.target?.name, name.hasPrefix(":"), optional.contains(String(name.dropFirst())) else { continue }
            throw .badPattern(pattern, reason: "the optional `\(name)` names a screen; use it in a parameter's value")
        }
        for name in types.keys where !bound.contains(name) {
            throw .badPattern(pattern, reason: "a type is declared for `:\(name)`, which the URL does not bind")
        }
    }

    /// The pattern as written, then the template.
    public var description: String { "\(pattern) → \(route.path)" }

    /// How a URL fared against this pattern.
    enum Match {
        /// It matched: the route, placeholders filled in.
        case route(Route)
        /// Its shape matched but a value did not: the error.
        case refused(NavigationError)
        /// Its shape did not match; `score` is how many of the pattern's parts it did match
        /// (scheme, host, path segments), and `reason` says the first that did not.
        case miss(score: Int, reason: String)
    }

    /// Matches `url`, split from `text` (see ``Match``).
    func match(_ url: LinkURL, url text: String) -> Match {
        var score = 0
        if let scheme {
            guard url.scheme == scheme else {
                return .miss(score: score, reason: "scheme `\(url.scheme ?? "")` is not `\(scheme)`")
            }
            score += 1
        }
        if let authority {
            if let reason = Self.authorityMismatch(url, authority, scheme: scheme) { return .miss(score: score, reason: reason) }
            score += 1
        }
        var values: [String: String] = [:]
        // The placeholders in the order the URL binds them.
        var order: [String] = []
        for (index, segment) in segments.enumerated() {
            guard index < url.path.count else {
                return .miss(score: score, reason: "the path ends before segment \(index + 1) (`\(segment.written)`)")
            }
            switch segment {
            case .literal(let literal):
                guard url.path[index] == literal else {
                    return .miss(score: score, reason: "path segment \(index + 1) is `\(url.path[index])`, not `\(literal)`")
                }
            case .placeholder(let name):
                if values.updateValue(url.path[index], forKey: name) == nil { order.append(name) }
            }
            score += 1
        }
        guard url.path.count == segments.count else {
            return .miss(score: score, reason: "the path has \(url.path.count) segments, not \(segments.count)")
        }
        for (name, placeholder, required) in query {
            if let value = url.query.last(where: { $0.name == name })?.value {
                if values.updateValue(value, forKey: placeholder) == nil { order.append(placeholder) }
            } else if required {
                return .refused(.missingQueryParameter(name, pattern: pattern))
            }
        }
        // Checked in the URL's order, so the same URL is always refused for the same value.
        for name in order {
            guard let value = values[name] else { continue }
            let type = types[name] ?? .text
            guard type.accepts(value) else {
                return .refused(.placeholderType(name, value: value, expected: type, pattern: pattern))
            }
        }
        let filled = route.filling(values)
        if let reason = Self.unroutable(filled, template: route, values: values) {
            return .refused(.unroutable(text, reason: reason, pattern: pattern))
        }
        return .route(filled)
    }

    /// Why `filled` (`template` with `values`) breaks the path grammar's rules, naming the
    /// placeholder where one is to blame; nil when it prints to a path that parses back to it.
    static func unroutable(_ filled: Route, template: Route, values: [String: String]) -> String? {
        // Names may not be empty or hold control characters; values may hold anything.
        for step in template.steps {
            guard let name = step.target?.name, name.hasPrefix(":"), let value = values[String(name.dropFirst())] else {
                continue
            }
            if value.isEmpty { return "names a screen with `\(name)`, which is empty" }
            if let control = value.unicodeScalars.first(where: { $0.value < 0x20 || $0.value == 0x7F }) {
                return "names a screen with `\(name)`, `\(RouteTarget.escaped(value))`, which holds the control character U+"
                    + String(control.value, radix: 16, uppercase: true)
            }
        }
        do throws(NavigationError) {
            // A route that keeps the rules prints to a path that parses back to it.
            try filled.validate()
            return nil
        } catch {
            return "breaks the path's rules: \(error)"
        }
    }
}

extension LinkPattern {
    /// Where `url`'s host, user or port differs from `authority`'s; nil when they are the same.
    static func authorityMismatch(
        _ url: LinkURL, _ authority: (host: String?, user: String?, port: Int?),
        scheme: String?
    ) -> String? {
        switch (url.host, authority.host) {
        case (let found?, nil):
            return
                "the URL names host `\(found)`, the pattern none (in `\(scheme ?? ""):///\(found)/…` the path starts at `\(found)`)"
        case (nil, let wanted?):
            return "the URL names no host, the pattern `\(wanted)`"
        case (let found?, let wanted?) where found != wanted:
            return "host `\(found)` is not `\(wanted)`"
        default:
            break
        }
        if url.user != authority.user {
            func written(_ user: String?) -> String { user.map { "`\($0)@`" } ?? "none" }
            return "the URL's user is \(written(url.user)), the pattern's \(written(authority.user))"
        }
        if url.port != authority.port {
            func written(_ port: Int?) -> String {
                (port ?? scheme.flatMap { LinkURL.defaultPorts[$0] }).map { "\($0)" } ?? "none"
            }
            return "port \(written(url.port)) is not the pattern's (\(written(authority.port)))"
        }
        return nil
    }
}

extension LinkPattern.Segment {
    /// As written in the pattern.
    var written: String {
        switch self {
        case .literal(let literal): literal
        case .placeholder(let name): ":" + name
        }
    }
}

extension Route {
    /// The placeholders (`:name`) its names and values use.
    var placeholders: Set<String> {
        var found = Set<String>()
        func note(_ text: String) { if text.hasPrefix(":"), text.count > 1 { found.insert(String(text.dropFirst())) } }
        for step in steps {
            guard let target = step.target else { continue }
            note(target.name)
            target.parameters.values.forEach(note)
        }
        return found
    }

    /// The route with every name or value that is exactly `:name` replaced by `values[name]`; an
    /// unbound optional placeholder drops its parameter (a name stays as written).
    func filling(_ values: [String: String]) -> Route {
        func fill(_ text: String) -> String? {
            guard text.hasPrefix(":"), text.count > 1 else { return text }
            return values[String(text.dropFirst())]
        }
        var route = self
        route.steps = steps.map { step in
            step.mapTarget { target in
                var filled = RouteTarget(fill(target.name) ?? target.name)
                for (key, value) in target.parameters { if let value = fill(value) { filled.parameters[key] = value } }
                return filled
            }
        }
        return route
    }
}

extension RouteStep {
    /// The screen the step names; nil for an up step.
    public var target: RouteTarget? {
        switch self {
        case .push(let target), .modal(let target), .modalStack(let target), .tab(let target): target
        case .up: nil
        }
    }

    /// The step with its target changed by `change`.
    func mapTarget(_ change: (RouteTarget) -> RouteTarget) -> RouteStep {
        switch self {
        case .push(let target): .push(change(target))
        case .modal(let target): .modal(change(target))
        case .modalStack(let target): .modalStack(change(target))
        case .tab(let target): .tab(change(target))
        case .up: self
        }
    }
}
