import TestSupport
import Testing

@testable import TransitionCoordinator

/// The coordinator's one timer: alarms fire at their deadline, never late, and only while armed.
@Suite("Watchdog")
struct WatchdogTests {
    static let long = Duration.seconds(10), short = Duration.seconds(2)

    /// A watchdog on a test clock whose shortest timeout is ``short``.
    static func watchdog() -> (Watchdog, TestClock) {
        let clock = TestClock()
        return (Watchdog(clock: CoordinatorClock(clock), step: short, taskExecutor: nil), clock)
    }

    @Test("an observing clock is told each alarm's kind when armed, and how it ended: disarmed, replaced, fired, closed")
    func reportsKinds() async {
        let (watchdog, clock) = Self.watchdog()
        let host = watchdog.arm(in: Self.long, kind: .host) { Issue.record("a disarmed alarm fired") }
        #expect(clock.armedTimeouts.map(\.kind) == [.host])
        #expect(clock.armedTimeouts.first?.deadline == TestClock.Instant(offset: Self.long))
        watchdog.disarm(host)
        #expect(clock.armedTimeouts.isEmpty, "disarmed")
        _ = watchdog.arm(in: Self.long, kind: .guard) { Issue.record("a replaced alarm fired") }
        let fired = Gate()
        _ = watchdog.arm(in: Self.short, kind: .animation) { fired.open() }
        #expect(clock.armedTimeouts.map(\.kind) == [.animation], "the replaced alarm ended")
        #expect(clock.advance(toDeadlineOf: .animation)?.kind == .animation)
        await fired.wait()
        #expect(clock.firedTimeouts.map(\.kind) == [.animation], "only the one that fired counts as fired")
        _ = watchdog.arm(in: Self.long, kind: .guard) {}
        watchdog.close()
        #expect(clock.armedTimeouts.isEmpty, "closed")
        #expect(clock.firedTimeouts.map(\.kind) == [.animation])
    }

    @Test("an alarm fires at its deadline, not a moment before")
    func firesAtDeadline() async {
        let (watchdog, clock) = Self.watchdog()
        let fired = Gate(), count = Box(0)
        _ = watchdog.arm(in: Self.short, kind: .animation) {
            count.mutate { $0 += 1 }
            fired.open()
        }
        await clock.sleepers(atLeast: 1, dueIn: Self.short)
        clock.advance(by: Self.short - .milliseconds(1))
        await clock.sleepers(atLeast: 1, dueIn: .milliseconds(1))
        #expect(count.value == 0)
        clock.advance(by: .milliseconds(1))
        await fired.wait()
        #expect(count.value == 1)
        watchdog.close()
    }

    @Test("a shorter alarm armed while the watchdog sleeps towards a longer one fires at its own deadline")
    func shorterAlarmIsNotLate() async {
        let (watchdog, clock) = Self.watchdog()
        let first = watchdog.arm(in: Self.long, kind: .animation) { Issue.record("the replaced alarm fired") }
        // It sleeps at most one step ahead, however far the deadline.
        await clock.sleepers(atLeast: 1, dueIn: Self.short)
        watchdog.disarm(first)
        let fired = Gate()
        _ = watchdog.arm(in: Self.short, kind: .animation) { fired.open() }
        clock.advance(by: Self.short)
        await fired.wait()
        watchdog.close()
    }

    @Test("a disarmed alarm never fires, and a stale disarm leaves a newer alarm armed")
    func disarming() async {
        let (watchdog, clock) = Self.watchdog()
        let old = watchdog.arm(in: Self.short, kind: .animation) { Issue.record("a disarmed alarm fired") }
        watchdog.disarm(old)
        #expect(watchdog.armedDeadline == nil)
        let fired = Gate()
        _ = watchdog.arm(in: Self.short, kind: .animation) { fired.open() }
        watchdog.disarm(old)
        #expect(watchdog.armedDeadline == Self.short)
        clock.advance(by: Self.short)
        await fired.wait()
        #expect(watchdog.armedDeadline == nil)
        watchdog.close()
    }

    @Test("a deadline already past when the alarm is armed fires at once")
    func pastDeadlineFiresAtOnce() async {
        let (watchdog, _) = Self.watchdog()
        let fired = Gate()
        _ = watchdog.arm(in: .zero, kind: .animation) { fired.open() }
        await fired.wait()
        watchdog.close()
    }
}
