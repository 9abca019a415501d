import TestSupport
import TransitionCoordinator
import TransitionCoordinatorUIKit

/// The UIKit stress mode's checks at a checkpoint: what the fake UIKit shows against the
/// committed snapshot, and the rules and reports it recorded.
extension UIKitStress {
    /// `shown` with each tab bar's tabs in the order `model` gives them, its selection following
    /// its tab: what UIKit shows after the user reordered tabs through More, compared with the
    /// model's order.
    package static func inModelOrder(_ shown: WindowContent, like model: WindowContent) -> WindowContent {
        switch shown {
        case .screen, .stack:
            return shown
        case .hop(let hop):
            return .hop(HopContainer(id: hop.id, showing: inModelOrder(hop.current, like: model)))
        case .presenting(let base, let modal):
            return .presenting(inModelOrder(base, like: model), modal: inModelOrder(modal, like: model))
        case .tabs(let bar):
            let tabs = bar.tabs.map { inModelOrder($0, like: model) }
            guard case .tabs(let wanted)? = model.find(bar.id)?.base else { return shown }
            let order = wanted.tabs.map(\.nodeID)
            let sorted = tabs.sorted { (order.firstIndex(of: $0.nodeID) ?? .max) < (order.firstIndex(of: $1.nodeID) ?? .max) }
            let selected = tabs.indices.contains(bar.selected) ? sorted.firstIndex { $0 == tabs[bar.selected] } : nil
            return (try? TabBar(id: bar.id, tabs: sorted, selected: selected ?? bar.selected)).map(WindowContent.tabs) ?? shown
        }
    }

    /// The first way `host`'s fake UIKit, with every transition ended and every call returned,
    /// breaks the promise for the committed `snapshot`: a UIKit rule broken, an applier list
    /// refused (invariant 8), or a window whose controllers are not the committed content as
    /// UIKit shows it (invariant 6); nil when it keeps it.
    @MainActor
    package static func violation(host: FakeWindowHost, snapshot: NavigationSnapshot, seed: UInt64) -> InvariantViolation? {
        if let broken = host.kit.windows.lazy.flatMap(\.violations).first {
            return .init(.containers, "seed \(seed): UIKit's rule broken: \(broken)")
        }
        if let stack = host.kit.lostPops.first {
            return .init(.answered, "seed \(seed): the user tapped back on \(stack), and the host neither reported nor undid it")
        }
        if let sheet = host.kit.heldSwipedAway.first {
            return .init(
                .answered, "seed \(seed): the user swiped \(sheet) away though the app holds it: its guards were never asked")
        }
        if let sheet = host.kit.unwatchedSwipes.first {
            return .init(.answered, "seed \(seed): the user swiped \(sheet) down, and nobody was told: the host did not watch it")
        }
        if let refusal = host.controllers.lastRefusal {
            return .init(.containers, "seed \(seed): the applier refused a list in \(refusal.window): \(refusal.error)")
        }
        for window in snapshot.windowList {
            guard let fake = host.kits[window.id] else {
                return .init(.atomic, "seed \(seed): window \(window.id) at \(window.level) is committed but never made")
            }
            // Worked out with no mutant planted: the reference the host is checked against.
            let expected = Mutation.unplanted {
                Reconciler.shown(fake.isHidden ? ContainerHost.withoutPresentations(window.content) : window.content)
            }
            // The tabs the user reordered through More stay in the user's order.
            let shown = try? fake.content().map { inModelOrder($0, like: expected) }
            if shown != expected {
                return .init(
                    .atomic,
                    "seed \(seed): window at \(window.level) shows \(shown.map(\.description) ?? "nothing readable") once UIKit's transitions ended, but v\(snapshot.version) commits \(expected)"
                )
            }
        }
        return nil
    }
}
