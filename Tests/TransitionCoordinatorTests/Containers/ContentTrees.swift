@testable import TransitionCoordinator

/// Content trees the container tests share: a tab bar whose tabs each hold a stack, with a sheet
/// (itself a stack) over the first; and a launch flow's hop container.
enum ContentTrees {
    static let list = Screen("list"), mail = Screen("mail"), thread = Screen("thread")
    static let feed = Screen("feed"), post = Screen("post")
    static let draft = Screen("draft"), attach = Screen("attach")
    static let splash = Screen("splash"), signUp = Screen("signUp"), main = Screen("main")

    static let inbox = StackContainer(id: "inbox", root: list, pushed: [mail])
    static let news = StackContainer(id: "news", root: feed)
    static let compose = StackContainer(id: "compose", root: draft)

    /// `tabs main {*stack inbox [list, mail] ! stack compose [draft], stack news [feed]}`.
    static let app = WindowContent.tabs(TabBar(id: "main", .presenting(.stack(inbox), modal: .stack(compose)), .stack(news)))

    /// `hop launch <splash>`.
    static let launch = WindowContent.hop(HopContainer(id: "launch", showing: .screen(splash)))
}
