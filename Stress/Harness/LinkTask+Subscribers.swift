import TestSupport
import TransitionCoordinator

extension LinkTask {
    /// A subscriber with a buffer of two falls behind once (a window opened and closed while it
    /// read nothing), then reads all it was given after each transition, on an app of its own:
    /// it must be told what it missed, and then be given each later transition's `began` and
    /// `ended` (mutant ``Mutation/missedMarkerTakesEventSlot``: the marker takes the slot the
    /// next event needed, and the stream stays behind for good).
    static func laggingSubscriberRecovers(environment: StressEnvironment, checker: StressChecker) async {
        guard let configuration = try? CoordinatorConfiguration(eventBufferSize: 2) else { return }
        let app = await Coordinator(
            root: Screen("lhome"), configuration: configuration, clock: environment.clock,
            executor: environment.serialExecutor, taskExecutor: environment.taskExecutor)
        let (stream, given) = app.countedEvents()
        var iterator = stream.makeAsyncIterator()
        var read = 0
        var lines: [[String]] = []
        for step in 0..<4 {
            _ = try? await (step.isMultiple(of: 2) ? app.openWindow(Screen("llag"), at: .low) : app.closeWindow(at: .low))
            // The first step's events stay unread: the stream falls behind.
            if step == 0 { continue }
            var items: [String] = []
            while read < given.count, let event = await iterator.next() {
                read += 1
                switch event {
                case .missed(let count): items.append("missed \(count)")
                case .began: items.append("began")
                case .ended: items.append("ended")
                default: items.append("other")
                }
            }
            lines.append(items)
        }
        // After the read that caught up, each transition's two events fit again.
        guard lines.count == 3, lines[2] == ["began", "ended"], lines[1].suffix(2) == ["began", "ended"],
            lines[1].first?.hasPrefix("missed") == true
        else {
            await checker.noteViolation(
                .init(
                    .answered,
                    "a subscriber with a buffer of two that fell behind once and then read all it was given after each "
                        + "transition was given \(lines), not told what it missed and then each transition's began and ended"))
            return
        }
    }

    /// A test's probe with a buffer of two falls behind at the end of what it watches (two
    /// windows opened and one closed, nothing after), on an app of its own: its drain must end
    /// with what it missed, so that every event sent since it subscribed is read or counted
    /// (mutant ``Mutation/missedOwedKept``: the gap is told only with an event that never comes).
    static func probeToldOfLastGap(environment: StressEnvironment, checker: StressChecker) async {
        guard let configuration = try? CoordinatorConfiguration(eventBufferSize: 2) else { return }
        let app = await Coordinator(
            root: Screen("phome"), configuration: configuration, clock: environment.clock,
            executor: environment.serialExecutor, taskExecutor: environment.taskExecutor)
        let sentBefore = app.eventsSent
        var probe = EventProbe(app)
        _ = try? await app.openWindow(Screen("pfirst"), at: .low)
        _ = try? await app.openWindow(Screen("psecond"), at: .medium)
        _ = try? await app.closeWindow(at: .low)
        let drained = await probe.drain()
        let accounted = drained.reduce(0) { total, event in
            if case .missed(let count) = event { total + count } else { total + 1 }
        }
        let sent = app.eventsSent - sentBefore
        guard accounted != sent else { return }
        await checker.noteViolation(
            .init(
                .answered,
                "a probe with a buffer of two drained \(drained.map(\.line)) after \(sent) events were sent: "
                    + "\(sent - accounted) neither read nor told as missed"))
    }

    /// A test store's reading of an inbox whose stream keeps one end: two links end in one step,
    /// so the first end is dropped from the stream; the lines the store reads must say it missed
    /// one before the end it read (mutant ``Mutation/linkEndsGapUnsaid``: a step stating one end passes).
    static func storeToldOfDroppedLinkEnd(environment: StressEnvironment, checker: StressChecker) async {
        let app = await Coordinator(
            root: Screen("shome"), clock: environment.clock, executor: environment.serialExecutor,
            taskExecutor: environment.taskExecutor)
        let inbox = LinkInbox(coordinator: app, startsOpen: true, outcomeBuffer: 1)
        var ends = inbox.outcomes.makeAsyncIterator()
        let broken = Route(absolute: true, [.push(RouteTarget(""))])
        _ = await inbox.receive(broken)
        _ = await inbox.receive(broken)
        guard let last = await ends.next() else { return }
        let lines = NavigationTestStore.lines(of: last, after: 0)
        guard lines.count != 2 || !lines[0].hasPrefix("missed 1 ") else { return }
        await checker.noteViolation(
            .init(.answered, "a test store read two link ends, the first dropped from the inbox's stream, as \(lines)"))
    }

    /// A non-exhaustive test store's step that states its events empty, over a window opened on
    /// an app of its own: the statement says that none happened, so it must be unmet (mutant
    /// ``Mutation/emptyStatementMeetsAll``: an empty list met by whatever happened, so a test
    /// that states "nothing" passes over anything).
    static func storeEmptyStatementMeansNone(environment: StressEnvironment, checker: StressChecker) async {
        let app = await Coordinator(
            root: Screen("ehome"), clock: environment.clock, executor: environment.serialExecutor,
            taskExecutor: environment.taskExecutor)
        var probe = EventProbe(app)
        _ = try? await app.openWindow(Screen("eopen"), at: .low)
        let lines = await probe.drain().map(\.line)
        guard !lines.isEmpty, NavigationTestStore.unmet([], by: lines, exhaustive: false) == nil else { return }
        await checker.noteViolation(
            .init(.answered, "a non-exhaustive test store's step stating no event was met by the events \(lines)"))
    }
    /// The testing product's back tap while the app's push animates: the person saw `[ta, tb]`
    /// and tapped back, so the report names `ta`, the screen left on top, and the push that lands
    /// first goes with `tb`: the stack ends `[ta]`. Reported as a pop of the top (mutant
    /// ``Mutation/tapBackReportsPop``), it would pop the screen the app pushed, which the person
    /// never saw, and leave `tb`, which they left.
    static func tapBackDuringPush(environment: StressEnvironment, checker: StressChecker) async {
        guard
            let app = try? await Coordinator(
                root: .stack(StackContainer(id: "tstack", root: Screen("ta"), pushed: [Screen("tb")])),
                clock: environment.clock, executor: environment.serialExecutor, taskExecutor: environment.taskExecutor)
        else { return }
        var probe = EventProbe(app)
        let animator = GatedAnimator()
        let push = Task(executorPreference: environment.taskExecutor) {
            try? await app.stack("tstack").push(Screen("tc"), animator: animator)
        }
        await animator.started()
        let tap = Task(executorPreference: environment.taskExecutor) { try? await app.user.tapBack(in: "tstack") }
        _ = await probe.next { if case .waiting = $0 { true } else { false } }
        animator.open()
        _ = await push.value
        _ = await tap.value
        let names = await app.stack("tstack").items()?.map(\.name) ?? []
        guard names != ["ta"] else { return }
        await checker.noteViolation(
            .init(.answered, "a back tap from [ta, tb] while the app pushed tc left the stack \(names), not [ta]"))
    }
}
