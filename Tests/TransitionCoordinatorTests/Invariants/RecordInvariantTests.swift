import Testing
import TransitionCoordinator

/// Invariants 6 (atomic), 11 (skip rules), 1 (serial) and 2 (chain) on records.
@Suite("Record invariants")
struct RecordInvariantTests {
    static let root = ManagedWindow(id: WindowID(1), level: .root, content: .screen(Screens.home))
    static let pin = ManagedWindow(id: WindowID(2), level: .medium, content: .screen(Screens.pin))
    static let v0 = NavigationSnapshot(version: 0, levels: WindowLevel.builtIn, windows: [root], keyWindow: WindowID(1))
    static let v1 = NavigationSnapshot(version: 1, levels: WindowLevel.builtIn, windows: [root, pin], keyWindow: WindowID(2))
    static let v2 = NavigationSnapshot(version: 2, levels: WindowLevel.builtIn, windows: [root], keyWindow: WindowID(1))

    static func record(
        _ id: UInt64, _ request: TransitionRequest, _ before: NavigationSnapshot, _ after: NavigationSnapshot,
        hadAnimator: Bool = true, animation: AnimationOutcome = .ran,
        from start: Duration = .zero, to end: Duration = .zero, hostFault: HostFault? = nil
    ) -> TransitionRecord {
        TransitionRecord(
            id: TransitionID(id), request: request, before: before, after: after, hadAnimator: hadAnimator,
            animation: animation, extraFinishCalls: 0, startedAt: start, endedAt: end, hostFault: hostFault,
            animationEndedAt: animation.animatorWasCalled ? end : nil)
    }

    @Test(
        "a record that notes an animation's end though no animator was called, or none though one was, breaks the skip rules",
        arguments: [(AnimationOutcome.ran, nil as Duration?), (.skipped(.preemptedBeforeStart), .seconds(1))])
    func animationEnd(animation: AnimationOutcome, end: Duration?) {
        let record = TransitionRecord(
            id: TransitionID(1), request: .push(Screens.pin, at: .medium), before: Self.v0, after: Self.v1,
            hadAnimator: true, animation: animation, extraFinishCalls: 0, startedAt: .zero, endedAt: .seconds(1),
            animationEndedAt: end)
        #expect(InvariantChecker.check(record).contains { $0.invariant == .skipRules && $0.detail.contains("notes") })
    }

    @Test("a content change told to its animator as another kind than its trees say breaks the skip rules")
    func changeKind() throws {
        let before = WindowContent.stack(StackContainer(id: "s", root: Screen("a")))
        let after = WindowContent.stack(StackContainer(id: "s", root: Screen("a"), pushed: [Screen("b")]))
        let push = ContentChange(.push(Screen("b"), onto: "s"), before: before, after: after, animation: .push)
        #expect(InvariantChecker.checkKind(push, of: TransitionID(1)) == nil)
        let told = ContentChange(.push(Screen("b"), onto: "s"), before: before, after: after, animation: .pop)
        #expect(InvariantChecker.checkKind(told, of: TransitionID(1))?.invariant == .skipRules)
    }

    static let push = record(1, .push(Screens.pin, at: .medium), v0, v1, from: .seconds(0), to: .seconds(1))
    static let pop = record(2, .pop(.medium), v1, v2, from: .seconds(1), to: .seconds(2))

    @Test("well-formed records and their sequence have no violations")
    func valid() {
        #expect(InvariantChecker.check(Self.push) == [])
        #expect(InvariantChecker.check(Self.pop) == [])
        #expect(InvariantChecker.checkHistory([Self.push, Self.pop]) == [])
    }

    @Test("a record whose after-state is not its request applied to its before-state breaks atomicity")
    func notAtomic() {
        let wrongLevel = ManagedWindow(id: WindowID(2), level: .low, content: .screen(Screens.pin))
        let halfApplied = NavigationSnapshot(
            version: 1, levels: WindowLevel.builtIn, windows: [Self.root, wrongLevel],
            keyWindow: WindowID(2))
        let found = InvariantChecker.check(Self.record(1, .push(Screens.pin, at: .medium), Self.v0, halfApplied))
        #expect(found.map(\.invariant) == [.atomic])
    }

