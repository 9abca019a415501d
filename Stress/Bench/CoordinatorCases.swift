import TestSupport
import TransitionCoordinator

/// The cases that drive a coordinator; each returns how many operations it ran.
enum CoordinatorCases {
    static let screen = Screen("bench")

    /// A coordinator on a no-op host with `levels` levels above the root (the built-in three when 3).
    static func coordinator(
        levels: Int = 3, queueLimit: Int = 32, eventBufferSize: Int = 256,
        host: (any WindowHost)? = NoopHost(), screens: ScreenRegistry = ScreenRegistry()
    ) async throws -> Coordinator {
        let configured =
            levels == 3
            ? WindowLevel.builtIn
            : (1...levels).map { WindowLevel("level\($0)", rawValue: $0 * 10) }
        let configuration = try CoordinatorConfiguration(
            levels: configured, historyLimit: 16, eventBufferSize: eventBufferSize,
            queueLimit: queueLimit)
        return await Coordinator(root: Screen("root"), configuration: configuration, host: host, screens: screens)
    }

    /// `pairs` unanimated push + pop pairs at `level`, one caller.
    static func pushPop(
        _ coordinator: Coordinator, at level: WindowLevel, pairs: Int,
        animator: (any Animator)? = nil
    ) async throws -> Int {
        let screen = Screen("bench-\(level.name)")
        for _ in 0..<pairs {
            try await coordinator.openWindow(screen, at: level, animator: animator)
            try await coordinator.closeWindow(at: level, animator: animator)
        }
        return pairs
    }

    /// A coordinator with 64 levels and a window up at each of the lowest 32.
    static func crowded() async throws -> (Coordinator, WindowLevel) {
        let coordinator = try await coordinator(levels: 64)
        let levels = coordinator.configuration.levels
        for (index, level) in levels.prefix(32).enumerated() {
            try await coordinator.openWindow(Screen("up\(index)"), at: level)
        }
        guard let top = levels.last else { throw BenchError.setup("no level configured") }
        return (coordinator, top)
    }

    /// `tasks` tasks each asking `each` pushes under `.reject` while a transition is held: every
    /// answer is busy.
    static func busyRejections(tasks: Int, each: Int) async throws -> Int {
        let coordinator = try await coordinator()
        let holding = GatedAnimator()
        let held = Task { try await coordinator.openWindow(Screen("held"), at: .high, animator: holding) }
        await holding.started()
        let rejected = await withTaskGroup(of: Int.self) { group in
            for _ in 0..<tasks {
                group.addTask {
                    var busy = 0
                    for _ in 0..<each {
                        do throws(TransitionError) {
                            try await coordinator.openWindow(screen, at: .low)
                        } catch {
                            if case .refused(.busy) = error { busy += 1 }
                        }
                    }
                    return busy
                }
            }
            return await group.reduce(0, +)
        }
        holding.open()
        _ = try await held.value
        guard rejected == tasks * each else {
            throw BenchError.unexpected("\(tasks * each - rejected) requests were not refused as busy")
        }
        return rejected
    }

    /// `tasks` tasks × `each` reads of a coordinator's property: an actor call through its executor.
    static func getters(tasks: Int, each: Int) async throws -> Int {
        let coordinator = try await coordinator()
        await withTaskGroup(of: Void.self) { group in
            for _ in 0..<tasks {
                group.addTask { for _ in 0..<each { _ = await coordinator.peakQueueDepth } }
            }
        }
        return tasks * each
    }

    /// `tasks` tasks × `each` `.enqueue` requests, each task pushing and popping at a level of its own.
    static func enqueued(tasks: Int, each: Int) async throws -> Int {
        let coordinator = try await coordinator(levels: tasks, queueLimit: tasks * 2)
        let levels = coordinator.configuration.levels
        try await withThrowingTaskGroup(of: Void.self) { group in
            for level in levels {
                group.addTask {
                    let screen = Screen("bench-\(level.name)")
                    for index in 0..<each {
                        if index.isMultiple(of: 2) {
                            try await coordinator.openWindow(screen, at: level, policy: .enqueue)
                        } else {
                            try await coordinator.closeWindow(at: level, policy: .enqueue)
                        }
                    }
                }
            }
            try await group.waitForAll()
        }
        return tasks * each
    }

    /// Fills the queue with `count` waiters behind a held transition; returns the time to fill
    /// and the resident memory the waiters added, then cancels them and lets the held one end.
    static func fillQueue(_ count: Int) async throws -> (duration: Duration, bytes: Int) {
        let coordinator = try await coordinator(queueLimit: count + 1)
        let holding = GatedAnimator()
        let held = Task { try await coordinator.openWindow(Screen("held"), at: .high, animator: holding) }
        await holding.started()
        Memory.trim()
        let before = Memory.resident()
        let clock = ContinuousClock()
        let start = clock.now
        var waiters: [Task<Void, any Error>] = []
        waiters.reserveCapacity(count)
        for index in 0..<count {
            waiters.append(Task { try await coordinator.openWindow(Screen("w\(index)"), at: .low, policy: .enqueue) })
        }
        while await coordinator.peakQueueDepth < count { await Task.yield() }
        let duration = start.duration(to: clock.now)
        let bytes = Memory.resident() - before
        for waiter in waiters { waiter.cancel() }
        for waiter in waiters { _ = try? await waiter.value }
        holding.open()
        _ = try await held.value
        return (duration, bytes)
    }

    /// `pairs` push + pop pairs with `subscribers` tasks draining the event stream; returns once
    /// every subscriber saw every event.
    static func withSubscribers(_ subscribers: Int, pairs: Int) async throws -> Int {
        let coordinator = try await coordinator(eventBufferSize: pairs * 4 + 16)
        let expected = pairs * 4
        let streams = (0..<subscribers).map { _ in coordinator.events() }
        try await withThrowingTaskGroup(of: Void.self) { group in
            for stream in streams {
                group.addTask {
                    var seen = 0
                    for await _ in stream {
                        seen += 1
                        if seen == expected { return }
                    }
                    throw BenchError.unexpected("a subscriber's stream ended after \(seen) of \(expected) events")
                }
            }
            _ = try await pushPop(coordinator, at: .low, pairs: pairs)
            try await group.waitForAll()
        }
        return pairs
    }
}

/// What can go wrong while benchmarking (never expected: each is a bug in the bench or the library).
enum BenchError: Error, CustomStringConvertible {
    case setup(String)
    case unexpected(String)

    var description: String {
        switch self {
        case .setup(let what): "bench setup failed: \(what)"
        case .unexpected(let what): "bench saw something unexpected: \(what)"
        }
    }
}
