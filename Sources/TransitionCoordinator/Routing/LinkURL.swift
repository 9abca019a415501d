/// A URL split the way link patterns read it: `scheme://host/seg/seg?name=value&name=value#fragment`,
/// scheme and host lowercased, path segments and query names and values percent-decoded (`+` is a
/// space in the query). Lenient: any string splits, and what does not fit a pattern is told by
/// the pattern. No Foundation: the package is platform-neutral and dependency-free.
struct LinkURL {
    var scheme: String?
    var host: String?
    var path: [String] = []
    var query: [(name: String, value: String)] = []

    init(_ text: String) {
        var rest = Substring(text)
        if let hash = rest.firstIndex(of: "#") { rest = rest[..<hash] }
        var queryText: Substring = ""
        if let mark = rest.firstIndex(of: "?") {
            queryText = rest[rest.index(after: mark)...]
            rest = rest[..<mark]
        }
        if let colon = rest.firstIndex(of: ":"), colon > rest.startIndex,
           rest[..<colon].allSatisfy({ $0.isLetter || $0.isNumber || "+-.".contains($0) }) {
            scheme = rest[..<colon].lowercased()
            rest = rest[rest.index(after: colon)...]
        }
        if rest.hasPrefix("//") {
            rest = rest.dropFirst(2)
            let end = rest.firstIndex(of: "/") ?? rest.endIndex
            host = Self.decoded(rest[..<end]).lowercased()
            rest = rest[end...]
        }
        path = rest.split(separator: "/").map { Self.decoded($0) }
        query = queryText.split(separator: "&").map { pair in
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            let plus = { (text: Substring) in Substring(String(text.map { $0 == "+" ? " " : $0 })) }
            return (Self.decoded(plus(parts[0])), parts.count > 1 ? Self.decoded(plus(parts[1])) : "")
        }
    }

    /// `text` with `%XX` decoded as UTF-8 (invalid sequences and lone `%` kept as written).
    static func decoded(_ text: Substring) -> String {
        guard text.contains("%") else { return String(text) }
        var bytes: [UInt8] = []
        var utf8 = Array(text.utf8)[...]
        while let byte = utf8.first {
            if byte == UInt8(ascii: "%"), utf8.count >= 3,
               let high = RouteParser.Parser.hex(utf8[utf8.startIndex + 1]), let low = RouteParser.Parser.hex(utf8[utf8.startIndex + 2]) {
                bytes.append(high << 4 | low)
                utf8 = utf8.dropFirst(3)
            } else {
                bytes.append(byte)
                utf8 = utf8.dropFirst()
            }
        }
        return RouteParser.Parser.isUTF8(bytes) ? String(decoding: bytes, as: UTF8.self) : String(text)
    }
}
