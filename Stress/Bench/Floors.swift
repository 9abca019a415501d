import TransitionCoordinator

/// The floors every case is held against: what Swift concurrency itself charges, in our own code.
enum Floors {
    /// An actor with one counter: the cost of a bare `await actor.f()`.
    actor Counter {
        private var count = 0
        func touch() { count &+= 1 }
    }

    /// An actor that serializes one suspension with an in-flight flag, refusing overlap: the
    /// least a coordinator that awaits a one-suspension animator can cost.
    actor InFlightFlag {
        private var busy = false
        func run() async -> Bool {
            guard !busy else { return false }
            busy = true
            await Task.yield()
            busy = false
            return true
        }
    }

    /// A first-in first-out async lock over continuations: what waiting in line costs at least.
    final class ContinuationFIFO: Sendable {
        private struct State {
            var held = false
            var waiters: [CheckedContinuation<Void, Never>] = []
            var head = 0
        }

        private let state = Locked(State())

        func acquire() async {
            await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                let now: Bool = state.withLock { state in
                    guard state.held else {
                        state.held = true
                        return true
                    }
                    state.waiters.append(continuation)
                    return false
                }
                if now { continuation.resume() }
            }
        }

        func release() {
            let next: CheckedContinuation<Void, Never>? = state.withLock { state in
                guard state.head < state.waiters.count else {
                    state.held = false
                    state.waiters.removeAll(keepingCapacity: true)
                    state.head = 0
                    return nil
                }
                defer { state.head += 1 }
                return state.waiters[state.head]
            }
            next?.resume()
        }
    }

    /// `count` tasks waiting in a continuation FIFO held by the bench: the time to fill it and the
    /// resident memory they add (each a task suspended on one continuation), then all released.
    static func fillFIFO(_ count: Int) async -> (duration: Duration, bytes: Int) {
        let lock = ContinuationFIFO()
        await lock.acquire()
        Memory.trim()
        let before = Memory.resident()
        let clock = ContinuousClock()
        let start = clock.now
        let arrived = Locked(0)
        var waiters: [Task<Void, Never>] = []
        waiters.reserveCapacity(count)
        for _ in 0..<count {
            waiters.append(
                Task {
                    arrived.withLock { $0 += 1 }
                    await lock.acquire()
                    lock.release()
                })
        }
        while arrived.withLock({ $0 }) < count { await Task.yield() }
        let duration = start.duration(to: clock.now)
        let bytes = Memory.resident() - before
        lock.release()
        for waiter in waiters { await waiter.value }
        return (duration, bytes)
    }

    /// `count` bare actor calls from one caller.
    static func actorCalls(_ count: Int) async -> Int {
        let counter = Counter()
        for _ in 0..<count { await counter.touch() }
        return count
    }

    /// An actor that runs each one-suspension operation in a task of its own and awaits it through
    /// a continuation: the least an awaiter that can walk away from a stuck operation (at a
    /// timeout) pays, since the operation cannot run in the awaiting task.
    actor AbandonableFlag {
        private var busy = false
        func run() async -> Bool {
            guard !busy else { return false }
            busy = true
            await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                Task.detached {
                    await Task.yield()
                    continuation.resume()
                }
            }
            busy = false
            return true
        }
    }

    /// `count` one-suspension operations, each in a task of its own, serialized by an in-flight flag.
    static func abandonable(_ count: Int) async -> Int {
        let flag = AbandonableFlag()
        return await repeated(count) { await flag.run() }
    }

    /// `tasks` × `each` bare actor calls to one actor, every task at once: the contended floor.
    static func contendedActorCalls(tasks: Int, each: Int) async -> Int {
        let counter = Counter()
        await withTaskGroup(of: Void.self) { group in
            for _ in 0..<tasks {
                group.addTask { for _ in 0..<each { await counter.touch() } }
            }
        }
        return tasks * each
    }

    /// `count` one-suspension operations serialized by an in-flight flag, one caller.
    static func flagged(_ count: Int) async -> Int {
        let flag = InFlightFlag()
        return await repeated(count) { await flag.run() }
    }

    /// Runs `operation` `count` times from one caller; returns how many ran (were not refused).
    private static func repeated(_ count: Int, _ operation: () async -> Bool) async -> Int {
        var done = 0
        for _ in 0..<count where await operation() { done += 1 }
        return done
    }

    /// `tasks` × `each` one-suspension operations under a continuation FIFO.
    static func fifo(tasks: Int, each: Int) async -> Int {
        let lock = ContinuationFIFO()
        await withTaskGroup(of: Void.self) { group in
            for _ in 0..<tasks {
                group.addTask {
                    for _ in 0..<each {
                        await lock.acquire()
                        await Task.yield()
                        lock.release()
                    }
                }
            }
        }
        return tasks * each
    }
}
