import Testing
import TransitionCoordinator
import TransitionCoordinatorTesting

/// Each script a ScriptedAnimator plays, and what the coordinator's record says of it.
@Suite("Scripted animators")
struct ScriptedAnimatorTests {
    struct Boom: Error, CustomStringConvertible {
        var description: String { "boom" }
    }

    static let list = Screen("list"), mail = Screen("mail")

    /// One script, whether the test must fire the animation timeout, and the record it gives.
    struct Case: Sendable, CustomTestStringConvertible {
        let script: ScriptedAnimator.Script
        let name: String
        let needsTimeout: Bool
        let outcome: AnimationOutcome
        let extraFinishCalls: Int
        var testDescription: String { name }
    }

    static let cases: [Case] = [
        Case(script: .finish, name: "finish", needsTimeout: false, outcome: .ran, extraFinishCalls: 0),
        Case(script: .finishTwice, name: "finish twice", needsTimeout: false, outcome: .ran, extraFinishCalls: 1),
        Case(script: .fail(Boom()), name: "throw", needsTimeout: false, outcome: .failed("boom"), extraFinishCalls: 0),
        Case(
            script: .neverFinish, name: "never finish", needsTimeout: true, outcome: .timedOut(after: .seconds(5)),
            extraFinishCalls: 0),
        Case(
            script: .finishLate, name: "finish late", needsTimeout: true, outcome: .timedOut(after: .seconds(5)),
            extraFinishCalls: 0),
    ]

    @Test("each script gives the record it promises", arguments: cases)
    func script(_ scripted: Case) async throws {
        let clock = TestClock()
        let coordinator = await Coordinator(root: Self.list, clock: clock)
        let animator = ScriptedAnimator(scripted.script)
        async let record = coordinator.perform(.push(Self.mail, at: .high), animator: animator)
        if scripted.needsTimeout {
            await clock.armed(.animation)
            clock.advance(toDeadlineOf: .animation)
        }
        let pushed = try await record
        #expect(pushed.animation == scripted.outcome)
        #expect(pushed.extraFinishCalls == scripted.extraFinishCalls)
        #expect(animator.lines == ["push: list → mail"], "it recorded what it was given")
        #expect(clock.firedTimeouts.map(\.kind) == (scripted.needsTimeout ? [.animation] : []))
    }

    @Test("a script per call, the last repeated; a gate ends the call it holds when the test opens it")
    func scriptPerCall() async throws {
        let clock = TestClock(), gate = Gate()
        let coordinator = await Coordinator(root: Self.list, clock: clock)
        let animator = ScriptedAnimator(.finish, .finish, .finishWhenOpened(gate))
        try await coordinator.perform(.push(Self.mail, at: .high), animator: animator)
        try await coordinator.perform(.pop(.high), animator: animator)
        async let second = coordinator.perform(.push(Self.mail, at: .high), animator: animator)
        await animator.started(calls: 3)
        #expect(clock.armedTimeouts.map(\.kind) == [.animation], "the third call waits at its gate")
        gate.open()
        #expect(try await second.animation == .ran)
        #expect(animator.lines == ["push: list → mail", "pop: mail → list", "push: list → mail"])
    }
}
