import Testing
import TransitionCoordinator

/// Exhaustive expectations for an app's navigation, in the spirit of a `TestStore`: a test
/// states, step by step, what each action must do (the state after, the records, the screens'
/// callbacks in order, the events, the timeouts that fired, the error), and the store records
/// a test issue, with a line-by-line diff, on any difference and on anything that happened and
/// was not stated.
///
/// ```swift
/// let store = await NavigationTestStore(root: .stack(StackContainer(id: "inbox", root: list)))
/// await store.step("open a mail") {
///     try await store.coordinator.stack("inbox").push(store.callbacks.item(mail), animator: ScriptedAnimator())
/// } expect: {
///     $0.state = ["root(0): stack inbox [list, mail]"]
///     $0.records = ["push mail onto inbox: ran"]
///     $0.callbacks = ["didAdd mail", "didShow mail"]
///     $0.events = ["began push mail onto inbox", "ended push mail onto inbox (ran)"]
/// }
/// await store.finish()
/// ```
///
/// **What a step sees.** Everything between the step's start and the action's return: the
/// records of the transitions that committed (read from their `ended` events, so none is lost
/// to the history's limit), the lines the `callbacks` log gained (a test may clear the log
/// meanwhile), the events the coordinator sent (read with ``EventProbe/drain()``, so none is
/// waited for that was not sent; a step whose events overflow the coordinator's
/// `CoordinatorConfiguration/eventBufferSize` reads `missed n events` where they were, and
/// misses their records), the timeouts the `clock` fired, the links the `links` inbox ended (when the store
/// was given one: it reads the inbox's `LinkInbox/outcomes`, so nothing else may; ends its
/// `outcomeBuffer` dropped read `missed n link ends` where they were), and the
/// action's error. The coordinator calls the
/// screens' callbacks and sends `ended` before a request returns, so a step that awaits its
/// request sees all of it; work the action leaves running (a task it started) is seen by the
/// step in which it happens, or by `finish(sourceLocation:)`.
///
/// **Exhaustive** (the default): a category a step leaves nil must be empty (the state: must be
/// unchanged). **Non-exhaustive**: a category left nil is not checked, and a stated list need
/// only appear in order among what happened (other lines may come between); a list stated empty
/// (`$0.events = []`) still says that none happened. Deterministic:
/// with the test clock and no other task touching the coordinator, the same steps give the same
/// lines every run. Not `Sendable`: use it from the test's own task, and hand its
/// `coordinator`, `clock` and `callbacks` (all `Sendable`) to the child tasks a step starts.
public final class NavigationTestStore {
    /// What one step must do. Each category is a list of lines, as the product prints them:
    /// `NavigationSnapshot/lines`, `TransitionRecord/line`, the ``CallbackLog`` lines,
    /// `CoordinatorEvent/line`, and the kinds of the timeouts that fired.
    public struct Expectation: Sendable {
        /// The state after the step (`NavigationSnapshot/lines`).
        public var state: [String]?
        /// The records of the transitions that committed during the step, in order (`TransitionRecord/line`).
        public var records: [String]?
        /// The screens' callbacks called during the step, in order (``CallbackLog`` lines: `didAdd mail`).
        public var callbacks: [String]?
        /// The events sent during the step, in order (`CoordinatorEvent/line`).
        public var events: [String]?
        /// The timeouts that fired during the step, in order.
        public var timeouts: [TimeoutKind]?
        /// The links the store's inbox ended during the step, in order (`LinkInbox/Ended/line`:
        /// `^/home/vault: navigated`; `missed 2 link ends` where the inbox's stream dropped
        /// ends); checked only when the store was given an inbox.
        public var links: [String]?
        /// The code of the `TransitionError` (or `description` of another error) the action threw.
        public var error: String?
        /// The places stated as the app's own values (``path(_:of:)``, ``tab(_:of:)``,
        /// ``sheet(_:presentedBy:)``), in the order stated.
        var values: [(place: ValuePlace, screens: [Screen])] = []

