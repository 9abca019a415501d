import Testing
import TransitionCoordinator

/// `Locked`: the lock every piece of shared state in the library sits behind.
@Suite("Locked")
struct LockedTests {
    private struct Boom: Error, Equatable {}

    @Test("64 tasks incrementing a locked counter 1,000 times each lose no update")
    func noLostUpdates() async {
        let counter = Locked(0)
        await withTaskGroup(of: Void.self) { group in
            for _ in 0..<64 {
                group.addTask {
                    for _ in 0..<1_000 { counter.withLock { $0 += 1 } }
                }
            }
        }
        #expect(counter.withLock { $0 } == 64_000)
    }

    @Test("withLock returns what its body returns and keeps what the body changed")
    func returnsAndKeeps() {
        let names = Locked(["a"])
        let count = names.withLock { names in
            names.append("b")
            return names.count
        }
        #expect(count == 2)
        #expect(names.withLock { $0 } == ["a", "b"])
    }

    @Test("an error thrown by the body comes out with its own type, and the lock is released")
    func typedThrowReleasesLock() {
        let value = Locked(1)
        do throws(Boom) {
            try value.withLock { (value: inout Int) throws(Boom) in
                value = 2
                throw Boom()
            }
            Issue.record("the body's error was not rethrown")
        } catch {
            let typed: Boom = error // compiles only because the error keeps its type
            #expect(typed == Boom())
        }
        // Were the lock still held, relocking it on this thread would trap.
        #expect(value.withLock { $0 } == 2, "a change made before the throw is kept")
    }

    @Test("a lock is Sendable when its value is, and is freed once the last reference goes")
    func sendableAndFreed() {
        func requireSendable(_: some Sendable) {}
        weak var dropped: Locked<Int>?
        do {
            let lock = Locked(0)
            requireSendable(lock)
            dropped = lock
            lock.withLock { $0 += 1 }
        }
        #expect(dropped == nil)
    }

    @Test("a nested withLock on the same lock stops the process instead of hanging")
    func reentrancyTraps() async {
        await #expect(processExitsWith: .failure) {
            let lock = Locked(0)
            lock.withLock { _ in lock.withLock { $0 += 1 } }
        }
    }
}
