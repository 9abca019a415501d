import TransitionCoordinator

/// A small seeded generator (SplitMix64): the same seed gives the same numbers everywhere.
private struct SplitMix64: RandomNumberGenerator {
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A number in `0..<bound` (`bound` > 0).
    mutating func below(_ bound: Int) -> Int { Int(next() % UInt64(bound)) }

    /// True with probability `percent` in 100.
    mutating func chance(_ percent: Int) -> Bool { below(100) < percent }
}

/// Random valid content trees (invariant 8: unique ids, stacks with a root, selections in range,
/// a node presenting at most one modal, one presentation a presentation context), drawn from small pools of ids so that two trees share
/// many screens and containers, and small edits of a tree.
package struct TreeGenerator {
    private var random: SplitMix64
    private var screens: [String] = []
    private var containers: [String] = []
    private var fresh = 0

    /// A generator whose trees and edits follow from `seed`.
    package init(seed: UInt64) { random = SplitMix64(seed: seed) }

    /// A random tree whose ids come from pools of 10 screens and 6 containers (a screen's
    /// parameters vary, so the same id can be another screen).
    package mutating func tree() -> WindowContent {
        screens = (0..<10).map { "s\($0)" }
        containers = (0..<6).map { "c\($0)" }
        return Self.onePresentationPerContext(content(depth: 0))
    }

    /// `content` with at most one presentation a presentation context, as UIKit allows (a
    /// context is a window's content or a modal, with the nodes it holds through tabs and hop
    /// containers): the first found, outermost first, is kept, and the others are dropped with
    /// what they presented.
    package static func onePresentationPerContext(_ content: WindowContent) -> WindowContent {
        func strip(_ node: WindowContent, taken: inout Bool) -> WindowContent {
            switch node {
            case .screen, .stack:
                return node
            case .tabs(let bar):
                let tabs = bar.tabs.map { strip($0, taken: &taken) }
                return (try? TabBar(id: bar.id, tabs: tabs, selected: bar.selected)).map(WindowContent.tabs) ?? node
            case .hop(let hop):
                return .hop(HopContainer(id: hop.id, showing: strip(hop.current, taken: &taken)))
            case .presenting(let base, let modal):
                if taken { return strip(base, taken: &taken) }
                taken = true
                return .presenting(strip(base, taken: &taken), modal: onePresentationPerContext(modal))
            }
        }
        var taken = false
        return strip(content, taken: &taken)
    }

    /// `tree` changed by one to three small edits: a push, a pop, a screen's parameters, a tab
    /// selected, a hop, a modal presented or dismissed, a subtree replaced by a fresh one.
    package mutating func edited(_ tree: WindowContent) -> WindowContent {
        var result = tree
        for _ in 0...random.below(3) { result = edit(result) }
        return Self.onePresentationPerContext(result)
    }

    private mutating func screen() -> Screen {
        let id: String
        if let pooled = screens.indices.randomElement(using: &random).map({ screens.remove(at: $0) }) {
            id = pooled
        } else {
            fresh += 1
            id = "x\(fresh)"
        }
        return Screen(id, parameters: random.chance(20) ? ["v": "\(random.below(2))"] : [:])
    }

    private mutating func freshScreen() -> Screen {
        fresh += 1
        return Screen("n\(fresh)")
    }

    private mutating func container() -> ContainerID? {
        containers.indices.randomElement(using: &random).map { ContainerID(containers.remove(at: $0)) }
    }

    /// Where a node stands, for what UIKit lets it hold: a tab bar controller belongs at a
    /// window's root (a hop container at the root is the window itself, see
    /// `Reconciler.shown(_:)`) or is presented; it is never another controller's child.
    private enum Place {
        /// The window's root, or the child of a hop container there.
        case windowRoot
        /// A presented modal's root.
        case modalRoot
        /// Inside a tab bar, or a hop container that is not at the window's root.
        case inside

        var allowsTabs: Bool { self != .inside }
    }

    /// A random node, standing at `place`.
    private mutating func content(depth: Int, place: Place = .windowRoot) -> WindowContent {
        var node: WindowContent
        var kind = depth > 2 ? 0 : random.below(5)
        if kind == 3, !place.allowsTabs { kind = 1 }
        if kind > 0, let id = container() {
            switch kind {
            case 1, 2:
                node = .stack(StackContainer(id: id, root: screen(), pushed: (0..<random.below(4)).map { _ in screen() }))
            case 3:
                let tabs = (0...random.below(3)).map { _ in content(depth: depth + 1, place: .inside) }
                node =
                    (try? TabBar(id: id, tabs: tabs, selected: random.below(tabs.count))).map(WindowContent.tabs)
                    ?? .screen(screen())
            default:
                node = .hop(
                    HopContainer(id: id, showing: content(depth: depth + 1, place: place == .windowRoot ? .windowRoot : .inside)))
            }
        } else {
            node = .screen(screen())
        }
        if depth < 4, random.chance(30) { node = .presenting(node, modal: content(depth: depth + 1, place: .modalRoot)) }
        return node
    }

    private mutating func edit(_ node: WindowContent) -> WindowContent {
        let descend = random.chance(60)
        switch node {
        case .screen(let screen):
            return random.chance(50)
                ? .presenting(node, modal: .screen(freshScreen()))
                : .screen(Screen(screen.name, id: screen.id, parameters: ["v": "\(fresh)"]))
        case .stack(let stack):
            var items = stack.items
            switch random.below(4) {
            case 0: items.append(freshScreen())
            case 1: if items.count > 1 { items.removeLast() } else { items.append(freshScreen()) }
            case 2: items[items.count - 1] = freshScreen()
            default: return .presenting(node, modal: .stack(StackContainer(id: ContainerID("m\(fresh)"), root: freshScreen())))
            }
            return .stack(StackContainer(id: stack.id, root: items[0], pushed: Array(items.dropFirst())))
        case .tabs(let bar):
            var tabs = bar.tabs
            var selected = bar.selected
            if descend {
                let index = random.below(tabs.count)
                tabs[index] = edit(tabs[index])
            } else {
                selected = random.below(tabs.count)
            }
            return (try? TabBar(id: bar.id, tabs: tabs, selected: selected)).map(WindowContent.tabs) ?? node
        case .hop(let hop):
            return .hop(HopContainer(id: hop.id, showing: descend ? edit(hop.current) : .screen(freshScreen())))
        case .presenting(let base, let modal):
            switch random.below(3) {
            case 0: return base
            case 1: return .presenting(edit(base).base, modal: modal)
            default: return .presenting(base, modal: edit(modal))
            }
        }
    }
}