        /// States the path of the stack `stack` after the step (the screens above its root), as
        /// values of the app's destination type: `$0.path([Destination.mail(id: 42)], of: "inbox")`.
        /// Checked whether the store is exhaustive or not, beside the printed ``state``; a stack no
        /// window shows is a difference, whatever the path stated.
        public mutating func path<Destination: Hashable & Codable & Sendable>(_ path: [Destination], of stack: ContainerID) {
            values.append((.path(stack), path.map { Screen($0) }))
        }

        /// States the selected tab of the tab bar `tabs` after the step, as the value at the root
        /// of that tab (the screen it shows, or its stack's root): `$0.tab(Destination.inbox, of: "main")`.
        public mutating func tab(_ tab: some Hashable & Codable & Sendable, of tabs: ContainerID) {
            values.append((.tab(tabs), [Screen(tab)]))
        }

        /// States the sheet `presenter` presents after the step, as the value on top of it (of
        /// that sheet: a sheet it presents in turn is not it):
        /// `$0.sheet(Destination.compose(draft: nil), presentedBy: .container("inbox"))`. A
        /// screen of a stack stands for its stack, as it does for `present(_:from:)`.
        public mutating func sheet(_ sheet: some Hashable & Codable & Sendable, presentedBy presenter: WindowContent.NodeID) {
            values.append((.sheet(presenter), [Screen(sheet)]))
        }

        /// An expectation stating nothing yet.
        public init(
            state: [String]? = nil, records: [String]? = nil, callbacks: [String]? = nil,
            events: [String]? = nil, timeouts: [TimeoutKind]? = nil, links: [String]? = nil,
            error: String? = nil
        ) {
            self.state = state
            self.records = records
            self.callbacks = callbacks
            self.events = events
            self.timeouts = timeouts
            self.links = links
            self.error = error
        }
    }

    /// A place an ``Expectation`` states as values.
    enum ValuePlace {
        case path(ContainerID)
        case tab(ContainerID)
        case sheet(WindowContent.NodeID)

        /// As the diff names it.
        var name: String {
            switch self {
            case .path(let id): "path of \(id)"
            case .tab(let id): "selected tab of \(id)"
            case .sheet(let node): "sheet over \(node)"
            }
        }

        /// The screens `snapshot` shows here: a stack's screens above its root, the selected
        /// tab's root, the top of the sheet; nil when the place is not shown.
        func screens(in snapshot: NavigationSnapshot) -> [Screen]? {
            switch self {
            case .path(let id):
                guard case .stack(let stack)? = snapshot.windowList.lazy.compactMap({ $0.content.find(id) }).first?.base
                else { return nil }
                return Array(stack.items.dropFirst())
            case .tab(let id):
                guard case .tabs(let bar)? = snapshot.windowList.lazy.compactMap({ $0.content.find(id) }).first?.base,
                    let tab = bar.selectedContent?.base
                else { return nil }
                if case .stack(let stack) = tab, let root = stack.root { return [root] }
                return [Self.ownTop(of: tab)]
            case .sheet(let node):
                for window in snapshot.windowList {
                    if let modal = Self.modal(presentedBy: node, in: window.content) { return [Self.ownTop(of: modal)] }
                }
                return nil
            }
        }

        /// The screen on top of `content` itself, below whatever it presents: a stack's top, the
        /// selected tab's, the hop's current child's.
        private static func ownTop(of content: WindowContent) -> Screen {
            switch content {
            case .screen(let screen): screen
            case .stack(let stack): stack.top ?? .missing
            case .tabs(let bar): bar.selectedContent.map(ownTop(of:)) ?? .missing
            case .hop(let hop): ownTop(of: hop.current)
            case .presenting(let base, _): ownTop(of: base)
            }
        }

        /// Whether `node` names `content`'s base, or a screen of the stack at its base (which
        /// stands for that stack, as it does when the app presents from it).
        private static func names(_ node: WindowContent.NodeID, _ content: WindowContent) -> Bool {
            if content.nodeID == node { return true }
            guard case .screen(let id) = node, case .stack(let stack) = content.base else { return false }
            return stack.items.contains { $0.id == id }
        }

