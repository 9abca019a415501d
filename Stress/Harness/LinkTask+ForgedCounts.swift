import TransitionCoordinator

/// Links whose destination value states an array's count no app wrote: a few bytes that claim
/// millions of elements (a nil element is written as nothing, so only the count says how many).
/// What one decoding builds is bounded (1,024 elements in all, as the library documents): a
/// forged count is refused before any element is read, and a value within the bound reads back
/// as it was written (mutant ``Mutation/unboundedElementCount``).
extension LinkTask {
    /// Decodes forged counts drawn from `rng`, then a value within the bound, checking each
    /// (``ForgedTags/decodedWithinBound(_:)``).
    package static func decodeForgedCounts(_ rng: inout SplitMix64, checker: StressChecker) async {
        let counts = ["1025", "3000000", String(Int.max), String(ForgedTags.bound * 4)]
        var drawn: [[String: String]] = (0..<3).map { _ in ["tags": rng.pick(counts), "grid": "0"] }
        // Nested arrays count together: two rows of 600 are more than the bound, though each fits.
        drawn.append(["tags": "0", "grid": "2", "grid.0": "600", "grid.1": "600"])
        for parameters in drawn {
            if let broken = ForgedTags.decodedWithinBound(parameters) { await checker.noteViolation(.init(.answered, broken)) }
        }
        let written = ForgedTags(tags: [nil, "x", nil], grid: [[nil], [], ["y"]])
        let screen = Screen(written)
        if let broken = ForgedTags.decodedWithinBound(screen.parameters) {
            await checker.noteViolation(.init(.answered, broken))
        } else if let read = screen.destination(as: ForgedTags.self), read == written {
            return
        } else {
            let read = screen.destination(as: ForgedTags.self).map { "\($0)" } ?? "nothing"
            await checker.noteViolation(.init(.answered, "\(written), within the bound, reads back from \(screen) as \(read)"))
        }
    }
}

/// A destination with arrays of optionals, one nested, decoded as an app's own type would be:
/// its decoding notes how many elements each array's decoder offers before reading any, and
/// reads none once the value's offers pass ``bound``.
package struct ForgedTags: Hashable, Codable, Sendable {
    package var tags: [String?]
    package var grid: [[String?]]

    /// The most array elements one value may hold in all, as the library documents it.
    package static let bound = 1_024

    /// The elements the decoders of the current task offered, while a check counts them.
    @TaskLocal static var offered: Locked<Int>?

    /// The decoder offered more than ``bound`` elements: nothing more is read.
    struct Unbounded: Error {}

    package init(tags: [String?], grid: [[String?]]) {
        self.tags = tags
        self.grid = grid
    }

    package init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        tags = try Self.read(try container.nestedUnkeyedContainer(forKey: .tags))
        var rows = try container.nestedUnkeyedContainer(forKey: .grid)
        try Self.offer(rows)
        grid = []
        while !rows.isAtEnd { grid.append(try Self.read(try rows.nestedUnkeyedContainer())) }
    }

    /// Notes `list`'s count among the offers; throws once they pass the bound.
    private static func offer(_ list: any UnkeyedDecodingContainer) throws {
        let total = offered?.withLock { total in
            total += list.count ?? 0
            return total
        }
        if let total, total > bound { throw Unbounded() }
    }

    /// `list`'s elements, once its count is offered within the bound.
    private static func read(_ list: any UnkeyedDecodingContainer) throws -> [String?] {
        try offer(list)
        var list = list
        var elements: [String?] = []
        while !list.isAtEnd { elements.append(try list.decodeIfPresent(String.self)) }
        return elements
    }

    /// Nil when decoding a screen named as this type with `parameters` (the library's decoder)
    /// offered at most ``bound`` elements in all; else what broke.
    package static func decodedWithinBound(_ parameters: [String: String]) -> String? {
        let screen = Screen(String(describing: Self.self), parameters: parameters)
        return offeredWithinBound("\(screen)") { screen.destination(as: Self.self) }
    }

    /// Nil when `decode` offered at most ``bound`` elements in all while it read `input`; else what broke.
    package static func offeredWithinBound(_ input: String, _ decode: () -> Self?) -> String? {
        let counted = Locked(0)
        let value = $offered.withValue(counted, operation: decode)
        let total = counted.withLock { $0 }
        guard total <= bound else {
            return "a destination's decoder offered \(total) array elements (the bound is \(bound)) for \(input)"
                + (value == nil ? "" : ", and the value was read")
        }
        return nil
    }
}
