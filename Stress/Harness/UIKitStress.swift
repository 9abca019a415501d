import TestSupport
import TransitionCoordinator
import TransitionCoordinatorUIKit

/// The UIKit layer under stress: a coordinator whose host is the platform-neutral UIKit host
/// (``ContainerHost``) over the strict fake UIKit, whose transitions take time (``FakeUIKit/Timing/held``).
///
/// Each seed drives, on the main actor, a random interleaving of:
/// - the app's requests (push, pop, set a stack, select a tab, present and dismiss a sheet, a
///   window shown at `medium` with a sheet of its own and taken down, the launch flow at the
///   window's root hopping to sign-in and back to fresh tabs), animated with the host's native
///   animator, each under `.reject` or `.enqueue`;
/// - UIKit ending its running transitions, in one window or all;
/// - the user's actions, at any moment, mid-transition included: a back swipe (its finger lifted
///   later, finished or cancelled), a back tap, a tab tapped, a sheet swiped down;
/// - the app's form sheets (odd-numbered): the host holds them against the swipe
///   (``ContainerHost/holdsSheet``) and a guard keeps them while the draft, which the app makes
///   dirty and saves at random, is dirty.
///
/// At checkpoints (every ``checkpointEvery`` steps, and at the end) UIKit ends every transition
/// and the run waits until every request and every report of a user action has returned. Then:
/// - **no wait forever**: every host call and every report returned (invariant 7, answered);
/// - **converged**: each window's fake hierarchy is exactly the committed snapshot as UIKit
///   shows it (``Reconciler/shown(_:)``), so each user action was reported once or undone, and no
///   half-applied change stays on screen (invariant 6, atomic);
/// - **reported**: no sheet the user swiped down went unwatched (its swipe never told), no form
///   the app holds was swiped away unguarded, and no back tap was dropped while the host's model
///   held more screens;
/// - **UIKit's rules**: the fake saw none broken (a change mid-transition, a controller made twice
///   while shown, a presentation in a hidden window ...), and no applier list was refused
///   (invariant 8, containers).
///
/// Runs on real threads (the main actor is not on a simulation's scheduler): a seed fixes the
/// choices, not the interleaving with the coordinator's executor.
package enum UIKitStress {
    /// Steps between checkpoints.
    package static let checkpointEvery = 40
    /// Steps a seed takes when a mutant is hunted.
    package static let huntSteps = 1_000

    /// What a run found, over all its seeds.
    package struct Outcome: Sendable {
        /// Seeds run.
        package var seeds = 0
        /// Steps taken.
        package var steps = 0
        /// Requests the app made.
        package var requests = 0
        /// Transitions committed (the coordinator's records), each checked at the next checkpoint.
        package var commits = 0
        /// Checkpoints where the fake was compared with the committed snapshot.
        package var checkpoints = 0
        /// User actions injected (a swipe begun, a tap, a sheet swiped down).
        package var userActions = 0
        /// Of those, the ones the host reported to the coordinator.
        package var reported = 0
        /// The first violation of each seed that found one.
        package var violations: [(seed: UInt64, violation: InvariantViolation)] = []

        mutating func add(_ other: Outcome) {
            seeds += other.seeds
            steps += other.steps
            requests += other.requests
            commits += other.commits
            checkpoints += other.checkpoints
            userActions += other.userActions
            reported += other.reported
            violations += other.violations
        }

        /// As `uikit: 256 seeds, 51,200 steps ...: no violation`.
        package var summary: String {
            "uikit: \(seeds) seeds, \(steps) steps, \(requests) requests, \(commits) commits checked at \(checkpoints) checkpoints, "
                + "\(userActions) user actions (\(reported) reported; the rest not begun at a gate or by UIKit, or needing no report): "
                + (violations.isEmpty ? "no violation" : "\(violations.count) seeds found a violation")
        }
    }

    /// Runs `seeds`, each for `steps` steps, with `mutants` planted in the UIKit host.
    @MainActor
    package static func run(seeds: [UInt64], steps: Int, mutants: Set<String> = []) async -> Outcome {
        var outcome = Outcome()
        for seed in seeds {
            let driver = await Driver(seed: seed, mutants: mutants)
            outcome.add(await driver.run(steps: steps))
        }
        return outcome
    }

    /// The names of the UIKit layer's mutants in this build (none without `TC_MUTANTS`).
    package static var mutantNames: [String] {
        Mutation.areCompiledIn ? Mutation.allCases.filter(\.isUIKit).map(\.rawValue) : []
    }

    /// One seed's app, fake UIKit and user.
    @MainActor
    final class Driver {
        let seed: UInt64
        var random: SplitMix64
        let host: FakeWindowHost
        let coordinator: Coordinator?
        var outcome = Outcome()
        /// Requests and reports not returned yet.
        var pending = 0
        /// Back swipes begun whose finger is still down.
        var fingers: [FakeController] = []
        var fresh = 0
        var failure: InvariantViolation?
        /// How long a checkpoint waits for every call to return, UIKit's transitions ended.
        var patience: Duration = .seconds(3)
        /// The latest steps, for a violation's message.
        var log: [String] = []

        func note(_ line: String) {
            log.append(line)
            if log.count > 80 { log.removeFirst() }
        }

        /// Six tabs: past five, UIKit shows a More tab, through which the user may reorder them.
        static let stacks: [ContainerID] = ["a", "b", "c", "d", "e", "f"]

        /// `content` with the tab bar `main` given a seventh tab, the stack `g`, or, when it has
        /// it, without it; nil when `content` shows no such tab bar.
        static func togglingTab(in content: WindowContent) -> WindowContent? {
            switch content {
            case .screen, .stack:
                return nil
            case .hop(let hop):
                return togglingTab(in: hop.current).map { .hop(HopContainer(id: hop.id, showing: $0)) }
            case .presenting(let base, let modal):
                return togglingTab(in: base).map { .presenting($0, modal: modal) }
            case .tabs(let bar):
                guard bar.id == "main" else { return nil }
                let selected = bar.tabs[bar.selected].nodeID
                var tabs = bar.tabs.filter { $0.nodeID != .container("g") }
                if tabs.count == bar.tabs.count { tabs.append(.stack(StackContainer(id: "g", root: Screen("g0")))) }
                let index = tabs.firstIndex { $0.nodeID == selected } ?? 0
                return (try? TabBar(id: bar.id, tabs: tabs, selected: index)).map(WindowContent.tabs)
            }
        }

        /// The tabs the launch flow shows once signed in, each stack at its root.
        static let signedIn = WindowContent.tabs(
            (try? TabBar(
                id: "main",
                tabs: stacks.map { .stack(StackContainer(id: $0, root: Screen("\($0.rawValue)0"))) }, selected: 0))
                ?? TabBar(id: "main", .screen(Screen("none"))))

        /// Whether the app holds the sheet `id` (an odd-numbered sheet is a form).
        static func isForm(_ id: ContainerID) -> Bool {
            id.rawValue.hasPrefix("sheet") && (Int(id.rawValue.dropFirst(5)) ?? 0) % 2 == 1
        }

        /// Whether a form sheet's content is the form.
        static func isForm(_ content: WindowContent) -> Bool {
            if case .stack(let stack) = content { isForm(stack.id) } else { false }
        }

        /// Whether the forms' draft is dirty (their guard denies leaving them then).
        @MainActor final class Draft {
            var dirty = false
        }
        let draft = Draft()

        init(seed: UInt64, mutants: Set<String>) async {
            self.seed = seed
            random = SplitMix64(seed: seed).split(0x0111)
            host = FakeWindowHost(timing: .held)
            host.kit.recordsTraps = true
            Mutation.plant(Set(mutants.compactMap(Mutation.init(rawValue:))))
            // A launch flow at the window's root, signed in: its hop container shows the tabs.
            let root = WindowContent.hop(HopContainer(id: "launch", showing: Self.signedIn))
            // Timeouts far past the checkpoint's wait: a call that never returns is found by the
            // checkpoint, not hidden by the coordinator giving up on it.
            let configuration = try? CoordinatorConfiguration(
                levels: [.medium], animationTimeout: .seconds(30), hostTimeout: .seconds(30))
            // Odd-numbered sheets are forms: the host holds them against the swipe, and a guard
            // keeps them while their draft is dirty.
            let draft = self.draft
            let form = NavigationGuard.onMainActor("unsaved form") { context in
                let before = Set(context.before.windowList.flatMap(\.content.containers))
                let after = Set(context.after.windowList.flatMap(\.content.containers))
                return draft.dirty && before.subtracting(after).contains(where: Self.isForm)
                    ? .deny("the draft is not saved") : .allow
            }
            coordinator = try? await Coordinator(
                root: root, configuration: configuration ?? .init(), host: host, guards: [form])
            host.coordinator = coordinator
            host.core.holdsSheet = { Self.isForm($0.base) }
            // A form the model still shows (one it dismissed already passed its guards).
            host.kit.heldByApp = { [host] sheet in
                guard case .navigation(let id) = sheet.id, Self.isForm(id) else { return false }
                return host.controllers.windows.contains { host.controllers.content(of: $0)?.holds(id) == true }
            }
            outcome.seeds = 1
        }

        func run(steps: Int) async -> Outcome {
            guard coordinator != nil else {
                return fail(.init(.answered, "seed \(seed): the coordinator could not be made"))
            }
            for step in 1...max(1, steps) {
                outcome.steps += 1
                await act()
                if step % UIKitStress.checkpointEvery == 0 || step == steps {
                    await checkpoint()
                    if failure != nil { break }
                }
            }
            // What the seed's steps reach only by chance, each on an app of its own.
            if failure == nil { failure = await UIKitStress.curtainAcrossBackgrounds() }
            if failure == nil { failure = await UIKitStress.dismissDuringTopSheetSwipe() }
            if failure == nil { failure = await UIKitStress.staleSwipeOverSameStackID() }
            if failure == nil { failure = await UIKitStress.undoAfterWindowClosed() }
            if failure == nil { failure = await UIKitStress.hiddenWhileAPresentationWaits() }
            if failure == nil { failure = await UIKitStress.backTapBehindACancelledSwipe() }
            if failure == nil { failure = await UIKitStress.presentOverASwipedSheet(refused: false) }
            if failure == nil { failure = await UIKitStress.presentOverASwipedSheet(refused: true) }
            if failure == nil { failure = await UIKitStress.undoWhileTheLockHides() }
            if failure == nil { failure = await UIKitStress.changeOverAModalHeldBack(dismissing: true) }
            if failure == nil { failure = await UIKitStress.changeOverAModalHeldBack(dismissing: false) }
            if failure == nil { failure = await UIKitStress.presentFromATabOfASwipedSheet() }
            if failure == nil { failure = await UIKitStress.presentUnderMoreList() }
            if failure == nil { failure = await UIKitStress.swipeOverUnreportedPop() }
            if let failure {
                outcome.violations = [
                    (
                        seed,
                        .init(failure.invariant, failure.detail + "\n  the latest steps:\n    " + log.joined(separator: "\n    "))
                    )
                ]
            }
            return outcome
        }

        private func fail(_ violation: InvariantViolation) -> Outcome {
            outcome.violations = [(seed, violation)]
            return outcome
        }

        // MARK: Steps

        private func act() async {
            switch random.below(100) {
            case 0..<35: request()
            case 35..<55:
                endTransitions()
                // The user often acts the moment UIKit's animation ends, before anything else runs.
                if random.chance(50) { userAction() }
            case 55..<85: userAction()
            case 85..<90:
                draft.dirty.toggle()
                note("the draft is \(draft.dirty ? "dirty" : "saved")")
            default: for _ in 0..<random.below(4) { await Task.yield() }
            }
            // Time passes while UIKit animates: what the main actor and the coordinator have to
            // do (a report, a commit's host calls) often runs before the animation ends.
            await Task.yield()
            if random.chance(30) { try? await Task.sleep(for: .microseconds(100)) }
        }

        private func screen(_ prefix: String) -> Screen {
            fresh += 1
            return Screen("\(prefix)\(fresh)")
        }

        /// Runs `body` as a task counted until it returns.
        func launch(_ body: @escaping @MainActor () async -> Void) {
            pending += 1
            Task { @MainActor in
                await body()
                self.pending -= 1
            }
        }

        /// Counts a host report until it returns.
        private func track(_ report: Task<Void, Never>?) {
            outcome.userActions += 1
            guard let report else { return }
            outcome.reported += 1
            launch { await report.value }
        }

        private func request() {
            guard let coordinator else { return }
            outcome.requests += 1
            let animator = host.core.animator
            let policy: AdmissionPolicy = random.chance(50) ? .reject : .enqueue
            let stack = Self.stacks[random.below(Self.stacks.count)]
            switch random.below(12) {
            case 0, 1:
                let pushed = screen("\(stack)")
                note("push \(pushed) onto \(stack) (\(policy))")
                launch { _ = try? await coordinator.stack(stack).push(pushed, animator: animator, policy: policy) }
            case 2:
                note("pop \(stack) (\(policy))")
                launch { _ = try? await coordinator.stack(stack).pop(animator: animator, policy: policy) }
            case 3:
                let screens = [Screen("\(stack)0")] + (0..<random.below(3)).map { _ in screen("\(stack)") }
                note("setStack \(stack) \(screens) (\(policy))")
                launch { _ = try? await coordinator.change(.setStack(stack, screens), animator: animator, policy: policy) }
            case 4:
                let tab = random.below(Self.stacks.count)
                note("select tab \(tab) (\(policy))")
                launch { _ = try? await coordinator.tabs("main").select(tab, animator: animator, policy: policy) }
            case 5, 6:
                // Mostly from the tab UIKit shows: only what is on screen presents.
                let stack = random.chance(70) ? shownStack ?? stack : stack
                let sheet = WindowContent.stack(StackContainer(id: ContainerID("sheet\(fresh)"), root: screen("s")))
                note("present \(sheet) from \(stack) (\(policy))")
                launch {
                    _ = try? await coordinator.change(
                        .present(sheet, from: .container(stack)), animator: animator, policy: policy)
                }
            case 7:
                note("dismiss from \(stack) (\(policy))")
                launch { _ = try? await coordinator.change(.dismiss(.container(stack)), animator: animator, policy: policy) }
            case 8:
                let content = WindowContent.presenting(.screen(screen("w")), modal: .screen(screen("ws")))
                note("show \(content) at medium (\(policy))")
                launch { _ = try? await coordinator.openWindow(content, at: .medium, policy: policy) }
            case 10:
                // The app adds a seventh tab, or takes it away (the user's order of the others stays).
                guard let window = host.kits.first(where: { $0.value === host.kit.windows.first })?.key,
                    let model = host.controllers.content(of: window), let changed = Self.togglingTab(in: model)
                else { return }
                note("replace with \(changed) (\(policy))")
                launch { _ = try? await coordinator.change(.replace(with: changed), animator: animator, policy: policy) }
            case 9:
                note("pop medium (\(policy))")
                launch { _ = try? await coordinator.closeWindow(at: .medium, policy: policy) }
            default:
                // Signed out (the launch flow hops to sign-in), or signed in again: fresh tabs.
                let signedIn = shownStack != nil
                guard !signedIn || random.chance(30) else { return }
                let next = signedIn ? WindowContent.screen(screen("signIn")) : Self.signedIn
                note("hop launch to \(next) (\(policy))")
                launch {
                    _ = try? await coordinator.change(.hop(to: next, in: "launch"), animator: animator, policy: policy)
                }
            }
        }

        /// The stack of the tab the model's root tab bar selects (the app asks the model, not
        /// the screen): where the app presents from.
        private var shownStack: ContainerID? {
            guard let window = host.kits.first(where: { $0.value === host.kit.windows.first })?.key,
                case .tabs(let bar)? = host.controllers.content(of: window)?.find("main"),
                bar.tabs.indices.contains(bar.selected),
                case .stack(let stack) = bar.tabs[bar.selected].base
            else { return nil }
            return stack.id
        }

        private func endTransitions() {
            let windows = host.kit.windows
            guard !windows.isEmpty else { return }
            // The sheets whose presentation ends now: the user may swipe one down the moment it lands.
            let landing = windows.flatMap(\.transitions).filter { !$0.interactive }.compactMap { $0.modal }
            defer {
                if let sheet = landing.first(where: { $0.presenter != nil && !$0.isTransitioning }), random.chance(80) {
                    note("the user swipes \(sheet.id) down as it lands")
                    track(host.kit.swipeDown(sheet))
                }
            }
            if random.chance(50) {
                note("UIKit ends every transition")
                for window in windows { window.endTransitions() }
            } else {
                let index = random.below(windows.count)
                note("UIKit ends window \(index)'s transitions")
                windows[index].endTransitions()
            }
        }

        /// The fake controllers alive and on screen, of one kind.
        private func onScreen(_ keep: (FakeController) -> Bool) -> [FakeController] {
            host.kit.windows.filter { !$0.isHidden }.flatMap { window in
                window.live.values.filter { !$0.released && window.isOnScreen($0) && keep($0) }
            }.sorted { $0.id.description < $1.id.description }
        }

        private func userAction() {
            if !fingers.isEmpty, random.chance(50) {
                let navigation = fingers.removeFirst()
                let finished = random.chance(50)
                note("the user lifts the finger on \(navigation.id), \(finished ? "finished" : "cancelled")")
                track(host.kit.liftFinger(navigation, finished: finished))
                if !finished, random.chance(70) {
                    // Gave up the swipe, and taps back instead, at once.
                    note("the user taps back on \(navigation.id) at once")
                    track(host.kit.tapBack(navigation))
                }
                return
            }
            let sheets = onScreen { $0.presenter != nil && $0.presented == nil }
            if !sheets.isEmpty, random.chance(40) {
                let sheet = sheets[random.below(sheets.count)]
                if random.chance(25) {
                    // A drag let go: the sheet stays, UIKit's dismissal ends cancelled.
                    let began = host.kit.dragWithoutDismissing(sheet)
                    note("the user drags \(sheet.id) and lets go" + (began ? "" : ": it does not move"))
                    outcome.userActions += 1
                    return
                }
                note("the user swipes \(sheet.id) down")
                track(host.kit.swipeDown(sheet))
                return
            }
            switch random.below(7) {
            case 0, 5:
                let stacks = onScreen { if case .navigation = $0.id { $0.children.count > 1 } else { false } }
                guard !stacks.isEmpty, fingers.isEmpty else { return }
                let navigation = stacks[random.below(stacks.count)]
                outcome.userActions += 1
                let began = host.kit.swipeBack(navigation)
                note("the user swipes back on \(navigation.id)" + (began ? "" : ": refused"))
                if began { fingers.append(navigation) }
            case 1, 4:
                let stacks = onScreen { if case .navigation = $0.id { $0.children.count > 1 } else { false } }
                guard !stacks.isEmpty else { return }
                let navigation = stacks[random.below(stacks.count)]
                note("the user taps back on \(navigation.id)")
                track(host.kit.tapBack(navigation))
            case 2, 6:
                let bars = onScreen { if case .tabBar = $0.id { true } else { false } }
                guard let bar = bars.first, !bar.children.isEmpty else { return }
                if random.chance(15) {
                    // Through More's Edit: nothing is reported, the model's order is the app's.
                    var order = Array(bar.children.indices)
                    for index in order.indices.reversed() { order.swapAt(index, random.below(index + 1)) }
                    note("the user reorders the tabs to \(order)")
                    outcome.userActions += 1
                    host.kit.reorderTabs(bar, to: order)
                    return
                }
                let tab = random.below(bar.children.count)
                note("the user taps tab \(tab)")
                track(host.kit.tapTab(tab, of: bar))
            default:
                guard !sheets.isEmpty else { return }
                let sheet = sheets[random.below(sheets.count)]
                note("the user swipes \(sheet.id) down")
                track(host.kit.swipeDown(sheet))
            }
        }

        // MARK: Checkpoints

        /// UIKit ends everything and the user lifts every finger; once every request and report
        /// returned, the fake must show the committed snapshot, with no rule broken.
        func checkpoint() async {
            guard let coordinator else { return }
            outcome.checkpoints += 1
            // What is under way runs on while UIKit still animates, then UIKit ends everything.
            for _ in 0..<3 {
                await Task.yield()
                try? await Task.sleep(for: .microseconds(100))
            }
            let deadline = ContinuousClock.now + patience
            while pending > 0 || !fingers.isEmpty || host.kit.windows.contains(where: { !$0.transitions.isEmpty }) {
                for navigation in fingers { track(host.kit.liftFinger(navigation, finished: random.chance(60))) }
                fingers = []
                for window in host.kit.windows { window.endTransitions() }
                if ContinuousClock.now > deadline {
                    failure = .init(
                        .answered,
                        "seed \(seed): \(pending) requests or reports never returned with UIKit's transitions all ended: a host call waits forever"
                    )
                    return
                }
                await Task.yield()
                if pending > 0 { try? await Task.sleep(for: .microseconds(200)) }
            }
            let snapshot = await coordinator.snapshot
            outcome.commits = Int(snapshot.version)
            failure = UIKitStress.violation(host: host, snapshot: snapshot, seed: seed)
            if failure != nil {
                for record in await coordinator.history.suffix(12) {
                    note("committed v\(record.after.version): \(record.request) from \(record.source)")
                }
            }
        }
    }
}
