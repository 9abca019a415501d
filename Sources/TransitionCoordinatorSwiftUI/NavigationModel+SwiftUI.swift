// Built only where SwiftUI exists (Apple platforms): this project's Linux CI does not compile it.
#if canImport(SwiftUI)
import SwiftUI
import TransitionCoordinator

/// Bindings of the model for SwiftUI's own containers, their closures isolated to the main
/// actor as the model is. Each setter is a view write (``NavigationModel/viewWrote(path:for:)``
/// and its siblings): reported as the coordinator's `userDid` in a task on the main actor, and
/// read back at once by the getter until the coordinator answers, so SwiftUI's own update after
/// the write does not undo it; then the getter reads the committed state. Those tasks start in
/// the order the view wrote, and each write names absolute positions (the screen to keep on top,
/// the tab, the presenter), so two quick back taps mean what the user saw even before the first
/// one commits. A refused write is counted in ``NavigationModel/refusalCount``, which the views
/// below read so that they show the committed state again.
extension NavigationModel {
    /// A binding for `NavigationStack(path:)`: the path of the stack `id` (its screens above the
    /// root), as values of `type` (`Screen` by default; a screen that stands for no value of
    /// `type` is left out); the back button and the swipe-back write a shorter one.
    @inlinable
    public func pathBinding<Value: Hashable & Codable & Sendable>(
        for id: ContainerID, as type: Value.Type = Screen.self
    ) -> Binding<[Value]> {
        Binding(
            get: { @MainActor in
                let path = self.viewPath(of: id)
                return path as? [Value] ?? path.compactMap { $0.destination(as: type) }
            },
            set: { @MainActor path in _ = self.viewWrote(path: path as? [Screen] ?? path.map { Screen($0) }, for: id) })
    }

    /// A binding for `TabView(selection:)`: the selected tab of the tab bar `id` (0 when it is
    /// not shown); a tapped tab writes its index.
    public func selectionBinding(for id: ContainerID) -> Binding<Int> {
        Binding(
            get: { @MainActor in self.viewSelection(of: id) ?? 0 },
            set: { @MainActor tab in _ = self.viewWrote(selection: tab, in: id) })
    }

    /// A binding for `.sheet(item:)`: the sheet `presenter` presents; a sheet swiped down writes nil.
    public func sheetBinding(presentedBy presenter: WindowContent.NodeID) -> Binding<PresentedSheet?> {
        Binding(
            get: { @MainActor in self.viewSheet(presentedBy: presenter) },
            set: { @MainActor sheet in
                guard sheet == nil else { return }
                _ = self.viewDismissedSheet(presentedBy: presenter)
            })
    }
}

/// A `NavigationStack(path:)` showing the stack `id` of a ``NavigationModel``: its root through
/// `root`, each screen above it through `destination`, each as a value of `Value` (the app's
/// destination type, or `Screen`). Main-actor isolated, as every view.
public struct CoordinatedStack<Value: Hashable & Codable & Sendable, Root: View, Destination: View>: View {
    private let model: NavigationModel
    private let id: ContainerID
    private let root: (Value) -> Root
    private let destination: (Value) -> Destination

    /// The stack `id` of `model`, drawn by `root` and `destination` from values of `type`; a
    /// screen that stands for no value of `type` is not drawn.
    public init(
        _ model: NavigationModel, stack id: ContainerID, as type: Value.Type,
        @ViewBuilder root: @escaping (Value) -> Root, @ViewBuilder destination: @escaping (Value) -> Destination
    ) {
        self.model = model
        self.id = id
        self.root = root
        self.destination = destination
    }

    /// The stack, bound to the model's path.
    public var body: some View {
        // Read so that a refused write draws the stack again from the committed path.
        let _ = model.refusalCount
        NavigationStack(path: model.pathBinding(for: id, as: Value.self)) {
            Group {
                if let value = model.root(of: id, as: Value.self) { root(value) }
            }
            .navigationDestination(for: Value.self) { value in destination(value) }
        }
    }
}

extension CoordinatedStack where Value == Screen {
    /// The stack `id` of `model`, drawn by `root` and `destination` from its screens.
    public init(
        _ model: NavigationModel, stack id: ContainerID,
        @ViewBuilder root: @escaping (Screen) -> Root, @ViewBuilder destination: @escaping (Screen) -> Destination
    ) {
        self.init(model, stack: id, as: Screen.self, root: root, destination: destination)
    }
}

/// A `TabView(selection:)` showing the tab bar `id` of a ``NavigationModel``, each tab drawn by
/// `tab` from its index and tagged with it. Main-actor isolated, as every view.
public struct CoordinatedTabs<Tab: View>: View {
    private let model: NavigationModel
    private let id: ContainerID
    private let tab: (Int) -> Tab

    /// The tab bar `id` of `model`, each tab drawn by `tab`.
    public init(_ model: NavigationModel, tabs id: ContainerID, @ViewBuilder tab: @escaping (Int) -> Tab) {
        self.model = model
        self.id = id
        self.tab = tab
    }

    /// The tabs, bound to the model's selection.
    public var body: some View {
        let _ = model.refusalCount
        TabView(selection: model.selectionBinding(for: id)) {
            ForEach(0..<(model.tabCount(of: id) ?? 0), id: \.self) { index in
                tab(index).tag(index)
            }
        }
    }
}

extension View {
    /// Presents, with `.sheet(item:)`, the sheet that `presenter` presents in `model`, drawn by
    /// `content`; a sheet swiped down is reported as the user's dismiss. A commit that changes
    /// several sheets reaches it one sheet at a time: the sheet's dismissal, or its content
    /// appearing, ends each step (``NavigationModel/sheetStepEnded(presentedBy:)``).
    public func coordinatedSheet<Content: View>(
        _ model: NavigationModel, presentedBy presenter: WindowContent.NodeID,
        @ViewBuilder content: @escaping (PresentedSheet) -> Content
    ) -> some View {
        sheet(
            item: model.sheetBinding(presentedBy: presenter),
            onDismiss: { model.sheetStepEnded(presentedBy: presenter) },
            content: { sheet in content(sheet).onAppear { model.sheetStepEnded(presentedBy: presenter) } })
    }
}
#endif
