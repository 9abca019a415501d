/// A planned change of one window's content: the trees before and after, the one animation that
/// shows it, and which screens leave and arrive. A pure value; nothing has happened yet.
///
/// A change is always one transition, animated once, however many steps it takes (a sheet
/// dismissed, a pop and a push): observers never see the trees in between.
public struct ContentChange: Sendable, Hashable, CustomStringConvertible {
    /// What was asked.
    public let operation: ContainerOperation
    /// The content before.
    public let before: WindowContent
    /// The content after.
    public let after: WindowContent
    /// How the change is shown.
    public let animation: ContentAnimation
    /// Screens that leave the window (by id, or replaced by a screen with the same id and other
    /// parameters), in the order ``WindowContent/screens`` lists them before.
    public let departed: [Screen]
    /// Screens that arrive (new ids, or replacements), in the order listed after.
    public let arrived: [Screen]

    /// The screen on top before (the animator's from-screen).
    public var from: Screen { before.topScreen }
    /// The screen on top after (the animator's to-screen).
    public var to: Screen { after.topScreen }

    /// A change from `before` to `after`, with its departures and arrivals worked out.
    init(_ operation: ContainerOperation, before: WindowContent, after: WindowContent, animation: ContentAnimation) {
        self.operation = operation
        self.before = before
        self.after = after
        self.animation = animation
        (departed, arrived) = Self.difference(before, after)
    }

    /// Screens of `before` without an equal screen (same id and parameters) in `after`, and the
    /// reverse; linear in the screens of both.
    static func difference(_ before: WindowContent, _ after: WindowContent) -> (departed: [Screen], arrived: [Screen]) {
        var old: [ScreenID: Screen] = [:]
        before.forEachScreen { old[$0.id] = $0 }
        var new: [ScreenID: Screen] = [:]
        var arrived: [Screen] = []
        after.forEachScreen { screen in
            new[screen.id] = screen
            if old[screen.id] != screen { arrived.append(screen) }
        }
        var departed: [Screen] = []
        before.forEachScreen { screen in
            if new[screen.id] != screen { departed.append(screen) }
        }
        return (departed, arrived)
    }

    /// `push mail onto inbox: list → mail (push)`.
    public var description: String { "\(operation): \(from) → \(to) (\(animation))" }
}

/// How a content change is shown: one animation per change.
public enum ContentAnimation: String, Sendable, Hashable, Codable, CustomStringConvertible {
    /// Nothing to animate: the top screen did not change.
    case none
    /// A new screen comes on top of a stack.
    case push
    /// The top goes back to a screen that was already below it.
    case pop
    /// Another tab is shown.
    case select
    /// A modal comes up.
    case present
    /// A modal goes away.
    case dismiss
    /// A hop container shows another child (a crossfade by default).
    case hop

    /// The raw value.
    public var description: String { rawValue }

    /// For a change of a whole stack or tree: a push when the new top is new, a pop when it was
    /// already there (below), none when it is the same screen id.
    static func replacing(_ before: WindowContent, with after: WindowContent) -> ContentAnimation {
        let from = before.topScreen.id, to = after.topScreen.id
        if from == to { return .none }
        return before.shows(to) ? .pop : .push
    }
}
