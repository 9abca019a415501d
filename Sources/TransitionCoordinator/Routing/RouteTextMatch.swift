/// Text written as a route writes it (``RouteTarget/write(to:)``), checked byte by byte as it
/// comes against text written before, without making a string of its own.
///
/// It answers whether `expected` is exactly what was written. Bytes are compared, not
/// characters: text that is equal as a string but spelled with other code points (another
/// Unicode normalization) does not match, so a caller that finds no match must fall back to
/// writing the text, never conclude that the two differ.
struct RouteTextMatch: TextOutputStream {
    private let expected: String
    /// How many bytes of `expected` were matched.
    private var offset = 0
    /// Whether everything written so far is the start of `expected`.
    private var matchesSoFar = true

    /// A check against `expected`, with nothing written yet.
    init(_ expected: String) { self.expected = expected }

    /// Checks `string` against the next bytes of `expected`.
    mutating func write(_ string: String) {
        guard matchesSoFar else { return }
        let start = offset
        // Both strings' bytes in place (native and small strings have them), else by index.
        let compared = expected.utf8.withContiguousStorageIfAvailable { expected in
            string.utf8.withContiguousStorageIfAvailable { written in
                written.count <= expected.count - start
                    && written.elementsEqual(expected[start..<start + written.count])
            }
        }
        let matched = compared.flatMap { $0 } ?? expected.utf8.dropFirst(start).starts(with: string.utf8)
        matchesSoFar = matched
        offset += string.utf8.count
    }

    /// Whether what was written is `expected`, whole.
    var matches: Bool { matchesSoFar && offset == expected.utf8.count }
}
