/// A snapshot's windows, bottom to top, stored so that a transition copies a few of them, not all.
///
/// Up to ``chunkCapacity`` windows (8 unless the harness asks for fewer: an app's usual state)
/// are one array, as a `[Window]` was. Beyond that they are chunks of at most ``chunkCapacity``
/// windows each: a change copies the chunks it touches and the list of chunks, and shares the
/// rest with the state it came from.
/// With 32 windows up, a push or a pop copies (and, once its record leaves the history, frees)
/// about 12 references instead of 32.
///
/// The windows are kept in the order given, whatever it is: a snapshot still holds any array it
/// was built from (the invariant tests build bad ones). Only ``inLevelOrder(at:)`` assumes level
/// order, as ``NavigationSnapshot/windowInLevelOrder(at:)`` documents.
struct WindowList: Sendable, Sequence {
    /// The ``chunkCapacity`` of the lists a coordinator makes, unless its harness sets another.
    static let defaultChunkCapacity = 8

    fileprivate enum Storage: Sendable {
        /// At most ``chunkCapacity`` windows.
        case flat([Window])
        /// More than ``chunkCapacity`` windows, in chunks of 1 to ``chunkCapacity`` each.
        case chunked([Chunk])
    }

    /// Some windows of a chunked list, with the bounds a merge or a search checks before it reads
    /// them: a chunk a change cannot touch is passed by these alone, its windows unread.
    fileprivate struct Chunk: Sendable {
        /// The chunk's windows, in the list's order.
        let windows: [Window]
        /// The highest level's raw value among ``windows``.
        let highestLevel: Int
        /// The lowest and highest ids among ``windows``.
        let lowestID: UInt64, highestID: UInt64

        /// `windows` (at least one) and their bounds, read in one pass.
        init(_ windows: [Window]) {
            var highestLevel = Int.min, lowestID = UInt64.max, highestID = UInt64.min
            for index in windows.indices {
                highestLevel = Swift.max(highestLevel, windows[index].level.rawValue)
                lowestID = Swift.min(lowestID, windows[index].id.rawValue)
                highestID = Swift.max(highestID, windows[index].id.rawValue)
            }
            self.windows = windows
            self.highestLevel = highestLevel
            self.lowestID = lowestID
            self.highestID = highestID
        }

        var count: Int { windows.count }
    }

    private var storage: Storage

    /// The most windows one chunk holds, and the most the list holds as one array; kept by every
    /// list made from this one. The harness runs with 3, so that its few windows are chunked and
    /// every path here is exercised (the digest is the same as with 8: chunks are never seen).
    let chunkCapacity: Int

    /// The list of `windows`, in their order, chunked at `chunkCapacity` (at least 2).
    init(_ windows: [Window], chunkCapacity: Int = Self.defaultChunkCapacity) {
        self.chunkCapacity = Swift.max(2, chunkCapacity)
        storage = windows.count <= self.chunkCapacity ? .flat(windows)
            : .chunked(Self.split(windows[...], capacity: self.chunkCapacity))
    }

    /// The windows as one array: free for a list of up to ``chunkCapacity``, a copy beyond.
    var array: [Window] {
        switch storage {
        case .flat(let windows): windows
        case .chunked(let chunks): Array(chunks.lazy.map(\.windows).joined())
        }
    }

    /// How many windows the list holds.
    var count: Int {
        switch storage {
        case .flat(let windows): windows.count
        case .chunked(let chunks): chunks.reduce(0) { $0 + $1.count }
        }
    }

    /// Whether the list holds chunks rather than one array (for tests).
    var isChunked: Bool {
        if case .chunked = storage { true } else { false }
    }

    /// The chunks' sizes, bottom to top; one entry for a list held as one array (for tests).
    var chunkSizes: [Int] {
        switch storage {
        case .flat(let windows): [windows.count]
        case .chunked(let chunks): chunks.map(\.count)
        }
    }

    /// Where each chunk's windows lie, bottom to top (for tests: a chunk a merge kept lies where
    /// it lay in the list it came from).
    var chunkAddresses: [UnsafeRawPointer?] {
        switch storage {
        case .flat(let windows): [windows.withUnsafeBufferPointer { UnsafeRawPointer($0.baseAddress) }]
        case .chunked(let chunks): chunks.map { chunk in chunk.windows.withUnsafeBufferPointer { UnsafeRawPointer($0.baseAddress) } }
        }
    }

    // MARK: Reading without copying the list

    /// Calls `body` with each array the windows lie in, bottom to top, until it returns false.
    @inline(__always)
    private func forEachChunk(_ body: ([Window]) -> Bool) {
        switch storage {
        case .flat(let windows): _ = body(windows)
        case .chunked(let chunks): for chunk in chunks where !body(chunk.windows) { return }
        }
    }

    /// The first window, bottom up, that satisfies `predicate`.
    func first(where predicate: (Window) -> Bool) -> Window? {
        var found: Window?
        forEachChunk { chunk in
            guard let index = chunk.firstIndex(where: predicate) else { return true }
            found = chunk[index]
            return false
        }
        return found
    }

