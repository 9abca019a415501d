import TransitionCoordinator

/// The containers' cases: a push and pop on a stack, `setStack` on long stacks, and what a screen
/// in a stack costs in memory.
enum ContainerCases {
    /// Where a `setStack` changes a long stack.
    enum End: String {
        case top, bottom
    }

    /// A coordinator on a no-op host whose root window shows the stack `bench` of `count` screens.
    static func coordinator(stackOf count: Int = 1) async throws -> Coordinator {
        let configuration = try CoordinatorConfiguration(levels: WindowLevel.builtIn, historyLimit: 16)
        let screens = items(count)
        let stack = StackContainer(id: "bench", root: screens[0], pushed: Array(screens.dropFirst()))
        return try await Coordinator(root: .stack(stack), configuration: configuration, host: NoopHost())
    }

    /// `count` screens with distinct ids, `s0`…
    static func items(_ count: Int, prefix: String = "s") -> [Screen] {
        (0..<max(1, count)).map { Screen("item", id: ScreenID("\(prefix)\($0)")) }
    }

    /// `pairs` unanimated pushes and pops on the root window's stack, one caller.
    static func pushPop(_ coordinator: Coordinator, pairs: Int) async throws -> Int {
        let stack = coordinator.stack("bench"), screen = Screen("pushed")
        for _ in 0..<pairs {
            try await stack.push(screen)
            try await stack.pop()
        }
        return pairs
    }

    /// `changes` `setStack`s on a stack of `size`, alternating between two lists that differ in
    /// one screen at `end`: each is diffed against the whole stack and applied as one transition.
    static func setStack(_ coordinator: Coordinator, size: Int, at end: End, changes: Int) async throws -> Int {
        let base = items(size)
        var other = base
        switch end {
        case .top: other[other.count - 1] = Screen("item", id: "changed")
        case .bottom: other[0] = Screen("item", id: "changed")
        }
        let stack = coordinator.stack("bench")
        for change in 0..<changes {
            try await stack.setStack(change.isMultiple(of: 2) ? other : base)
        }
        return changes
    }

    /// A coordinator on the default host (``InMemoryHost``, the one a coordinator made without a
    /// host keeps) whose root window shows the stack `bench` of `count` screens.
    static func defaultHostCoordinator(stackOf count: Int) async throws -> Coordinator {
        let configuration = try CoordinatorConfiguration(levels: WindowLevel.builtIn, historyLimit: 16)
        let screens = items(count)
        let stack = StackContainer(id: "bench", root: screens[0], pushed: Array(screens.dropFirst()))
        return try await Coordinator(root: .stack(stack), configuration: configuration)
    }

    /// `changes` `setStack`s on a stack of `size` that replace every item, alternating between two
    /// lists that share no screen: each destroys and creates `size` screens at the host.
    static func replaceEvery(_ coordinator: Coordinator, size: Int, changes: Int) async throws -> Int {
        let lists = [items(size, prefix: "a"), items(size)]
        let stack = coordinator.stack("bench")
        for change in 0..<changes { try await stack.setStack(lists[change % 2]) }
        return changes
    }

    /// A stack of `count` screens set at once on a coordinator: the time of the `setStack`, and the
    /// resident bytes per screen the coordinator keeps (its snapshot, its container actor, the
    /// record in its history, sharing one list), measured after the allocator handed freed memory back.
    /// Returns the nanoseconds and the bytes per screen.
    static func bigStack(_ count: Int) async throws -> (nanoseconds: Double, bytes: Double) {
        let coordinator = try await coordinator(stackOf: 1)
        Memory.trim()
        let before = Memory.resident()
        let clock = ContinuousClock()
        var elapsed = Duration.zero
        do {
            // The caller's list is dropped before the reading: what stays is what the coordinator keeps.
            let screens = items(count, prefix: "m")
            let start = clock.now
            try await coordinator.stack("bench").setStack(screens)
            elapsed = start.duration(to: clock.now)
        }
        Memory.trim()
        let after = Memory.resident()
        withExtendedLifetime(coordinator) {}
        return (nanoseconds(elapsed) / Double(count), Double(after - before) / Double(count))
    }
}