        /// The modal `node` presents in `content`, if it presents one.
        private static func modal(presentedBy node: WindowContent.NodeID, in content: WindowContent) -> WindowContent? {
            switch content {
            case .presenting(let base, let modal):
                if names(node, base) { return modal }
                return Self.modal(presentedBy: node, in: base) ?? Self.modal(presentedBy: node, in: modal)
            case .tabs(let bar):
                return bar.tabs.lazy.compactMap { Self.modal(presentedBy: node, in: $0) }.first
            case .hop(let hop):
                return Self.modal(presentedBy: node, in: hop.current)
            case .screen, .stack:
                return nil
            }
        }
    }

    /// The coordinator under test.
    public let coordinator: Coordinator
    /// The clock the coordinator runs on.
    public let clock: TestClock
    /// Where the screens' callbacks are noted: give its ``CallbackLog/item(_:remove:)`` to pushes.
    public let callbacks: CallbackLog
    /// Whether everything that happened must be stated (the default): every category of every
    /// step is checked, and nil means "nothing happened" (for the state: "unchanged"). When false,
    /// only stated categories are checked, and only as an ordered subsequence.
    public var exhaustive: Bool
    /// The inbox whose links' ends the store reads, if any.
    public let links: LinkInbox?

    private var probe: EventProbe
    private var seenCallbacks: Int
    private var seenTimeouts: Int
    private var state: [String]
    private var linkEnds: AsyncStream<LinkInbox.Ended>.Iterator?
    /// The number of the last link end read, and of the last one before the store was made.
    private var linksRead = 0
    private let linksBefore: Int

    /// A store over `coordinator`, which runs on `clock`; what happened before is not seen.
    /// The timeouts are read from `clock`: for a coordinator made on another clock (an app's,
    /// on the continuous clock) a timed-out animation shows in its record alone, a step's
    /// `Expectation/timeouts` stay empty and `finish(sourceLocation:)` finds none armed. With
    /// `links`, the store reads that inbox's `LinkInbox/outcomes` (nothing else may): each step
    /// then states the links that ended in it.
    public init(
        coordinator: Coordinator, clock: TestClock, callbacks: CallbackLog = CallbackLog(),
        links: LinkInbox? = nil, exhaustive: Bool = true
    ) async {
        self.coordinator = coordinator
        self.links = links
        linkEnds = links?.outcomes.makeAsyncIterator()
        linksBefore = await links?.endedCount ?? 0
        linksRead = linksBefore
        self.clock = clock
        self.callbacks = callbacks
        self.exhaustive = exhaustive
        probe = EventProbe(coordinator)
        seenCallbacks = callbacks.linesNoted
        seenTimeouts = clock.firedTimeouts.count
        state = await coordinator.snapshot.lines
    }

    /// A store over a new coordinator showing `root` on a new ``TestClock``, with a headless host.
    ///
    /// With `executor`, the coordinator and its actors run their jobs on it (`Coordinator`'s
    /// `executor`): give it a serial executor the test drives, and the jobs of racing requests
    /// (and of the tasks that send them, when those prefer the same driver) run in one order
    /// the test decides, so a racing flow gives the same lines every run. Nil: the default
    /// actor executor.
    /// - Throws: the coordinator's error when `root` is invalid content.
    public convenience init(
        root: WindowContent, configuration: CoordinatorConfiguration = .standard,
        screens: ScreenRegistry = ScreenRegistry(), guards: [NavigationGuard] = [],
        executor: (any SerialExecutor)? = nil, exhaustive: Bool = true
    ) async throws(TransitionError) {
        let clock = TestClock()
        let coordinator = try await Coordinator(
            root: root, configuration: configuration, clock: clock, executor: executor,
            screens: screens, guards: guards)
        await self.init(coordinator: coordinator, clock: clock, exhaustive: exhaustive)
    }

