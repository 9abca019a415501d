import TransitionCoordinator

/// A user's compose flow racing everything else ("a parent dismissed under a child sheet"): round
/// after round, a window holding the stack `sheetBase` (the one tab of the tab bar `sheetTabs`) is
/// opened if none stands; a compose sheet is presented from it, then a banner from the tab bar,
/// which shares the stack's presentation context and must be refused (UIKit presents one
/// controller a context), its form's steps sometimes pushed or set at once, an attachment sheet is
/// presented from the compose sheet, and then the base's sheet is dismissed, by the app or by the
/// user's swipe, taking both sheets at once. Workers pop windows, replace trees and background the
/// app meanwhile, so any step may be refused with a typed error; the round then goes on.
///
/// What must hold is checked on every record (``ContentInvariants/checkDismiss(_:)`` and the
/// replay of each record): a dismiss leaves no container of the chain it took away.
enum SheetFlowTask {
    static let base: ContainerID = "sheetBase", compose: ContainerID = "sheetCompose", attach: ContainerID = "sheetAttach"
    static let tabs: ContainerID = "sheetTabs"

    static func run(
        rounds: Int, levels: [WindowLevel], pause: Duration, hostTimeout: Duration, environment: StressEnvironment,
        coordinator: Coordinator, checker: StressChecker, seed: UInt64
    ) async {
        var rng = SplitMix64(seed: seed).split(0x5EE7)
        let levels = ScriptedRequest.freeLevels(levels, of: coordinator)
        var label = RequestLabel(policy: .enqueue, whenLocked: .deferUntilUnlocked, cancelled: false)
        label.fromSheetFlow = true
        func ask(_ request: TransitionRequest) async -> Bool {
            await ScriptedRequest.send(
                request, label: label, environment: environment, coordinator: coordinator, checker: checker)
        }
        for round in 0..<rounds {
            try? await environment.sleep(pause * (Double(rng.below(1_000)) / 1_000))
            if await coordinator.hostFault != nil { try? await environment.sleep(hostTimeout) }
            let shown = await coordinator.snapshot.windowList.first { $0.content.holds(base) }
            if shown == nil {
                let inbox = Screen("inbox", id: ScreenID("sheetInbox\(round)"))
                let window = WindowContent.tabs(TabBar(id: tabs, .stack(StackContainer(id: base, root: inbox))))
                guard await ask(.show(window, at: rng.pick(levels))) else { continue }
            } else if shown?.content.find(base)?.presented != nil {
                _ = await ask(.content(.dismiss(.container(base))))
            }
            let draft = WindowContent.stack(StackContainer(id: compose, root: Screen("draft", id: ScreenID("draft\(round)"))))
            guard await ask(.content(.present(draft, from: .container(base)))) else { continue }
            // Refused while the draft is up: the tab bar and its stack share a presentation context.
            let banner = WindowContent.screen(Screen("banner", id: ScreenID("banner\(round)")))
            _ = await ask(.content(.present(banner, from: .container(tabs))))
            // The form's next steps: pushed one at a time, or set at once (a declarative form, as Epoxy's).
            let to = Screen("to", id: ScreenID("to\(round)")), subject = Screen("subject", id: ScreenID("subject\(round)"))
            switch rng.below(3) {
            case 0: _ = await ask(.content(.push(to, onto: compose)))
            case 1: _ = await ask(.content(.setStack(compose, [Screen("draft", id: ScreenID("draft\(round)")), to, subject])))
            default: break
            }
            let photos = WindowContent.stack(StackContainer(id: attach, root: Screen("photos", id: ScreenID("photos\(round)"))))
            _ = await ask(.content(.present(photos, from: .container(compose))))
            _ = await ask(rng.chance(70) ? .content(.dismiss(.container(base))) : .userDid(.dismiss(.container(base))))
        }
    }
}
