import Testing

@testable import StressHarness
@testable import TransitionCoordinator

/// The checks for containers' promises fire on the values that break them: an animator told
/// another kind than the change shows, and an owner's queued stack that brings back what the
/// user's swipe removed.
@Suite("Container kind and owner-stack checks")
struct ContainerKindCheckTests {
    static func record(_ id: UInt64, before: [Screen], after: [Screen]) -> TransitionRecord {
        func snapshot(_ items: [Screen], version: UInt64) -> NavigationSnapshot {
            let window = ManagedWindow(
                id: WindowID(1), level: .root, content: .stack(StackContainer(id: "form", unchecked: items)))
            return NavigationSnapshot(version: version, levels: WindowLevel.builtIn, windows: [window], keyWindow: window.id)
        }
        return TransitionRecord(
            id: TransitionID(id), request: .content(.setStack("form", after)), before: snapshot(before, version: id - 1),
            after: snapshot(after, version: id), hadAnimator: false, animation: .skipped(.noAnimator),
            extraFinishCalls: 0, startedAt: .zero, endedAt: .zero, waited: nil)
    }

    @Test("an animator told a push for a modal that comes up fires; told a present does not")
    func kinds() async {
        let base = WindowContent.stack(StackContainer(id: "home", root: Screen("home")))
        let sheet = WindowContent.presenting(base, modal: .stack(StackContainer(id: "sheet", root: Screen("compose"))))
        let derived = ContentAnimation.between(base, sheet)
        #expect(derived == .present)
        let checker = StressChecker(answerBound: .seconds(1))
        await checker.animatorKind(TransitionID(1), told: .push, derived: derived)
        #expect(await checker.violations.map(\.invariant) == [.skipRules])
        let fine = StressChecker(answerBound: .seconds(1))
        await fine.animatorKind(TransitionID(1), told: .present, derived: derived)
        #expect(await fine.violations.isEmpty)
    }

    @Test(
        "an owner's stack that puts back the screen the swipe removed fires; one that leaves it out, or finds it back, does not")
    func ownerStack() async {
        let (boot, one) = (Screen("boot"), Screen("one"))
        let stale = StressChecker(answerBound: .seconds(1))
        await stale.ownerStackAfterSwipe(Self.record(3, before: [boot], after: [boot, one]), stack: "form", removed: one.id)
        #expect(await stale.violations.map(\.invariant) == [.callbacks])
        let pruned = StressChecker(answerBound: .seconds(1))
        await pruned.ownerStackAfterSwipe(Self.record(3, before: [boot], after: [boot]), stack: "form", removed: one.id)
        await pruned.ownerStackAfterSwipe(
            Self.record(4, before: [boot, one], after: [boot, one]), stack: "form", removed: one.id)
        #expect(await pruned.violations.isEmpty)
    }
}
