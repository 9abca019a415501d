/// A URL split the way link patterns read it, `scheme://user@host:port/seg/seg?name=value#fragment`,
/// and normalised as RFC 3986 (6.2.2, 6.2.3) says two URLs are the same: scheme and host
/// lowercased; percent-encoding decoded (`%7E` is `~`, `%41` is `A`; `+` is a space in the query);
/// `.` and `..` path segments removed (never above the root); the default port of `http` (80) and
/// `https` (443) the same as none, and an empty port (`host:`) the same as none; an empty path the
/// same as `/`; and an empty authority (`myapp:///item/7`) the same as none (`myapp:/item/7`: no
/// host either way). Empty path segments are skipped (`a//b/` is `a/b`).
///
/// Refused, with the character position (0 is the first) and why: a control character (RFC 3986
/// has none; percent-encoded, it may stand in a value), a port that is not a number
/// from 0 to 65535, an `http` or `https` URL without a host, a `%` not followed by two
/// hexadecimal digits, and percent-encoded bytes that are not UTF-8. Anything else splits, at
/// the separators' Unicode scalars: a separator a combining mark follows separates all the same.
/// No Foundation: the package is platform-neutral and dependency-free.
struct LinkURL {
    /// Why a text is not a URL, and where (in characters from the start).
    struct Malformed: Error {
        var position: Int
        var reason: String
    }

    var scheme: String?
    /// Whether the URL has an authority (`//…`) that names a host; false for `myapp:/item`,
    /// `myapp:///item` and `/item` alike.
    var host: String?
    /// The user information before `@` in the authority, its percent-encoding decoded.
    var user: String?
    /// The port, nil when none was written or it is the scheme's default.
    var port: Int?
    var path: [String] = []
    var query: [(name: String, value: String)] = []

    /// The ports that are the same as none.
    static let defaultPorts: [String: Int] = ["http": 80, "https": 443, "ws": 80, "wss": 443]

    init(_ text: String) throws(Malformed) {
        func position(_ index: String.Index) -> Int { text.distance(from: text.startIndex, to: index) }
        if let control = text.unicodeScalars.firstIndex(where: { $0.value < 0x20 || $0.value == 0x7F }) {
            throw Malformed(
                position: position(control),
                reason: "a control character (U+"
                    + String(text.unicodeScalars[control].value, radix: 16, uppercase: true)
                    + ") is never part of a URL; percent-encode it")
        }
        // Split at the separators' scalars, not at characters: a separator followed by a
        // combining mark (`/\u{301}`) is one character, but it still separates.
        var rest = text.unicodeScalars[...]
        if let hash = rest.firstIndex(of: "#") { rest = rest[..<hash] }
        var queryText = rest[rest.endIndex...]
        if let mark = rest.firstIndex(of: "?") {
            queryText = rest[rest.index(after: mark)...]
            rest = rest[..<mark]
        }
        if let colon = rest.firstIndex(of: ":"), colon > rest.startIndex,
            rest[..<colon].allSatisfy(Self.isSchemeScalar)
        {
            scheme = Substring(rest[..<colon]).lowercased()
            rest = rest[rest.index(after: colon)...]
        }
        if rest.starts(with: "//".unicodeScalars) {
            rest = rest.dropFirst(2)
            let end = rest.firstIndex(of: "/") ?? rest.endIndex
            var authority = rest[..<end]
            rest = rest[end...]
            if let at = authority.lastIndex(of: "@") {
                // Mutant: the user kept as written, so `us%65r` is another user than `user`.
                let written = Substring(authority[..<at])
                user = planted(.linkUserUndecoded) ? String(written) : try Self.decoded(written, in: text)
                authority = authority[authority.index(after: at)...]
            }
            // The port follows the last `:`, unless that stands inside an IP literal (`[::1]`).
            if let colon = authority.lastIndex(of: ":"), !authority[colon...].contains("]") {
                let digits = Substring(authority[authority.index(after: colon)...])
                if !digits.isEmpty {
                    guard digits.utf8.allSatisfy({ (0x30...0x39).contains($0) }) else {
                        throw Malformed(position: position(digits.startIndex), reason: "the port `\(digits)` is not a number")
                    }
                    // Leading zeros are no part of the number (`:000443` is 443); five digits at most after them.
                    let significant = digits.drop { $0 == "0" }
                    // Mutant: the leading zeros counted among the five digits.
                    let counted = planted(.portLeadingZerosCounted) ? digits : significant
                    guard counted.utf8.count <= 5, let number = Int(significant.isEmpty ? "0" : significant),
                        number <= 65_535
                    else {
                        throw Malformed(position: position(digits.startIndex), reason: "the port `\(digits)` is over 65535")
                    }
                    port = number
                }
                authority = authority[..<colon]
            }
            let name = try Self.decoded(Substring(authority), in: text).lowercased()
            if !name.isEmpty { host = name }
        }
        if let scheme, scheme == "http" || scheme == "https", host == nil {
            throw Malformed(position: position(rest.startIndex), reason: "an \(scheme) URL needs a host")
        }
        if let scheme, port == Self.defaultPorts[scheme] { port = nil }
        // Mutant: the path split at characters, so a `/` a combining mark follows does not separate.
        let segments =
            planted(.linkSplitsAtCharacters)
            ? Substring(rest).split(separator: "/").map(\.unicodeScalars) : rest.split(separator: "/")
        for segment in segments {
            switch try Self.decoded(Substring(segment), in: text) {
            case ".": break
            case "..": path.removeLast(path.isEmpty ? 0 : 1)
            case let decoded: path.append(decoded)
            }
        }
        for pair in queryText.split(separator: "&") {
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            let name = try Self.decoded(Substring(parts[0]), in: text, plusIsSpace: true)
            let value = parts.count > 1 ? try Self.decoded(Substring(parts[1]), in: text, plusIsSpace: true) : ""
            query.append((name, value))
        }
    }

