/// The URLs an app accepts, as patterns tried in order: an incoming URL (a universal link, a
/// notification's payload) becomes the route of the first pattern it fits.
public struct LinkTable: Sendable {
    /// The patterns, tried in order.
    public let patterns: [LinkPattern]

    /// A table of `patterns`.
    public init(_ patterns: [LinkPattern]) { self.patterns = patterns }

    /// The route `url` leads to: the first pattern whose shape and values it fits.
    ///
    /// - Throws: when no pattern fits, the error of the first pattern whose shape fit but a value
    ///   did not (``LinkError/parameterType(_:value:expected:pattern:)``,
    ///   ``LinkError/missingParameter(_:pattern:)``), else ``LinkError/noMatch(_:nearest:reason:)``
    ///   naming the pattern that came closest and where it parted: never a bare no-match.
    public func route(for url: String) throws(LinkError) -> Route {
        let parsed = LinkURL(url)
        var refusal: LinkError?
        var nearest: (pattern: String, score: Int, reason: String)?
        for pattern in patterns {
            switch pattern.match(parsed) {
            case .route(let route):
                return route
            case .refused(let error):
                if refusal == nil { refusal = error }
            case .miss(let score, let reason):
                if score > nearest?.score ?? -1 { nearest = (pattern.pattern, score, reason) }
            }
        }
        if let refusal { throw refusal }
        throw .noMatch(url, nearest: nearest?.pattern, reason: nearest?.reason ?? "the table has no pattern")
    }
}

/// Why a URL did not lead to a route, or a pattern could not be made.
public enum LinkError: Error, Sendable, Hashable, CustomStringConvertible {
    /// No pattern fits the URL; `nearest` came closest and `reason` says where it parted.
    case noMatch(String, nearest: String?, reason: String)
    /// A placeholder's value is not of its declared type.
    case parameterType(String, value: String, expected: LinkPattern.ValueType, pattern: String)
    /// A required query parameter is missing.
    case missingParameter(String, pattern: String)
    /// The pattern, its route template or its types do not fit together.
    case badPattern(String, reason: String)

    /// A stable short code for logs and metrics, as `parameterType`.
    public var code: String {
        switch self {
        case .noMatch: "noMatch"
        case .parameterType: "parameterType"
        case .missingParameter: "missingParameter"
        case .badPattern: "badPattern"
        }
    }

    /// What went wrong, naming the URL's part and the pattern.
    public var description: String {
        switch self {
        case .noMatch(let url, let nearest, let reason):
            "no link pattern fits \(url)" + (nearest.map { "; the nearest, \($0), parts where \(reason)" } ?? ": \(reason)")
        case .parameterType(let name, let value, let expected, let pattern):
            "`:\(name)` is `\(value)`, not \(expected), in \(pattern)"
        case .missingParameter(let name, let pattern):
            "the query parameter `\(name)` is required by \(pattern)"
        case .badPattern(let pattern, let reason):
            "link pattern \(pattern): \(reason)"
        }
    }
}
