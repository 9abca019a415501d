import Foundation
import TransitionCoordinator

/// Runs independent seeds side by side: one thread of its own per core, each taking the next seed
/// until none is left.
///
/// A simulation drives its whole run on the thread that calls it, with a scheduler, executors and
/// a clock of its own (``StressRunner/simulate(_:)``), so two seeds on two threads share nothing
/// but the process: each gives the digest it gives alone. The threads are not the cooperative
/// pool's, whose width a blocked simulation would take from the rest of the process.
enum SeedLanes {
    /// How many seeds run at once: the cores this process may use.
    static var width: Int { max(1, ProcessInfo.processInfo.activeProcessorCount) }

    /// `body` applied to each of `seeds`, on up to `width` threads at once; the results in the
    /// order of `seeds`. Blocks the calling thread until every seed has run.
    static func map<Result: Sendable>(
        _ seeds: [UInt64], width: Int = width, _ body: @escaping @Sendable (UInt64) -> Result
    ) -> [Result] {
        let lanes = min(width, seeds.count)
        guard lanes > 1 else { return seeds.map(body) }
        let board = Locked(Board<Result>(count: seeds.count))
        let done = DispatchGroup()
        for _ in 0..<lanes {
            done.enter()
            let lane = Thread {
                while let index = board.withLock({ $0.take() }) {
                    let result = body(seeds[index])
                    board.withLock { $0.results[index] = result }
                }
                done.leave()
            }
            // A simulation's tasks run on this thread's stack: as deep as the main thread's.
            lane.stackSize = 8 << 20
            lane.start()
        }
        done.wait()
        let results = board.withLock { $0.results.compactMap { $0 } }
        precondition(results.count == seeds.count, "a lane ended before its seed's result came back")
        return results
    }

    /// The seeds handed out so far and the results come back.
    private struct Board<Result: Sendable>: Sendable {
        var next = 0
        var results: [Result?]

        init(count: Int) { results = Array(repeating: nil, count: count) }

        /// The index of the next seed to run; nil once every seed is taken.
        mutating func take() -> Int? {
            guard next < results.count else { return nil }
            defer { next += 1 }
            return next
        }
    }
}
