/// A binary min-heap in an array: the least element in O(1), insert and remove-the-least in
/// O(log n).
///
/// Inserting an element no smaller than every other one (the next arrival in a wait lane) costs one
/// comparison, so a lane filled in arrival order is filled in O(1) per entry. Elements equal under
/// `<` come out in no particular order; the wait queue's entries never compare equal (each has its
/// own arrival sequence). The array shrinks when it is mostly empty, so a heap that once held many
/// elements does not keep their room.
package struct MinHeap<Element: Comparable> {
    /// The elements in heap order: each is no greater than its children at `2i + 1` and `2i + 2`.
    private(set) var elements: [Element] = []

    /// The capacity under which the array is never shrunk.
    private static var smallCapacity: Int { 32 }

    /// An empty heap.
    package init() {}

    /// How many elements the heap holds.
    package var count: Int { elements.count }

    /// Whether the heap holds no element.
    package var isEmpty: Bool { elements.isEmpty }

    /// How many elements the heap's array has room for without growing.
    var capacity: Int { elements.capacity }

    /// The least element, if any.
    package var min: Element? { elements.first }

    /// Adds `element`; O(log n), O(1) when it is no smaller than any other.
    package mutating func insert(_ element: Element) {
        elements.append(element)
        siftUp(from: elements.count - 1)
    }

    /// Removes and returns the least element (nil when empty); O(log n) amortized.
    @discardableResult
    package mutating func removeMin() -> Element? {
        guard let last = elements.popLast() else { return nil }
        guard let least = elements.first else {
            shrinkIfSparse()
            return last
        }
        elements[0] = last
        siftDown(from: 0)
        shrinkIfSparse()
        return least
    }

    /// Removes every element `shouldRemove` picks and rebuilds the heap in O(n), in an array just big
    /// enough for what is left. `shouldRemove` sees each element once.
    mutating func removeAll(where shouldRemove: (Element) -> Bool) {
        var kept: [Element] = []
        kept.reserveCapacity(Swift.max(elements.count / 2, 1))
        for element in elements where !shouldRemove(element) { kept.append(element) }
        elements = kept.count * 2 < kept.capacity ? Self.tight(kept) : kept
        var index = elements.count / 2
        while index > 0 {
            index -= 1
            siftDown(from: index)
        }
    }

    /// Moves the element at `index` up until its parent is no greater.
    private mutating func siftUp(from index: Int) {
        var child = index
        while child > 0 {
            let parent = (child - 1) / 2
            guard elements[child] < elements[parent] else { return }
            elements.swapAt(child, parent)
            child = parent
        }
    }

    /// Moves the element at `index` down until no child is smaller.
    private mutating func siftDown(from index: Int) {
        var parent = index
        while true {
            let left = 2 * parent + 1
            guard left < elements.count else { return }
            let right = left + 1
            let least = right < elements.count && elements[right] < elements[left] ? right : left
            guard elements[least] < elements[parent] else { return }
            elements.swapAt(parent, least)
            parent = least
        }
    }

    /// Halves the array's room when it is at most a quarter full (amortized O(1) per removal).
    private mutating func shrinkIfSparse() {
        guard elements.capacity > Self.smallCapacity, elements.count * 4 <= elements.capacity else { return }
        elements = Self.tight(elements)
    }

    /// A copy of `elements` in a new array with room for twice as many.
    private static func tight(_ elements: [Element]) -> [Element] {
        var copy: [Element] = []
        copy.reserveCapacity(Swift.max(elements.count * 2, 1))
        copy.append(contentsOf: elements)
        return copy
    }
}

extension MinHeap: Sendable where Element: Sendable {}
