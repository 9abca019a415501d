/// What the coordinator's mutants need beyond one expression: the stale admission
/// (``Mutation/staleRead``) and the middle states the step-by-step mutants show
/// (``Mutation/setStackStepByStep``, ``Mutation/routeStepByStep``). Reached only where
/// ``planted(_:)`` says one of them is on, so a build without `TC_MUTANTS` optimizes it away.
extension Coordinator {
    /// The ``Mutation/staleRead`` mutant: read, await, then plan against what was read (no re-check of the slot).
    func staleDecision(
        _ request: TransitionRequest, from origin: TransitionMachine.Origin
    ) async -> TransitionMachine.Decision {
        let stale = snapshot
        await Task.yield()
        var next = machine.nextWindowID
        do throws(TransitionError) {
            let plan = try TransitionPlanner.plan(
                request, in: stale, nextWindowID: &next,
                ignoresUnmanagedWindows: configuration.ignoresUnmanagedWindows)
            let admission = machine.occupy(plan, from: origin, nextWindowID: next, waited: nil, at: clock.elapsed())
            announceBegan(admission)
            return .admit(admission)
        } catch {
            return .refuse(refuse(request, error))
        }
    }

    /// The middle state a step-by-step mutant shows, when one is on and `plan` has a middle.
    func halfway(_ plan: TransitionPlan) -> NavigationSnapshot? {
        if planted(.setStackStepByStep), let middle = Self.halfwaySetStack(plan) { return middle }
        if planted(.routeStepByStep), let middle = Self.halfwayRoute(plan) { return middle }
        return nil
    }

    /// The ``Mutation/routeStepByStep`` mutant's middle state: `plan`'s before-state with the
    /// root showing the route's target without its last step (``withoutLastStep(_:)``), when
    /// that differs from both ends; else nil.
    static func halfwayRoute(_ plan: TransitionPlan) -> NavigationSnapshot? {
        guard case .navigate = plan.request, let window = plan.contentWindow,
            let index = plan.before.windowList.firstIndex(where: { $0.id == window }),
            let target = plan.after.window(window)?.content, let middle = withoutLastStep(target),
            middle != plan.before.windowList[index].content
        else { return nil }
        var state = plan.before
        state.windowList[index].content = middle
        return state
    }

    /// `content` as a route one step shorter builds it: without its last modal, else without its
    /// stack's top, else with its selected tab's content so shortened; nil when no step can go.
    static func withoutLastStep(_ content: WindowContent) -> WindowContent? {
        switch content {
        case .presenting(let base, _): return base
        case .stack(let stack) where stack.items.count > 1:
            return .stack(StackContainer(id: stack.id, unchecked: Array(stack.items.dropLast())))
        case .tabs(let bar):
            guard let selected = bar.selectedContent, let shorter = withoutLastStep(selected) else { return nil }
            var tabs = bar.tabs
            tabs[bar.selected] = shorter
            return .tabs(TabBar(id: bar.id, unchecked: tabs, selected: bar.selected))
        default: return nil
        }
    }

    /// The ``Mutation/setStackStepByStep`` mutant's middle state: `plan`'s before-state with the
    /// `setStack`'s stack part way, as a step-by-step change shows it (popped back to what both
    /// stacks share, or that and the first push), when that differs from both ends; else nil.
    static func halfwaySetStack(_ plan: TransitionPlan) -> NavigationSnapshot? {
        guard case .content(.setStack(let id, let items), _) = plan.request, let window = plan.contentWindow,
            let index = plan.before.windowList.firstIndex(where: { $0.id == window }),
            case .stack(let stack)? = plan.before.windowList[index].content.find(id)?.base
        else { return nil }
        let kept = Array(items.prefix(ContentChange.sharedEnds(stack.items, items).start))
        let steps = [kept, kept + items.dropFirst(kept.count).prefix(1)]
        guard let step = steps.first(where: { !$0.isEmpty && $0 != stack.items && $0 != items }),
            let middle = try? ContainerPlanner.plan(.setStack(id, step), in: plan.before.windowList[index].content)
        else { return nil }
        var state = plan.before
        state.windowList[index].content = middle.after
        return state
    }
}