    @Test("a record whose after-state skipped the version step breaks atomicity")
    func versionJump() {
        var jumped = Self.v1
        jumped.version = 5
        #expect(
            InvariantChecker.check(Self.record(1, .push(Screens.pin, at: .medium), Self.v0, jumped)).map(\.invariant) == [.atomic]
        )
    }

    @Test("a record of a request its before-state refuses breaks atomicity")
    func refusedRequestCommitted() {
        let found = InvariantChecker.check(Self.record(1, .popAll, Self.v0, Self.v2))
        #expect(
            found == [
                InvariantViolation(
                    .atomic,
                    "T1 committed 'pop all', which its before-state refuses: "
                        + "nothing to pop: no window stands above the root")
            ])
    }

    @Test(
        "a record with the wrong skip outcome breaks the skip rules",
        arguments: [
            (true, AnimationOutcome.skipped(.noAnimator)),
            (true, AnimationOutcome.skipped(.topWindowUnchanged)),
            (false, AnimationOutcome.ran),
            (false, AnimationOutcome.skipped(.applicationNotActive)),
        ])
    func wrongSkipOutcome(hadAnimator: Bool, animation: AnimationOutcome) {
        let found = InvariantChecker.check(
            Self.record(
                1, .push(Screens.pin, at: .medium), Self.v0, Self.v1,
                hadAnimator: hadAnimator, animation: animation))
        #expect(found.map(\.invariant) == [.skipRules])
    }

    @Test(
        "any outcome of a called animator satisfies the skip rules when the animator had to run",
        arguments: [
            AnimationOutcome.ran, .failed("x"), .timedOut(after: .seconds(5)), .callerCancelled, .preempted,
        ])
    func calledOutcomes(animation: AnimationOutcome) {
        #expect(
            InvariantChecker.check(Self.record(1, .push(Screens.pin, at: .medium), Self.v0, Self.v1, animation: animation)) == [])
    }

    @Test(
        "a host call stuck before the animation, the record's own or an earlier transition's in any phase, leaves nothing to animate",
        arguments: [
            (UInt64(1), HostPhase.beforeAnimation, AnimationOutcome.ran, true),
            (1, .beforeAnimation, .skipped(.hostUnresponsive), false),
            (1, .afterAnimation, .ran, false),
            (0, .afterAnimation, .ran, true),
            (0, .afterAnimation, .skipped(.hostUnresponsive), false),
        ])
    func stuckHostSkips(faultOf transition: UInt64, phase: HostPhase, animation: AnimationOutcome, breaks: Bool) {
        let fault = HostFault(call: .show(WindowID(2)), transition: TransitionID(transition), phase: phase, since: .seconds(1))
        let found = InvariantChecker.check(
            Self.record(1, .push(Screens.pin, at: .medium), Self.v0, Self.v1, animation: animation, hostFault: fault))
        #expect(found.map(\.invariant) == (breaks ? [.skipRules] : []))
    }

    @Test("two records that do not chain break the chain invariant")
    func brokenChain() {
        let stale = Self.record(
            2, .push(Screens.tutorial, at: .low), Self.v0,
            NavigationSnapshot(
                version: 1, levels: WindowLevel.builtIn,
                windows: [Self.root, ManagedWindow(id: WindowID(3), level: .low, content: .screen(Screens.tutorial))],
                keyWindow: WindowID(3)),
            from: .seconds(1), to: .seconds(2))
        #expect(
            InvariantChecker.checkSequence(Self.push, stale) == [
                InvariantViolation(.chain, "T2 started from v0, not from T1's after v1")
            ])
    }

    @Test("two records that overlap in time break the serial invariant")
    func overlapping() {
        let early = Self.record(2, .pop(.medium), Self.v1, Self.v2, from: .milliseconds(500), to: .seconds(2))
        #expect(InvariantChecker.checkSequence(Self.push, early).map(\.invariant) == [.serial])
    }

    @Test("records out of id order break the serial invariant")
    func idsOutOfOrder() {
        let reused = Self.record(1, .pop(.medium), Self.v1, Self.v2, from: .seconds(1), to: .seconds(2))
        #expect(InvariantChecker.checkSequence(Self.push, reused).map(\.invariant) == [.serial])
    }

    @Test("a history check finds each broken link in order")
    func historyFindsBrokenLinks() {
        let overlapping = Self.record(
            3, .push(Screens.pin, at: .medium), Self.v2,
            NavigationSnapshot(
                version: 3, levels: WindowLevel.builtIn, windows: [Self.root, Self.pin],
                keyWindow: WindowID(2)),
            from: .seconds(1), to: .seconds(3))
        #expect(InvariantChecker.checkHistory([Self.push, Self.pop, overlapping]).map(\.invariant) == [.serial])
        #expect(InvariantChecker.checkHistory([Self.push, overlapping]).map(\.invariant) == [.chain])
    }
}
