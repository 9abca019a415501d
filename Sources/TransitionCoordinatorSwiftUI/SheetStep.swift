import TransitionCoordinator

/// One change of the sheets a SwiftUI view shows, of a commit that changes more than SwiftUI can
/// show in one update: a pure decision, which ``NavigationModel`` carries out.
///
/// SwiftUI presents or dismisses one sheet per update, and a sheet cannot be presented while
/// another presentation in its context still animates: a commit that replaces a sheet, dismisses
/// nested sheets or presents a sheet over a new sheet, shown in one update, leaves a sheet that
/// never appears or never goes. So such a commit reaches the views in steps:
/// - one sheet presented or dismissed per step; the next step waits until SwiftUI ended this one
///   (``NavigationModel/sheetStepEnded(presentedBy:)``: the sheet dismissed, or its content shown);
/// - dismissals first, the innermost sheet first; then presentations, the outermost first (a
///   sheet is presented from a sheet already shown);
/// - a sheet replaced over the same presenter is dismissed, then the new one presented;
/// - a sheet that stays (the same node) takes its new content at once, as do sheets that were
///   and are off screen (in a tab that is not selected): no step is needed for those.
struct SheetStep: Equatable {
    /// A sheet as the views show it: with how many sheets lie under it, and whether its
    /// presenter is on screen.
    struct Shown: Equatable {
        let sheet: PresentedSheet
        let depth: Int
        let onScreen: Bool
    }

    /// The presenter whose sheet changes.
    let presenter: WindowContent.NodeID
    /// The sheet it presents after the step: nil when the step dismisses.
    let sheet: Shown?

    /// The sheets of `state` as the views show them once every step is taken.
    static func target(_ state: NavigationState) -> [WindowContent.NodeID: Shown] {
        state.sheets.reduce(into: [:]) { target, entry in
            target[entry.key] = Shown(
                sheet: entry.value, depth: state.sheetDepths[entry.key] ?? 0,
                onScreen: state.showsOnScreen(sheetPresentedBy: entry.key))
        }
    }

    /// From the sheets `shown` towards `target`: `shown` with every change that needs no step
    /// made, and the next step, nil when none is left.
    static func advance(
        _ shown: [WindowContent.NodeID: Shown], to target: [WindowContent.NodeID: Shown]
    ) -> (shown: [WindowContent.NodeID: Shown], step: SheetStep?) {
        var shown = shown
        var dismissals: [(presenter: WindowContent.NodeID, depth: Int)] = []
        for (presenter, old) in shown {
            let new = target[presenter]
            if let new, new.sheet.id == old.sheet.id {
                shown[presenter] = new // the same sheet: its new content at once
            } else if old.onScreen {
                dismissals.append((presenter, old.depth))
            } else {
                shown[presenter] = nil // never on screen: SwiftUI shows no change
            }
        }
        if let innermost = dismissals.max(by: { ($0.depth, "\($0.presenter)") < ($1.depth, "\($1.presenter)") }) {
            return (shown, SheetStep(presenter: innermost.presenter, sheet: nil))
        }
        var presentations: [(presenter: WindowContent.NodeID, depth: Int)] = []
        for (presenter, new) in target where shown[presenter] == nil {
            if new.onScreen { presentations.append((presenter, new.depth)) } else { shown[presenter] = new }
        }
        if let outermost = presentations.min(by: { ($0.depth, "\($0.presenter)") < ($1.depth, "\($1.presenter)") }) {
            return (shown, SheetStep(presenter: outermost.presenter, sheet: target[outermost.presenter]))
        }
        return (shown, nil)
    }

    /// `shown` after this step.
    func applied(to shown: [WindowContent.NodeID: Shown]) -> [WindowContent.NodeID: Shown] {
        var shown = shown
        shown[presenter] = sheet
        return shown
    }
}
