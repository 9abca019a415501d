/// The URLs an app accepts, as patterns tried in order: an incoming URL (a universal link, a
/// notification's payload) becomes the route of the first pattern it fits.
public struct LinkTable: Sendable {
    /// The patterns, tried in order.
    package let patterns: [LinkPattern]

    /// A table of `patterns`.
    public init(_ patterns: [LinkPattern]) { self.patterns = patterns }

    /// The route `url` leads to: the first pattern whose shape and values it fits. URLs that
    /// RFC 3986 calls the same lead to the same route: scheme and host in any case, an explicit
    /// default port (`https://example.com:443/`) or none, unreserved characters percent-encoded
    /// or not, `.` and `..` segments, an empty path or `/`, and an empty authority
    /// (`myapp:///item/7`) or none (`myapp:/item/7`). Pure; never traps, whatever the text.
    ///
    /// - Throws: ``LinkError/badURL(_:position:reason:)`` when the text is not a URL (a port that
    ///   is not a number up to 65535, an `http(s)` URL without a host, a `%` without two
    ///   hexadecimal digits, percent-encoded bytes that are not UTF-8); when no pattern fits, the
    ///   error of the first pattern whose shape fit but a value did not
    ///   (``LinkError/parameterType(_:value:expected:pattern:)``,
    ///   ``LinkError/missingParameter(_:pattern:)``, ``LinkError/unroutable(_:reason:pattern:)``),
    ///   else ``LinkError/noMatch(_:nearest:reason:)`` naming the pattern that came closest and
    ///   where it parted: never a bare no-match.
    public func route(for url: String) throws(LinkError) -> Route {
        let parsed: LinkURL
        do throws(LinkURL.Malformed) {
            parsed = try LinkURL(url)
        } catch {
            throw .badURL(url, position: error.position, reason: error.reason)
        }
        var refusal: LinkError?
        var nearest: (pattern: String, score: Int, reason: String)?
        for pattern in patterns {
            switch pattern.match(parsed, url: url) {
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
    /// The URL fits the pattern, but the route its values fill in breaks the path grammar's rules
    /// (``Route/init(parsing:limits:)``): a screen named by a value that is empty or holds a
    /// control character, a route longer than ``RouteLimits/standard``. Every route a table gives
    /// prints to a path that parses back to it.
    case unroutable(String, reason: String, pattern: String)
    /// The text is not a URL: what is wrong, at `position` (in characters from the start, 0 the
    /// first).
    case badURL(String, position: Int, reason: String)
    /// The pattern's route, filled with `values` (samples of its placeholders' types), is one the
    /// registry cannot build: a screen, tab or tab bar it does not declare, a placeholder whose
    /// type the parameter it fills does not take, a required parameter missing
    /// (``LinkTable/validate(against:)``, at launch).
    case doesNotNavigate(pattern: String, values: [String: String], NavigationError)

    /// Where in the URL the problem is, in characters from the start; nil for any but ``badURL(_:position:reason:)``.
    public var position: Int? {
        if case .badURL(_, let position, _) = self { position } else { nil }
    }

    /// A stable short code for logs and metrics, as `parameterType`.
    public var code: String {
        switch self {
        case .noMatch: "noMatch"
        case .parameterType: "parameterType"
        case .missingParameter: "missingParameter"
        case .badPattern: "badPattern"
        case .badURL: "badURL"
        case .unroutable: "unroutable"
        case .doesNotNavigate(_, _, let error): "doesNotNavigate.\(error.code)"
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
        case .unroutable(let url, let reason, let pattern):
            "\(url) fits \(pattern), but its route \(reason)"
        case .badURL(let url, let position, let reason):
            "\(url) is not a URL: at \(position), \(reason)"
        case .doesNotNavigate(let pattern, let values, let error):
            "link pattern \(pattern) leads to a route the registry cannot build"
                + (values.isEmpty
                    ? ""
                    : " (with " + values.sorted { $0.key < $1.key }.map { ":\($0.key) = \($0.value)" }.joined(separator: ", ")
                        + ")")
                + ": \(error)"
        }
    }
}
