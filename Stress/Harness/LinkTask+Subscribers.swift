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
}
