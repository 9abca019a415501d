// A window list compares, hashes and saves as the array of its windows: how it is chunked is
// never seen (the stress harness chunks at 3 and keeps its digest).

extension WindowList: Hashable {
    /// Lists are equal when they hold equal windows in the same order, however they are chunked.
    static func == (lhs: WindowList, rhs: WindowList) -> Bool {
        if !lhs.isChunked, !rhs.isChunked { return lhs.array == rhs.array }   // each the array itself: no copy
        return lhs.count == rhs.count && lhs.elementsEqual(rhs)
    }

    /// Hashes as the array of its windows does.
    func hash(into hasher: inout Hasher) {
        hasher.combine(count)
        for window in self { hasher.combine(window) }
    }
}

extension WindowList: Codable {
    /// Decodes an array of windows (chunked at the default capacity).
    init(from decoder: any Decoder) throws { self.init(try decoder.singleValueContainer().decode([Window].self)) }

    /// Encodes the windows as an array.
    func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(array)
    }
}
