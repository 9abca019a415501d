/// A set of ``WindowID``s kept as sorted, disjoint, non-adjacent closed ranges.
///
/// Window ids are handed out in increasing order and never reused, so the ids a host ever created
/// form almost one range, and the ids it destroyed form ranges with gaps only at the windows still
/// alive. This set answers "is this id in?" exactly in memory proportional to those gaps, however
/// many ids it holds.
///
/// - Memory: one pair of numbers per range; ``rangeCount`` is at most one more than the number of
///   gaps between the ids held, and never more than ``count``.
/// - Cost: ``contains(_:)`` is a binary search, O(log r) for r ranges. ``insert(_:)`` finds its
///   place the same way; an id that extends the last range (ids in increasing order) is O(1), one
///   that opens or closes a gap in the middle also shifts the ranges after it (r at most, a
///   memmove).
/// - Ids may arrive in any order: the answers stay exact, there are just more ranges.
struct WindowIDRanges: Sendable, Hashable {
    /// The ranges, sorted by lower bound; each ends at least two below the next one's start, so
    /// neighbours that touch are always merged and equal sets have equal ranges.
    private(set) var ranges: [ClosedRange<UInt64>] = []
    /// How many ids the set holds.
    private(set) var count = 0

    /// An empty set.
    init() {}

    /// How many disjoint ranges hold the ids: what the set's memory grows with.
    var rangeCount: Int { ranges.count }

    /// Whether the set holds no id.
    var isEmpty: Bool { ranges.isEmpty }

    /// Whether `id` is in the set. O(log r).
    func contains(_ id: WindowID) -> Bool {
        let index = firstRange(startingAbove: id.rawValue)
        return index > 0 && ranges[index - 1].contains(id.rawValue)
    }

    /// Adds `id`, merging it with the ranges it touches; returns false if it was already in.
    @discardableResult
    mutating func insert(_ id: WindowID) -> Bool {
        let value = id.rawValue
        let index = firstRange(startingAbove: value)
        // Every range before `index` starts at or below `value`, every range from it starts above.
        let joinsPrevious: Bool
        if index > 0 {
            let previous = ranges[index - 1]
            if previous.upperBound >= value { return false }
            joinsPrevious = previous.upperBound + 1 == value // upperBound < value: no overflow
        } else {
            joinsPrevious = false
        }
        let joinsNext = index < ranges.count && ranges[index].lowerBound - 1 == value // lowerBound > value ≥ 0
        count += 1
        switch (joinsPrevious, joinsNext) {
        case (true, true):
            ranges[index - 1] = ranges[index - 1].lowerBound...ranges[index].upperBound
            ranges.remove(at: index)
        case (true, false):
            ranges[index - 1] = ranges[index - 1].lowerBound...value
        case (false, true):
            ranges[index] = value...ranges[index].upperBound
        case (false, false):
            ranges.insert(value...value, at: index)
        }
        return true
    }

    /// The index of the first range whose lower bound is above `value` (`ranges.count` if none):
    /// a binary search, with the common case (an id at or past the last range) checked first.
    private func firstRange(startingAbove value: UInt64) -> Int {
        guard let last = ranges.last, last.lowerBound > value else { return ranges.count }
        var low = 0
        var high = ranges.count - 1 // ranges[high] starts above value
        while low < high {
            let middle = low + (high - low) / 2
            if ranges[middle].lowerBound > value { high = middle } else { low = middle + 1 }
        }
        return low
    }
}
