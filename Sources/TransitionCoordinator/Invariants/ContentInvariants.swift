/// Invariant 8 over content trees, as a pure function: what ``InvariantChecker/check(_:ignoresUnmanagedWindows:)``,
/// the planner's tests and the harness use.
package enum ContentInvariants {
    /// Every violation of invariant 8 in `contents` (each named by `window`, for the message):
    /// a stack without its root, tabs without tabs or with a selection out of range, a node
    /// presenting while its base presents, two nodes presenting in one presentation context (a
    /// tab bar and a stack in one of its tabs, say: UIKit presents one controller a context),
    /// and a screen or container id appearing twice in a
    /// window; a container id appearing in two windows, since handles find containers by id.
    package static func check(_ contents: [(window: String, content: WindowContent)]) -> [InvariantViolation] {
        var found: [InvariantViolation] = []
        var owners: [ContainerID: String] = [:]
        for (window, content) in contents {
            found += check(content, in: window)
            for id in Set(content.containers) {
                if let other = owners.updateValue(window, forKey: id) {
                    found.append(.init(.containers, "container \(id) is in both \(other) and \(window)"))
                }
            }
        }
        return found
    }

    /// The deepest content a window may show, in nested nodes (a tab bar, a hop container, a node
    /// presenting a modal each add one): about 500 modals, each presented over the last. Deeper
    /// content is refused before anything walks it, since walking a tree recurses once a level.
    package static let maxDepth = 1_000

    /// Every violation of invariant 8 in one window's `content`.
    package static func check(_ content: WindowContent, in window: String) -> [InvariantViolation] {
        // Checked first, without recursion: the checks below recurse once a level.
        if depth(of: content, over: maxDepth) {
            return [.init(.containers, "the content of \(window) is nested deeper than \(maxDepth) levels")]
        }
        var found: [InvariantViolation] = []
        checkContext(of: content, in: window, into: &found)
        walk(content, in: window, into: &found)
        // Sized first (a count of each stack's items): growing a set rehashes what it holds.
        var screens = Set<ScreenID>(minimumCapacity: content.screenCount)
        content.forEachScreenID { id in
            if !screens.insert(id).inserted {
                found.append(.init(.containers, "screen \(id) appears twice in \(window): \(content)"))
            }
        }
        var containers = Set<ContainerID>()
        for id in content.containers where !containers.insert(id).inserted {
            found.append(.init(.containers, "container \(id) appears twice in \(window): \(content)"))
        }
        return found
    }

    /// Invariant 8 across a committed dismiss: every container of the modal chain the presenter
    /// showed is gone from the window after it (a child sheet never outlives its parent), and the
    /// presenter presents nothing. Checked for dismisses of a container, by the app or the user.
    package static func checkDismiss(_ record: TransitionRecord) -> [InvariantViolation] {
        let presenter: ContainerID
        switch record.request {
        case .content(.dismiss(.container(let id)), _), .userDid(.dismiss(.container(let id)), _): presenter = id
        case .content(.dismissModal(let modal), _), .userDid(.dismissModal(let modal), _):
            // The container that presented the modal before (found as the planner finds it).
            let found = record.before.windowList.lazy.compactMap { ContainerPlanner.presenter(of: modal, in: $0.content) }.first
            guard case .container(let id)? = found else { return [] }
            presenter = id
        default: return []
        }
        guard let window = record.before.windowList.first(where: { $0.content.holds(presenter) }),
            let modal = window.content.find(presenter)?.presented,
            let after = record.after.window(window.id)?.content
        else { return [] }
        var found: [InvariantViolation] = []
        let left = modal.containers.filter { after.holds($0) }
        if !left.isEmpty {
            found.append(
                .init(
                    .containers,
                    "\(record.id) dismissed what \(presenter) presented in \(window.id), but \(left) stayed: "
                        + "a child modal outlived its parent\n\(after)"))
        }
        if let still = after.find(presenter)?.presented {
            found.append(
                .init(.containers, "\(record.id) dismissed what \(presenter) presented, but it still presents \(still.nodeID)"))
        }
        return found
    }

    /// Whether `content` nests deeper than `limit` levels: a walk with a stack of its own, so it
    /// never recurses, and it stops as soon as the limit is passed.
    static func depth(of content: WindowContent, over limit: Int) -> Bool {
        var pending: [(WindowContent, Int)] = [(content, 1)]
        while let (node, level) = pending.popLast() {
            if level > limit { return true }
            switch node {
            case .screen, .stack: break
            case .tabs(let tabs): for tab in tabs.tabs { pending.append((tab, level + 1)) }
            case .hop(let hop): pending.append((hop.current, level + 1))
            case .presenting(let base, let modal):
                pending.append((base, level + 1))
                pending.append((modal, level + 1))
            }
        }
        return false
    }

    private static func walk(_ content: WindowContent, in window: String, into found: inout [InvariantViolation]) {
        switch content {
        case .screen:
            break
        case .stack(let stack):
            if stack.items.isEmpty { found.append(.init(.containers, "stack \(stack.id) in \(window) has no root")) }
        case .tabs(let tabs):
            if !tabs.tabs.indices.contains(tabs.selected) {
                found.append(.init(.containers, "tabs \(tabs.id) in \(window) select \(tabs.selected) of 0..<\(tabs.tabs.count)"))
            }
            for tab in tabs.tabs { walk(tab, in: window, into: &found) }
        case .hop(let hop):
            walk(hop.current, in: window, into: &found)
        case .presenting(let base, let modal):
            if case .presenting = base {
                found.append(.init(.containers, "\(base.nodeID) in \(window) presents two modals: \(content)"))
            }
            walk(base, in: window, into: &found)
            checkContext(of: modal, in: window, into: &found)
            walk(modal, in: window, into: &found)
        }
    }

    /// One presentation per presentation context, as UIKit has it: `context` (a window's content,
    /// or a modal) and the nodes it holds through tabs and hop containers share one context, since
    /// UIKit forwards a child's `present` to it and refuses a second while it presents. Counted
    /// without building a list; the list is made for the message only.
    private static func checkContext(of context: WindowContent, in window: String, into found: inout [InvariantViolation]) {
        guard presenterCount(in: context, upTo: 2) > 1 else { return }
        let presenters = presentations(in: context).map(\.presenter)
        found.append(
            .init(
                .containers,
                "\(presenters.map(\.description).joined(separator: " and ")) in \(window) present in one presentation context: \(context)"
            ))
    }

    /// How many nodes present in `content`'s presentation context, counting no further than `limit`.
    private static func presenterCount(in content: WindowContent, upTo limit: Int) -> Int {
        switch content {
        case .screen, .stack:
            return 0
        case .tabs(let tabs):
            var count = 0
            for tab in tabs.tabs where count < limit { count += presenterCount(in: tab, upTo: limit - count) }
            return count
        case .hop(let hop):
            return presenterCount(in: hop.current, upTo: limit)
        case .presenting(let base, _):
            return limit <= 1 ? 1 : 1 + presenterCount(in: base, upTo: limit - 1)
        }
    }

    /// The first presentation in `content`'s presentation context, outermost first: its presenter,
    /// with what it presents; nil when nothing there presents.
    package static func firstPresentation(
        in content: WindowContent
    ) -> (presenter: WindowContent.NodeID, modal: WindowContent.NodeID)? {
        switch content {
        case .screen, .stack: nil
        case .tabs(let tabs): tabs.tabs.lazy.compactMap { firstPresentation(in: $0) }.first
        case .hop(let hop): firstPresentation(in: hop.current)
        case .presenting(let base, let modal): (base.nodeID, modal.nodeID)
        }
    }

    /// The presentations in `content`'s presentation context (its nodes through tabs and hop
    /// containers, not through modals), outermost first: each presenter, with what it presents.
    private static func presentations(
        in content: WindowContent
    ) -> [(presenter: WindowContent.NodeID, modal: WindowContent.NodeID)] {
        switch content {
        case .screen, .stack: []
        case .tabs(let tabs): tabs.tabs.flatMap { presentations(in: $0) }
        case .hop(let hop): presentations(in: hop.current)
        case .presenting(let base, let modal): [(base.nodeID, modal.nodeID)] + presentations(in: base)
        }
    }
}
