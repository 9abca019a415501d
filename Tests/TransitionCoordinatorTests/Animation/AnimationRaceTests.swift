import TestSupport
import Testing

@testable import TransitionCoordinator

/// The animation race as a state machine, driven event by event without tasks.
@Suite("Animation race")
struct AnimationRaceTests {
    @Test("an animator that returns settles the race as ran")
    func returns() async {
        let race = AnimationRace(timeout: .seconds(1))
        #expect(race.enter())
        race.returned(failure: nil)
        #expect(await race.settled() == .ran)
    }

    @Test(
        "a cut before the animator is entered bars it: it is never called and the outcome says why",
        arguments: [
            (CutShortReason.preempted, SkipReason.preemptedBeforeStart),
            (CutShortReason.callerCancelled, SkipReason.cancelledBeforeStart),
        ])
    func cutBeforeEntry(reason: CutShortReason, skip: SkipReason) async {
        let race = AnimationRace(timeout: .seconds(1))
        race.cut(reason)
        #expect(!race.enter())
        #expect(await race.settled() == .skipped(skip))
    }

    @Test("a timeout before the animator is entered bars it")
    func timeoutBeforeEntry() async {
        let race = AnimationRace(timeout: .seconds(1))
        race.timeUp()
        #expect(!race.enter())
        #expect(await race.settled() == .skipped(.timedOutBeforeStart))
    }

    @Test("a cut while the animator runs settles only when it returns, keeping the cut as the outcome")
    func cutWhileRunningWaitsForReturn() async {
        let race = AnimationRace(timeout: .seconds(1))
        #expect(race.enter())
        race.cut(.preempted)
        let settled = Box<AnimationOutcome?>(nil)
        let waiter = Task { settled.value = await race.settled() }
        await Task.yield()
        #expect(settled.value == nil)
        race.returned(failure: nil)
        await waiter.value
        #expect(settled.value == .preempted)
    }

    @Test("a cut while the animator runs settles at the timeout if it never returns")
    func cutWhileRunningEndsAtTimeout() async {
        let race = AnimationRace(timeout: .seconds(1))
        #expect(race.enter())
        race.cut(.callerCancelled)
        race.timeUp()
        #expect(await race.settled() == .callerCancelled)
    }

    @Test(
        "a cut while the animator runs cancels its task at once, before the race settles",
        arguments: [CutShortReason.preempted, .callerCancelled])
    func cutCancelsTheAnimator(reason: CutShortReason) {
        let race = AnimationRace(timeout: .seconds(1))
        let cancels = Box(0)
        race.attach { cancels.value += 1 }
        #expect(race.enter())
        #expect(cancels.value == 0)
        race.cut(reason)
        #expect(cancels.value == 1)
        race.returned(failure: nil)
        #expect(cancels.value == 1)
    }

    @Test("an end decided before the runner attaches cancels the animator's task on attaching")
    func attachAfterTheEnd() {
        let race = AnimationRace(timeout: .seconds(1))
        race.cut(.preempted)
        let cancels = Box(0)
        race.attach { cancels.value += 1 }
        #expect(cancels.value == 1)
        #expect(!race.enter())
    }

    @Test("a timeout cancels the animator's task too")
    func timeoutCancelsTheAnimator() async {
        let race = AnimationRace(timeout: .seconds(1))
        let cancels = Box(0)
        race.attach { cancels.value += 1 }
        #expect(race.enter())
        race.timeUp()
        #expect(cancels.value == 1)
        #expect(await race.settled() == .timedOut(after: .seconds(1)))
    }
}