    /// Whether `scalar` may stand in a scheme: an ASCII letter or digit, `+`, `-` or `.`.
    static func isSchemeScalar(_ scalar: Unicode.Scalar) -> Bool {
        ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar) || ("0"..."9").contains(scalar)
            || scalar == "+" || scalar == "-" || scalar == "."
    }

    /// `piece` (a part of `text`) with `%XX` decoded as UTF-8, and `+` as a space when asked.
    /// - Throws: a `%` not followed by two hexadecimal digits, or bytes that are not UTF-8.
    static func decoded(_ piece: Substring, in text: String, plusIsSpace: Bool = false) throws(Malformed) -> String {
        guard piece.utf8.contains(where: { $0 == UInt8(ascii: "%") || (plusIsSpace && $0 == UInt8(ascii: "+")) }) else {
            return String(piece)
        }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(piece.utf8.count)
        var utf8 = piece.utf8[...]
        while let byte = utf8.first {
            if byte == UInt8(ascii: "%") {
                let digits = utf8.dropFirst().prefix(2)
                guard digits.count == 2, let high = RouteParser.Parser.hex(digits[digits.startIndex]),
                    let low = RouteParser.Parser.hex(digits[digits.index(after: digits.startIndex)])
                else {
                    throw Malformed(
                        position: text.distance(from: text.startIndex, to: utf8.startIndex),
                        reason: "`%` is not followed by two hexadecimal digits")
                }
                bytes.append(high << 4 | low)
                utf8 = utf8.dropFirst(3)
            } else {
                bytes.append(plusIsSpace && byte == UInt8(ascii: "+") ? UInt8(ascii: " ") : byte)
                utf8 = utf8.dropFirst()
            }
        }
        guard RouteParser.Parser.isUTF8(bytes) else {
            throw Malformed(
                position: text.distance(from: text.startIndex, to: piece.startIndex),
                reason: "the percent-encoded bytes of `\(piece)` are not UTF-8 text")
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
