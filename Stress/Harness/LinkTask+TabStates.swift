import TransitionCoordinator

/// What a tab bar's tabs show beyond what a route names, on an app of its own: a sheet a tab
/// keeps while a link selects another, and a tab the app rooted at another screen. The first
/// must save and restore as it is shown (mutant ``Mutation/tabStepOverModalsRefused``); the
/// second must be kept by a link into another tab (``Mutation/retargetedTabReset``), and saving
/// must refuse it by name or restore it as it is, never lose it without a word
/// (``Mutation/retargetedTabWritten``).
extension LinkTask {
    static func tabStatesSave(environment: StressEnvironment, checker: StressChecker) async {
        let registry = registry()
        func app() async -> Coordinator {
            await Coordinator(
                root: Screen("lhome"), clock: environment.clock, executor: environment.serialExecutor,
                taskExecutor: environment.taskExecutor, screens: registry)
        }
        let coordinator = await app()
        for path in ["^/ltabs#la!lalert", "^/ltabs#lb/lfriend"] {
            do {
                try await coordinator.navigate(to: try Route(parsing: path))
            } catch {
                await checker.noteViolation(.init(.answered, "the link \(path) on an app of its own failed: \(error)"))
                return
            }
        }
        let kept = await coordinator.snapshot.rootWindow?.content
        let saved = await coordinator.savedNavigationBesideRoot().saved
        if let broken = await restoredAsShown(saved, shown: kept, registry: registry, fresh: await app()) {
            await checker.noteViolation(.init(.atomic, "a sheet kept in tab la while lb is selected: " + broken))
        }
        do {
            try await coordinator.stack("laStack").setStack([Screen("lfeed")])
            try await coordinator.navigate(to: try Route(parsing: "^/ltabs#lb/ldetail(id=1)"))
        } catch {
            await checker.noteViolation(.init(.answered, "rooting tab la elsewhere, then a link into lb, failed: \(error)"))
            return
        }
        let rooted = await coordinator.stack("laStack").items(as: Screen.self)?.map(\.name)
        if rooted != ["lfeed"] {
            await checker.noteViolation(
                .init(.atomic, "a link into tab lb reset tab la, which the app rooted at lfeed, to \(rooted ?? [])"))
        }
        await savedOrRefused(coordinator, naming: "laStack", "tab la rooted at lfeed", checker: checker, fresh: await app())
        // The declared tab bar built by hand with a stack of another id, and with a third tab:
        // saved as it is, or refused by name (mutant ``Mutation/undeclaredTabsWritten``).
        let la = WindowContent.stack(StackContainer(id: "laStack", root: Screen("la")))
        let lb = WindowContent.stack(StackContainer(id: "lbStack", root: Screen("lb")))
        for (tabs, named) in [
            ([la, WindowContent.stack(StackContainer(id: "myStack", root: Screen("lb")))], ContainerID("myStack")),
            ([la, lb, WindowContent.stack(StackContainer(id: "lextra", root: Screen("lfeed")))], ContainerID("ltabs")),
        ] {
            guard let bar = try? TabBar(id: "ltabs", tabs: tabs, selected: 0),
                let built = try? await Coordinator(
                    root: .tabs(bar), clock: environment.clock, executor: environment.serialExecutor,
                    taskExecutor: environment.taskExecutor, screens: registry)
            else {
                await checker.noteViolation(.init(.answered, "a tab bar built by hand was refused: \(tabs)"))
                continue
            }
            await savedOrRefused(built, naming: named, "ltabs built by hand as \(bar)", checker: checker, fresh: await app())
        }
    }

    /// Checks that what `coordinator` shows saves and restores on `fresh` as it is, or is refused
    /// as having no route, naming `container`.
    private static func savedOrRefused(
        _ coordinator: Coordinator, naming container: ContainerID, _ what: String, checker: StressChecker,
        fresh: Coordinator
    ) async {
        let (saved, shown) = await coordinator.savedNavigationBesideRoot()
        if case .failure(.notRoutable(.container(container), _)) = saved { return }
        if let broken = await restoredAsShown(saved, shown: shown, registry: LinkTask.registry(), fresh: fresh) {
            await checker.noteViolation(.init(.atomic, "\(what): " + broken))
        }
    }

    /// Nil when `saved` restores on `fresh` to what `shown` shows (its shape: the same containers
    /// and screens by name and parameters), nothing dropped; else what went wrong.
    private static func restoredAsShown(
        _ saved: Result<SavedNavigation, NavigationError>, shown: WindowContent?, registry: ScreenRegistry,
        fresh: Coordinator
    ) async -> String? {
        guard let shown else { return "nothing shown" }
        let state: SavedNavigation
        switch saved {
        case .success(let made): state = made
        case .failure(let error): return "the state shown, \(shown), cannot be saved: \(error)"
        }
        do {
            let restored = try await fresh.restore(state, policy: RestorationPolicy(), now: state.savedAt)
            let after = await fresh.snapshot.rootWindow?.content
            guard let after, StressChecker.shape(after) == StressChecker.shape(shown), restored.dropped.isEmpty else {
                return "saved as \(state.route), it restores as \(after.map(\.description) ?? "nothing"), "
                    + "dropping \(restored.dropped), not as \(shown)"
            }
            return nil
        } catch {
            return "saved as \(state.route), it does not restore: \(error)"
        }
    }
}

