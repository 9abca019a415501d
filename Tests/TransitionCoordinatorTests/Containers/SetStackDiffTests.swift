import Testing

@testable import TransitionCoordinator

/// `setStack` on long stacks: duplicates are found wherever they are, though only what changed is
/// hashed; departures and arrivals are found by skipping the ends both stacks share.
@Suite("setStack on long stacks")
struct SetStackDiffTests {
    static let old = (0..<40).map { Screen("item", id: ScreenID("s\($0)")) }

    static func replacing(_ index: Int, with id: ScreenID) -> [Screen] {
        var items = old
        items[index] = Screen("item", id: id)
        return items
    }

    @Test(
        "a duplicate id is found in the changed middle, between the middle and the kept ends, or anywhere in a large change",
        arguments: [
            (replacing(20, with: "s3"), ScreenID?.some("s3")), // the middle repeats a kept bottom item
            (replacing(20, with: "s39"), .some("s39")), // … a kept top item
            (replacing(0, with: "new"), nil), // a change at the bottom, no duplicate
            (replacing(39, with: "new"), nil), // a change at the top, no duplicate
            (old + [Screen("item", id: "x"), Screen("item", id: "x")], .some("x")), // twice in the middle
            (old.reversed() + [old[0]], .some("s0")), // a large change: the set finds it
            (old, nil), // nothing changed
        ])
    func duplicates(items: [Screen], expected: ScreenID?) {
        #expect(ContainerPlanner.firstDuplicate(in: items, replacing: Self.old)?.id == expected)
    }

    @Test("a change at either end departs and arrives only the screen that changed")
    func endsSkipped() {
        let before = WindowContent.stack(StackContainer(id: "long", unchecked: Self.old))
        for index in [0, 20, 39] {
            let after = WindowContent.stack(StackContainer(id: "long", unchecked: Self.replacing(index, with: "new")))
            let (departed, arrived) = ContentChange.difference(before, after)
            #expect(departed == [Self.old[index]] && arrived == [Screen("item", id: "new")], "at \(index)")
        }
        let shorter = WindowContent.stack(StackContainer(id: "long", unchecked: Array(Self.old.prefix(10))))
        #expect(ContentChange.difference(before, shorter).departed == Array(Self.old.dropFirst(10)))
        #expect(ContentChange.difference(shorter, before).arrived == Array(Self.old.dropFirst(10)))
    }
}
