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
    /// (`myapp:///item/7`) or none (`myapp:/item/7`). A separator (`/`, `?`, `#`, `&`, `=`, `:`,
    /// `@`) separates wherever it stands, a combining mark after it too (`/\u{301}` is one
    /// character, but two segments' edge). Pure; never traps, whatever the text.
    ///
    /// - Throws: ``NavigationError/badURL(_:position:reason:)`` when the text is not a URL (a port that
    ///   is not a number up to 65535, an `http(s)` URL without a host, a `%` without two
    ///   hexadecimal digits, percent-encoded bytes that are not UTF-8); when no pattern fits, the
    ///   error of the first pattern whose shape fit but a value did not
    ///   (``NavigationError/placeholderType(_:value:expected:pattern:)``,
    ///   ``NavigationError/missingQueryParameter(_:pattern:)``, ``NavigationError/unroutable(_:reason:pattern:)``),
    ///   else ``NavigationError/noMatch(_:nearest:reason:)`` naming the pattern that came closest and
    ///   where it parted: never a bare no-match.
    public func route(for url: String) throws(NavigationError) -> Route {
        let parsed: LinkURL
        do throws(LinkURL.Malformed) {
            parsed = try LinkURL(url)
        } catch {
            throw .badURL(url, position: error.position, reason: error.reason)
        }
        var refusal: NavigationError?
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