extension LinkTask {
    /// Tabs reordered on an app of its own, so that another tab shows at the selected index: the
    /// animator is told a select, as the trees say (mutant ``Mutation/tabSelectionByIndex``).
    static func reorderedTabsSelect(environment: StressEnvironment, checker: StressChecker) async {
        let la = WindowContent.stack(StackContainer(id: "laStack", root: Screen("la")))
        let lb = WindowContent.stack(StackContainer(id: "lbStack", root: Screen("lb")))
        guard let before = try? TabBar(id: "ltabs", tabs: [la, lb], selected: 0),
            let after = try? TabBar(id: "ltabs", tabs: [lb, la], selected: 0),
            let app = try? await Coordinator(
                root: .tabs(before), clock: environment.clock, executor: environment.serialExecutor,
                taskExecutor: environment.taskExecutor, screens: registry())
        else { return }
        let told = Locked<ContentAnimation?>(nil)
        let animator = CallbackAnimator { context, finish in
            told.withLock { $0 = context.contentChange?.animation }
            finish()
        }
        do {
            try await app.replaceContent(with: .tabs(after), animator: animator)
        } catch {
            await checker.noteViolation(.init(.answered, "tabs reordered on an app of their own were refused: \(error)"))
            return
        }
        let kind = told.withLock { $0 }
        if kind != .select {
            await checker.noteViolation(
                .init(
                    .skipRules,
                    "tabs reordered so that lb shows at the selected index were told as \(kind.map(\.description) ?? "nothing"), not a select"
                ))
        }
    }

    /// A sheet over a hop container's screen, on an app of its own, taken away twice: by its
    /// presenter's dismiss, then (presented again) by the whole tree without it, as a link
    /// navigates. The same change must be told as the same kind, a dismiss, both times (mutant
    /// ``Mutation/hopHidesDismiss``).
    static func hopSheetDismissed(environment: StressEnvironment, checker: StressChecker) async {
        let bare = WindowContent.hop(HopContainer(id: "lhop", showing: .screen(Screen("la"))))
        let sheet = WindowContent.screen(Screen("lb"))
        guard
            let app = try? await Coordinator(
                root: bare, clock: environment.clock, executor: environment.serialExecutor,
                taskExecutor: environment.taskExecutor, screens: registry())
        else { return }
        let told = Locked<[ContentAnimation?]>([])
        let animator = CallbackAnimator { context, finish in
            told.withLock { $0.append(context.contentChange?.animation) }
            finish()
        }
        do {
            for byTree in [false, true] {
                try await app.present(sheet, from: .screen(Screen("la").id))
                if byTree {
                    try await app.replaceContent(with: bare, animator: animator)
                } else {
                    try await app.dismiss(presentedBy: .screen(Screen("la").id), animator: animator)
                }
            }
        } catch {
            await checker.noteViolation(.init(.answered, "a sheet over a hop container's screen, on an app of its own: \(error)"))
            return
        }
        let kinds = told.withLock { $0 }
        if kinds != [.dismiss, .dismiss] {
            await checker.noteViolation(
                .init(
                    .skipRules,
                    "a sheet over a hop container's screen, dismissed by its presenter then by the whole tree, "
                        + "was told as \(kinds.map { $0.map(\.description) ?? "nothing" }), not a dismiss both times"))
        }
    }

    /// A relative link going up from the root of the selected tab, on an app of its own whose
    /// other tab holds a screen: `..` and `../lfriend` must be refused as going up past that tab's
    /// root, with nothing changed, never select the other tab or pop what it shows (mutant
    /// ``Mutation/upPopsTabRoot``).
    static func upStaysInItsTab(environment: StressEnvironment, checker: StressChecker) async {
        let app = await Coordinator(
            root: Screen("lhome"), clock: environment.clock, executor: environment.serialExecutor,
            taskExecutor: environment.taskExecutor, screens: registry())
        guard (try? await app.navigate(to: Route(parsing: "^/ltabs#la/lfeed#lb"))) != nil else {
            await checker.noteViolation(.init(.answered, "the link ^/ltabs#la/lfeed#lb on an app of its own failed"))
            return
        }
        let before = await app.snapshot
        for path in ["..", "../lfriend", "up(n=2)"] {
            guard let route = try? Route(parsing: path) else { continue }
            let answer: Result<TransitionRecord?, TransitionError>
            do throws(TransitionError) {
                answer = .success(try await app.navigate(to: route))
            } catch {
                answer = .failure(error)
            }
            let shows = await app.snapshot
            guard case .failure(.route(.upPastTab("lb", _), _)) = answer, shows == before else {
                await checker.noteViolation(
                    .init(
                        .answered,
                        "the relative link \(path) at the root of tab lb, tab la holding lfeed, gave \(answer) and left "
                            + "\((try? shows.rootRoute(registry: registry()).path) ?? "a state with no route"): it must be "
                            + "refused as going up past lb's root, with nothing changed"))
                return
            }
        }
    }
}