    /// Runs `action`, then checks what happened against what `expect` states; returns the
    /// action's result, or nil when it threw (the error is checked as `Expectation/error`).
    ///
    /// Records one issue per category that differs, each with a diff (`-` expected, `+` actual),
    /// at `sourceLocation`. Never throws, never waits for anything the action did not do.
    @discardableResult
    public func step<Result>(
        _ name: String, _ action: () async throws -> Result,
        expect: (inout Expectation) -> Void = { _ in },
        sourceLocation: SourceLocation = #_sourceLocation
    ) async -> Result? {
        var expected = Expectation()
        expect(&expected)
        var result: Result?
        var thrown: String?
        do {
            result = try await action()
        } catch let error as TransitionError {
            thrown = error.code
        } catch {
            thrown = String(describing: error)
        }
        let happened = await collect()
        check(name, "state", expected: expected.state, actual: happened.state, unchanged: state, sourceLocation)
        check(name, "records", expected: expected.records, actual: happened.records, sourceLocation)
        check(name, "callbacks", expected: expected.callbacks, actual: happened.callbacks, sourceLocation)
        check(name, "events", expected: expected.events, actual: happened.events, sourceLocation)
        check(name, "timeouts", expected: expected.timeouts?.map(\.rawValue), actual: happened.timeouts, sourceLocation)
        check(name, "links", expected: expected.links, actual: happened.links, sourceLocation)
        check(name, "error", expected: expected.error.map { [$0] }, actual: thrown.map { [$0] } ?? [], sourceLocation)
        for (place, screens) in expected.values {
            guard let shown = place.screens(in: happened.snapshot) else {
                Issue.record(
                    "step '\(name)': the \(place.name) stated is not shown: no window shows it", sourceLocation: sourceLocation)
                continue
            }
            let actual = shown.map(\.description)
            guard actual != screens.map(\.description) else { continue }
            let diff = LineDiff(expected: screens.map(\.description), actual: actual).map(\.description) ?? ""
            Issue.record(
                "step '\(name)': the \(place.name) stated differs from what happened:\n\(diff)", sourceLocation: sourceLocation)
        }
        state = happened.state
        return result
    }

    /// Checks that the coordinator's invariants hold (``audit(sourceLocation:)``) and, in
    /// exhaustive mode, that nothing happened since the last step (no change of state, record,
    /// callback, event, fired timeout or ended link) and that no timeout is left armed; records
    /// an issue otherwise. A non-exhaustive store checks only what a step states, so its
    /// `finish` runs the audit alone.
    public func finish(sourceLocation: SourceLocation = #_sourceLocation) async {
        await audit(sourceLocation: sourceLocation)
        let happened = await collect()
        let expected: [String]? = exhaustive ? [] : nil
        check("finish", "state", expected: nil, actual: happened.state, unchanged: state, sourceLocation)
        check("finish", "records", expected: expected, actual: happened.records, sourceLocation)
        check("finish", "callbacks", expected: expected, actual: happened.callbacks, sourceLocation)
        check("finish", "events", expected: expected, actual: happened.events, sourceLocation)
        check("finish", "timeouts", expected: expected, actual: happened.timeouts, sourceLocation)
        check("finish", "links", expected: expected, actual: happened.links, sourceLocation)
        if exhaustive {
            check("finish", "armed timeouts", expected: [], actual: clock.armedTimeouts.map(\.description), sourceLocation)
        }
        state = happened.state
    }

    /// Runs the invariant audit the stress harness runs on the coordinator under test (its
    /// committed state, its history, and, when no transition is in flight, that each level and
    /// container actor owns exactly what the state shows) and records one issue per invariant
    /// broken, naming it. Returns whether every invariant held. ``finish(sourceLocation:)`` runs it.
    @discardableResult
    public func audit(sourceLocation: SourceLocation = #_sourceLocation) async -> Bool {
        let violations = await coordinator.audit()
        for violation in violations {
            Issue.record("the coordinator's audit: \(violation)", sourceLocation: sourceLocation)
        }
        return violations.isEmpty
    }

    private struct Happened {
        var snapshot: NavigationSnapshot
        var state: [String]
        var records: [String]
        var callbacks: [String]
        var events: [String]
        var timeouts: [String]
        var links: [String]
    }

