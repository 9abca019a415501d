/// A snapshot's managed windows, bottom to top: an array that a transition copies in part.
///
/// Every transition makes a new snapshot from the last one, and the history keeps both. Kept as
/// one array, the windows would all be copied by each transition (each copy retains a window's
/// content) and all freed again when its record leaves the history. Here the windows are full
/// pages of eight that lists share, then a last part of fewer than eight windows
/// held as a plain array: a change copies the windows from the page it touches to the end, and
/// shares the pages below with the list it came from. A push or a pop at the top level copies
/// the last part alone, however many windows are up; a list of a few windows is one array; a
/// change at the bottom costs what one array would.
///
/// The windows stay in the order given, whatever it is. Equality, hashing and coding are those
/// of the windows as an array (a list encodes as a JSON array). It changes as an array does,
/// through its subscript, ``append(_:)``, ``replaceSubrange(_:with:)`` and ``removeAll(where:)``;
/// `filter`, `map` and the like give arrays.
package struct WindowList: RandomAccessCollection, MutableCollection, Sendable, Hashable,
    Codable, ExpressibleByArrayLiteral, CustomStringConvertible
{
    /// How many windows a page holds.
    static let pageSize = 8

    /// The full pages, ``pageSize`` windows each. A page is never changed once made: a change
    /// makes a new one, so pages are shared freely.
    private var pages: [SharedValue<[ManagedWindow]>]

    /// The windows after the full pages: fewer than ``pageSize``.
    private var last: [ManagedWindow]

    /// An empty list.
    package init() {
        pages = []
        last = []
    }

    /// The list of `windows`, in their order.
    package init(_ windows: some Sequence<ManagedWindow>) {
        self.init()
        fill(Array(windows))
    }

    /// The list of the windows written, in their order.
    package init(arrayLiteral windows: ManagedWindow...) { self.init(windows) }

    /// Decodes an array of windows.
    package init(from decoder: any Decoder) throws { self.init(try [ManagedWindow](from: decoder)) }

    /// Encodes the windows as an array.
    package func encode(to encoder: any Encoder) throws { try Array(self).encode(to: encoder) }

    /// 0.
    package var startIndex: Int { 0 }

    /// How many windows the list holds.
    package var endIndex: Int { paged + last.count }

    /// How many windows the full pages hold.
    private var paged: Int { pages.count * Self.pageSize }

    /// The window at `position` (in `0..<count`; anything else traps, as an array's subscript
    /// does). Setting one copies its page, or the last part, only.
    package subscript(position: Int) -> ManagedWindow {
        get {
            precondition(position >= 0 && position < endIndex, "window index out of range")
            if position >= paged { return last[position - paged] }
            return pages[position / Self.pageSize].value[position % Self.pageSize]
        }
        set {
            precondition(position >= 0 && position < endIndex, "window index out of range")
            if position >= paged {
                last[position - paged] = newValue
            } else {
                var page = pages[position / Self.pageSize].value
                page[position % Self.pageSize] = newValue
                pages[position / Self.pageSize] = SharedValue(page)
            }
        }
    }

    /// The position of the first window `predicate` accepts, page by page: each page's windows
    /// are read in place, not copied out (a planner's scans read a window's id or level).
    package func firstIndex(where predicate: (ManagedWindow) throws -> Bool) rethrows -> Int? {
        for (number, page) in pages.enumerated() {
            if let offset = try page.value.firstIndex(where: predicate) { return number * Self.pageSize + offset }
        }
        return try last.firstIndex(where: predicate).map { paged + $0 }
    }

    /// The first window `predicate` accepts, read as ``firstIndex(where:)`` reads them.
    package func first(where predicate: (ManagedWindow) throws -> Bool) rethrows -> ManagedWindow? {
        try firstIndex(where: predicate).map { self[$0] }
    }

    /// The last window `predicate` accepts, from the top down, read in place.
    package func last(where predicate: (ManagedWindow) throws -> Bool) rethrows -> ManagedWindow? {
        if let window = try last.last(where: predicate) { return window }
        for page in pages.reversed() {
            if let window = try page.value.last(where: predicate) { return window }
        }
        return nil
    }

    /// Lists are equal when their windows are, in order; shared pages are not read.
    package static func == (lhs: WindowList, rhs: WindowList) -> Bool {
        lhs.pages.count == rhs.pages.count && lhs.last == rhs.last
            && zip(lhs.pages, rhs.pages).allSatisfy { $0 === $1 || $0.value == $1.value }
    }

    /// Hashes the windows in order, as their array would.
    package func hash(into hasher: inout Hasher) {
        hasher.combine(count)
        for window in self { hasher.combine(window) }
    }

    /// The windows as an array literal prints them.
    package var description: String { Array(self).description }

    /// Appends `window` after the last.
    package mutating func append(_ window: ManagedWindow) {
        last.append(window)
        if last.count == Self.pageSize {
            pages.append(SharedValue(last))
            last = []
        }
    }

    /// Replaces the windows in `subrange` with `newWindows`, keeping the pages below the one
    /// `subrange` starts in (the windows from there on are laid out anew).
    package mutating func replaceSubrange(_ subrange: Range<Int>, with newWindows: some Collection<ManagedWindow>) {
        precondition(subrange.lowerBound >= 0 && subrange.upperBound <= endIndex, "window range out of bounds")
        let start = subrange.lowerBound - subrange.lowerBound % Self.pageSize
        var tail = Array(self[start..<subrange.lowerBound])
        tail.append(contentsOf: newWindows)
        tail.append(contentsOf: self[subrange.upperBound...])
        replaceTail(from: start, with: tail)
    }

    /// Lays `tail` out as the windows from `start` (a page's first position) on.
    private mutating func replaceTail(from start: Int, with tail: [ManagedWindow]) {
        if start < paged { pages.removeSubrange((start / Self.pageSize)...) }
        last = []
        fill(tail)
    }

    /// Lays `windows` out after the full pages, the list's last part being empty.
    private mutating func fill(_ windows: [ManagedWindow]) {
        var rest = windows[...]
        while rest.count >= Self.pageSize {
            pages.append(SharedValue(Array(rest.prefix(Self.pageSize))))
            rest = rest.dropFirst(Self.pageSize)
        }
        // The whole array when it is short: a list of a few windows is that array, uncopied.
        last = rest.count == windows.count ? windows : Array(rest)
    }

    /// Removes the windows `shouldRemove` picks, keeping the pages below the first of them.
    package mutating func removeAll(where shouldRemove: (ManagedWindow) throws -> Bool) rethrows {
        guard let first = try firstIndex(where: shouldRemove) else { return }
        replaceSubrange(first..<count, with: try self[first...].filter { try !shouldRemove($0) })
    }

    /// This list without `destroyed` and with `created` each in its level's place, as
    /// ``NavigationSnapshot/merged(_:removing:inserting:)`` places them. The pages below the
    /// first window the change touches are shared with this list.
    func merging(removing destroyed: [ManagedWindow], inserting created: [ManagedWindow]) -> WindowList {
        guard !(destroyed.isEmpty && created.isEmpty) else { return self }
        // Below `first`, no window closes and none stands at or above a new window's level, so the
        // merge leaves that part as it is.
        let lowestCreated = created.lazy.map(\.level).min()
        let first =
            firstIndex { window in
                destroyed.contains { $0.id == window.id } || lowestCreated.map { window.level >= $0 } ?? false
            } ?? count
        let start = first - first % Self.pageSize
        let tail = start == paged ? last : Array(self[start...])
        var result = self
        result.replaceTail(from: start, with: NavigationSnapshot.merged(tail, removing: destroyed, inserting: created))
        return result
    }

    /// How many pages this list shares with `other`, page for page from the bottom (the bench and
    /// the tests show what a change copies with it).
    package func sharedPages(with other: WindowList) -> Int {
        zip(pages, other.pages).prefix { $0 === $1 }.count
    }
}
