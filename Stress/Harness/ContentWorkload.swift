import TransitionCoordinator

/// The content half of the workload: container operations on a few stacks, tabs and modals that
/// windows open and close, so operations often find their container and sometimes do not, or find
/// one of another kind.
extension Workload {
    /// Stack ids the workload names.
    static let stackIDs: [ContainerID] = ["c0", "c1", "c2"]
    /// Modal stack ids.
    static let modalIDs: [ContainerID] = ["m0", "m1"]
    /// The one tabs id.
    static let tabsID: ContainerID = "t0"
    /// The one hop container id.
    static let hopID: ContainerID = "h0"
    /// How many content screen ids there are (`k0`…): more than a tree holds, few enough to collide.
    static let contentScreenPool = 24

    /// What the root window shows at the start: tabs of two stacks when content requests or
    /// gestures are on.
    var rootContent: WindowContent {
        guard faults.rate(.containerOperation) > 0 || faults.rate(.interactiveGesture) > 0 else { return .screen(Screen("home")) }
        return Self.startingTabs
    }

    /// Tabs of two stacks, `c0` and `c1`: the root's content at the start.
    static let startingTabs = WindowContent.tabs(
        TabBar(
            id: tabsID, .stack(StackContainer(id: "c0", root: Screen("home"))),
            .stack(StackContainer(id: "c1", root: Screen("content", id: "k0")))))

    /// One content request: now and then what the user did (a back swipe or tap, a tab tap, a
    /// sheet swiped away), reported by the host.
    func contentRequest(_ rng: inout SplitMix64) -> TransitionRequest {
        if rng.chance(10) {
            switch rng.below(10) {
            case 0..<6: return .userDid(.pop(anyContainer(&rng)))
            // A tap or a swipe named by place (an index, a presenter) or by the node the user acted on.
            case 6..<8 where rng.chance(50): return .userDid(.select(tab: rng.below(3), in: Self.tabsID))
            case 6..<8: return .userDid(.selectTab(.container(rng.pick(Self.stackIDs)), in: Self.tabsID))
            default:
                guard rng.chance(50) else { return .userDid(.dismissModal(.container(rng.pick(Self.modalIDs)))) }
                return .userDid(.dismiss(.container(rng.pick(Self.stackIDs + [Self.tabsID]))))
            }
        }
        switch rng.below(100) {
        case 0..<6: return .show(tree(&rng), at: rng.pick(levels))
        case 6..<13: return .content(.replace(with: tree(&rng)), at: rng.chance(85) ? .root : rng.pick(levels))
        case 13..<32: return .content(.push(contentScreen(&rng), onto: anyContainer(&rng)))
        case 32..<37: return .content(.pop(anyContainer(&rng)))
        case 37..<40: return .content(.popTo(ScreenID("k\(rng.below(Self.contentScreenPool))"), in: anyContainer(&rng)))
        case 40..<44: return .content(.popToRoot(anyContainer(&rng)))
        case 44..<68:
            // Mostly on the stacks the root starts with, and mostly a few items (now and then none).
            let stack = rng.chance(80) ? rng.pick(Array(Self.stackIDs.prefix(2))) : anyContainer(&rng)
            return .content(.setStack(stack, distinctScreens(&rng, count: rng.chance(90) ? 1 + rng.below(4) : 0)))
        case 68..<74: return .content(.select(tab: rng.below(3), in: rng.chance(85) ? Self.tabsID : anyContainer(&rng)))
        case 74..<77:
            return .content(.hop(to: .screen(contentScreen(&rng)), in: rng.chance(85) ? Self.hopID : anyContainer(&rng)))
        case 77..<88:
            // Presented from a modal half the time, and half the time a sheet presenting a second
            // one, so modals stack up and a dismiss takes several (a child must go with its parent).
            var modal = WindowContent.stack(StackContainer(id: rng.pick(Self.modalIDs), root: contentScreen(&rng)))
            if rng.chance(50) {
                modal = .presenting(
                    .stack(StackContainer(id: Self.modalIDs[0], root: contentScreen(&rng))),
                    modal: .stack(StackContainer(id: Self.modalIDs[1], root: contentScreen(&rng))))
            }
            let from: WindowContent.NodeID =
                rng.chance(85)
                ? .container(rng.chance(50) ? rng.pick(Self.modalIDs) : anyContainer(&rng))
                : .screen(ScreenID("k\(rng.below(Self.contentScreenPool))"))
            return .content(.present(modal, from: from))
        default:
            // Now and then by a screen that presents (one a hop container shows, say).
            if rng.chance(15) { return .content(.dismiss(.screen(ScreenID("k\(rng.below(Self.contentScreenPool))")))) }
            // Mostly the root's containers, where sheets are most often presented and stay longest.
            let bases: [ContainerID] = Self.stackIDs + [Self.tabsID, Self.hopID]
            let rootBases: [ContainerID] = [Self.stackIDs[0], Self.stackIDs[1], Self.tabsID]
            return .content(
                .dismiss(.container(rng.chance(70) ? rng.pick(rng.chance(60) ? rootBases : bases) : anyContainer(&rng))))
        }
    }

    /// A container id: a stack most often, then a modal, the tabs or the hop container.
    private func anyContainer(_ rng: inout SplitMix64) -> ContainerID {
        switch rng.below(10) {
        case 0..<7: rng.pick(Self.stackIDs)
        case 7: rng.pick(Self.modalIDs)
        case 8: Self.tabsID
        default: Self.hopID
        }
    }

    /// A content screen, with parameters now and then (a same-id screen with other parameters replaces).
    private func contentScreen(_ rng: inout SplitMix64) -> Screen {
        if rng.chance(faults.rate(.coverScreenID)) { return rng.chance(50) ? Screen("pin") : Screen("shield") }
        let number = rng.below(Self.contentScreenPool)
        return Screen("content", id: ScreenID("k\(number)"), parameters: rng.chance(20) ? ["v": "\(rng.below(2))"] : [:])
    }

    /// `count` screens with distinct ids (now and then one repeated, which the planner refuses).
    private func distinctScreens(_ rng: inout SplitMix64, count: Int) -> [Screen] {
        var screens: [Screen] = []
        while screens.count < count {
            let screen = contentScreen(&rng)
            if rng.chance(3) || !screens.contains(where: { $0.id == screen.id }) { screens.append(screen) }
        }
        return screens
    }

    /// A small tree: a stack, tabs of two stacks, or a hop container, sometimes presenting a modal stack.
    private func tree(_ rng: inout SplitMix64) -> WindowContent {
        var stacks = Self.stackIDs
        func stack() -> WindowContent {
            let id = stacks.remove(at: rng.below(stacks.count))
            let items = distinctScreens(&rng, count: 1 + rng.below(3))
            return .stack(StackContainer(id: id, root: items[0], pushed: Array(items.dropFirst())))
        }
        var base: WindowContent
        switch rng.below(10) {
        case 0..<5: base = stack()
        case 5..<8: base = .tabs(TabBar(id: Self.tabsID, stack(), stack()))
        default: base = .hop(HopContainer(id: Self.hopID, showing: stack()))
        }
        if rng.chance(40) {
            // A sheet, half the time presenting a second one: a dismiss of the base takes both.
            let first = Self.modalIDs[0], second = Self.modalIDs[1]
            var modal = WindowContent.stack(StackContainer(id: first, root: contentScreen(&rng)))
            if rng.chance(70) {
                modal = .presenting(modal, modal: .stack(StackContainer(id: second, root: contentScreen(&rng))))
            }
            base = .presenting(base, modal: modal)
        }
        return base
    }
}