    /// What happened since the last look, and moves the marks past it.
    private func collect() async -> Happened {
        let (newCalls, noted) = callbacks.lines(since: seenCallbacks)
        seenCallbacks = noted
        let drained = await probe.drain()
        let records = drained.compactMap { event -> String? in
            if case .ended(let record) = event { record.line } else { nil }
        }
        let events = drained.map(\.line)
        let fired = clock.firedTimeouts
        let newTimeouts = fired.dropFirst(min(seenTimeouts, fired.count)).map(\.kind.rawValue)
        seenTimeouts = fired.count
        var ended: [String] = []
        if let links {
            // Every end numbered up to the inbox's count was sent already: none is waited for in vain.
            let target = await links.endedCount
            while linksRead < target, let end = await linkEnds?.next() {
                // An end from before the store was made is still in the stream: not this step's.
                guard end.sequence > linksBefore else { continue }
                ended += Self.lines(of: end, after: linksRead)
                linksRead = end.sequence
            }
        }
        let snapshot = await coordinator.snapshot
        return Happened(
            snapshot: snapshot, state: snapshot.lines, records: records, callbacks: newCalls,
            events: events, timeouts: newTimeouts, links: ended)
    }

    /// The lines of `end`, read after the end numbered `read`: the stream keeps its newest ends,
    /// so one numbered past the next says how many were dropped before it (`missed 2 link ends`).
    package static func lines(of end: LinkInbox.Ended, after read: Int) -> [String] {
        // Mutant: the ends the stream dropped go unsaid.
        let missed = planted(.linkEndsGapUnsaid) ? 0 : end.sequence - read - 1
        guard missed > 0 else { return [end.line] }
        return ["missed \(missed) link end\(missed == 1 ? "" : "s")", end.line]
    }

    /// Records an issue when `actual` does not meet `expected` as the store is exhaustive or not
    /// (``unmet(_:by:exhaustive:unchanged:)``).
    private func check(
        _ step: String, _ category: String, expected: [String]?, actual: [String],
        unchanged: [String]? = nil, _ sourceLocation: SourceLocation
    ) {
        guard let wanted = Self.unmet(expected, by: actual, exhaustive: exhaustive, unchanged: unchanged) else { return }
        let diff = LineDiff(expected: wanted, actual: actual).map(\.description) ?? ""
        let what =
            expected == nil
            ? "the \(category) changed, and the step did not state it"
            : "the \(category) stated differ from what happened"
        Issue.record("step '\(step)': \(what):\n\(diff)", sourceLocation: sourceLocation)
    }

    /// The lines `actual` should have been, when it does not meet `expected`; nil when it does.
    /// Exhaustive: `actual` must be `expected`, and nil `expected` means none (`unchanged`, for
    /// the state). Not exhaustive: nil is unchecked, and a stated list must appear in order among
    /// `actual`, except an empty one, which states that none happened (a list that states nothing
    /// could mean nothing else: to leave a category unchecked, leave it nil).
    package static func unmet(
        _ expected: [String]?, by actual: [String], exhaustive: Bool, unchanged: [String]? = nil
    ) -> [String]? {
        switch (expected, exhaustive) {
        case (let stated?, true):
            return stated == actual ? nil : stated
        case (nil, true):
            let none = unchanged ?? []
            return none == actual ? nil : none
        case (let stated?, false):
            // Mutant: an empty list read as "appears in order", which anything meets.
            let meets = stated.isEmpty && !planted(.emptyStatementMeetsAll) ? actual.isEmpty : appears(stated, inOrderIn: actual)
            return meets ? nil : stated
        case (nil, false):
            return nil
        }
    }

    /// Whether `lines` appear in `actual` in this order, others allowed between.
    private static func appears(_ lines: [String], inOrderIn actual: [String]) -> Bool {
        var rest = actual[...]
        for line in lines {
            guard let index = rest.firstIndex(of: line) else { return false }
            rest = rest[(index + 1)...]
        }
        return true
    }
}