    /// Whether a window satisfies `predicate`.
    func contains(where predicate: (Window) -> Bool) -> Bool {
        var found = false
        forEachChunk { chunk in
            found = chunk.contains(where: predicate)
            return !found
        }
        return found
    }

    /// The position of the first window, bottom up, that satisfies `predicate`.
    func firstIndex(where predicate: (Window) -> Bool) -> Int? {
        var base = 0, found: Int?
        forEachChunk { chunk in
            if let index = chunk.firstIndex(where: predicate) { found = base + index; return false }
            base += chunk.count
            return true
        }
        return found
    }

    /// `transform` of the top-most window whose `transform` is not nil: a search from the top
    /// that copies nothing it does not return.
    func last<Found>(_ transform: (Window) -> Found?) -> Found? {
        switch storage {
        case .flat(let windows): return Self.last(in: windows, transform)
        case .chunked(let chunks):
            var index = chunks.endIndex
            while index > chunks.startIndex {
                index -= 1
                if let found = Self.last(in: chunks[index].windows, transform) { return found }
            }
            return nil
        }
    }

    private static func last<Found>(in windows: [Window], _ transform: (Window) -> Found?) -> Found? {
        var index = windows.endIndex
        while index > windows.startIndex {
            index -= 1
            if let found = transform(windows[index]) { return found }
        }
        return nil
    }

    /// The window at `level` by binary search, for a list in level order with one window a
    /// level; on a list out of that order it may miss a window.
    func inLevelOrder(at level: WindowLevel) -> Window? {
        switch storage {
        case .flat(let windows): return Self.inLevelOrder(at: level, in: windows)
        case .chunked(let chunks):
            // The first chunk whose top window is not below `level` is the only one that may hold it
            // (found by the chunks' bounds: no chunk's windows are read but that one's).
            var low = 0, high = chunks.count
            while low < high {
                let middle = (low + high) / 2
                if chunks[middle].highestLevel < level.rawValue { low = middle + 1 } else { high = middle }
            }
            return low < chunks.endIndex ? Self.inLevelOrder(at: level, in: chunks[low].windows) : nil
        }
    }

    private static func inLevelOrder(at level: WindowLevel, in windows: [Window]) -> Window? {
        var low = 0, high = windows.count
        while low < high {
            let middle = (low + high) / 2
            if windows[middle].level.rawValue < level.rawValue { low = middle + 1 } else { high = middle }
        }
        return low < windows.endIndex && windows[low].level == level ? windows[low] : nil
    }

    // MARK: Changing

    /// Changes the window at `position` (counted bottom up, as in ``array``) with `body`,
    /// copying only the chunk it lies in.
    mutating func update(at position: Int, _ body: (inout Window) -> Void) {
        switch storage {
        case .flat(var windows):
            storage = .flat([])   // `windows` is then the array's only reference, changed in place
            body(&windows[position])
            storage = .flat(windows)
        case .chunked(var chunks):
            storage = .flat([])
            var base = 0
            for index in chunks.indices {
                if position < base + chunks[index].count {
                    var windows = chunks[index].windows
                    chunks[index] = Chunk([])   // `windows` is then the chunk's only reference
                    body(&windows[position - base])
                    chunks[index] = Chunk(windows)
                    break
                }
                base += chunks[index].count
            }
            storage = .chunked(chunks)
        }
    }

    /// The list without `destroyed` and with `created` each in its level's place, copying only
    /// the chunks that change; see ``merged(_:removing:inserting:)`` for where a window goes.
    ///
    /// In a build with the harness's mutants (`TC_MUTANTS`), the `staleChunk` mutant keeps a chunk
    /// that only loses a window as it was.
    func merged(removing destroyed: [Window], inserting created: [Window]) -> WindowList {
        switch storage {
        case .flat(let windows):
            return WindowList(Self.merged(windows, removing: destroyed, inserting: created), chunkCapacity: chunkCapacity)
        case .chunked(let chunks):
            let incoming = created.count > 1 ? created.sorted { $0.level < $1.level } : created
            let removal = Removal(destroyed)
            var next = incoming.startIndex
            var result: [Chunk] = []
            result.reserveCapacity(chunks.count + 1)
            #if TC_MUTANTS
            let removes = !Mutations.planted.contains(.staleChunk)
            #else
            let removes = true
            #endif
            // Each chunk is retained once as it passes, and kept by `result` when it does not change.
            for chunk in chunks {
                // A chunk is kept as it is unless a window may leave it (a destroyed id within its
                // ids' bounds) or a new one goes in it (one stands below the first window at its
                // level or above, so in this chunk if its highest level is not below): its bounds
                // decide, its windows unread. A chunk rebuilt needlessly comes out the same.
                let inserts = next < incoming.endIndex && incoming[next].level.rawValue <= chunk.highestLevel
                guard inserts || (removes && removal.mayRemove(from: chunk)) else {
                    result.append(chunk)
                    continue
                }
                Self.append(Self.merged(chunk.windows, removal: removal, incoming: incoming, next: &next, flushing: false),
                            to: &result, capacity: chunkCapacity)
            }
            if next < incoming.endIndex {
                var last = result.popLast()?.windows ?? []
                last.append(contentsOf: incoming[next...])
                Self.append(last, to: &result, capacity: chunkCapacity)
            }
            let total = result.reduce(0) { $0 + $1.count }
            return total <= chunkCapacity ? WindowList(Array(result.lazy.map(\.windows).joined()), chunkCapacity: chunkCapacity)
                : WindowList(storage: .chunked(result), chunkCapacity: chunkCapacity)
        }
    }

    private init(storage: Storage, chunkCapacity: Int) {
        self.storage = storage
        self.chunkCapacity = chunkCapacity
    }

    /// `windows` (bottom to top) without `destroyed` and with `created` each in its level's place,
    /// built in one pass into a new array: a new window stands below the first staying window at
    /// its level or above. Each staying window is copied once, by specialized code (a removal and
    /// an insertion on a shared array would copy it through the runtime's generic copy, then move
    /// it again).
    static func merged(_ windows: [Window], removing destroyed: [Window], inserting created: [Window]) -> [Window] {
        let incoming = created.count > 1 ? created.sorted { $0.level < $1.level } : created
        var next = incoming.startIndex
        return merged(windows, removal: Removal(destroyed), incoming: incoming, next: &next, flushing: true)
    }

    /// The windows a merge removes: one compared by id, several looked up in a set.
    private struct Removal {
        let gone: WindowID?
        let goneSet: Set<WindowID>
        /// The lowest and highest id removed (`lowest > highest` when none is).
        let lowest: UInt64, highest: UInt64
        init(_ destroyed: [Window]) {
            gone = destroyed.count == 1 ? destroyed.first?.id : nil
            goneSet = destroyed.count > 1 ? Set(destroyed.map(\.id)) : []
            lowest = destroyed.lazy.map(\.id.rawValue).min() ?? .max
            highest = destroyed.lazy.map(\.id.rawValue).max() ?? .min
        }
        @inline(__always)
        func removes(_ id: WindowID) -> Bool { id == gone || (!goneSet.isEmpty && goneSet.contains(id)) }
        /// Whether `chunk` may hold a removed window: their ids' bounds overlap.
        @inline(__always)
        func mayRemove(from chunk: Chunk) -> Bool { lowest <= chunk.highestID && chunk.lowestID <= highest }
    }

    /// `windows` without `removal`'s and with `incoming[next...]` inserted where they go, advancing
    /// `next` past those inserted; the rest of `incoming` is appended when `flushing`.
    private static func merged(_ windows: [Window], removal: Removal, incoming: [Window], next: inout Int,
                               flushing: Bool) -> [Window] {
        var result: [Window] = []
        result.reserveCapacity(windows.count + incoming.count - next)
        for window in windows {
            if removal.removes(window.id) { continue }
            while next < incoming.endIndex, !(incoming[next].level > window.level) {
                result.append(incoming[next])
                next += 1
            }
            result.append(window)
        }
        if flushing {
            while next < incoming.endIndex {
                result.append(incoming[next])
                next += 1
            }
        }
        return result
    }

    /// Appends a changed chunk to `chunks`: dropped when empty, split when over capacity, and
    /// joined to the chunk below when both fit in one and it is under half full (so chunks do
    /// not shrink to a window each as windows come and go).
    private static func append(_ chunk: [Window], to chunks: inout [Chunk], capacity: Int) {
        if chunk.isEmpty { return }
        if chunk.count > capacity {
            chunks.append(contentsOf: split(chunk[...], capacity: capacity))
        } else if chunk.count < capacity / 2, let below = chunks.last, below.count + chunk.count <= capacity {
            chunks[chunks.count - 1] = Chunk(below.windows + chunk)
        } else {
            chunks.append(Chunk(chunk))
        }
    }

    /// `windows` in as few chunks as hold them, of nearly equal sizes.
    private static func split(_ windows: ArraySlice<Window>, capacity: Int) -> [Chunk] {
        let pieces = (windows.count + capacity - 1) / capacity
        var chunks: [Chunk] = []
        chunks.reserveCapacity(pieces)
        var start = windows.startIndex
        for piece in 0..<pieces {
            let size = (windows.count - (start - windows.startIndex)) / (pieces - piece)
            chunks.append(Chunk(Array(windows[start..<start + size])))
            start += size
        }
        return chunks
    }

    // MARK: Sequence

    /// Walks the windows bottom to top.
    struct Iterator: IteratorProtocol {
        private let chunks: [Chunk]
        private var chunk = 0
        private var current: IndexingIterator<[Window]>

        fileprivate init(_ storage: Storage) {
            switch storage {
            case .flat(let windows):
                chunks = []
                current = windows.makeIterator()
            case .chunked(let chunks):
                self.chunks = chunks
                current = (chunks.first?.windows ?? []).makeIterator()
            }
        }

        mutating func next() -> Window? {
            while true {
                if let window = current.next() { return window }
                chunk += 1
                guard chunk < chunks.endIndex else { return nil }
                current = chunks[chunk].windows.makeIterator()
            }
        }
    }

    func makeIterator() -> Iterator { Iterator(storage) }

    var underestimatedCount: Int { count }
}
