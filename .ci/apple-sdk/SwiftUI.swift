// A transcription of exactly the SwiftUI declarations the package and its examples use
// (Sources/TransitionCoordinatorSwiftUI/NavigationModel+SwiftUI.swift, Examples/SwiftUI/*.swift),
// for .ci/apple-check only: no product or target builds it. Declarations only, written from
// Apple's SwiftUI documentation: the same names, generic signatures and labels, the isolation the
// SDK declares (the View, Scene and App protocols `@MainActor @preconcurrency`, SwiftUI's own view
// types and their initializers and modifiers `nonisolated`, a Button's action `@MainActor`, a
// Binding's accessors `@isolated(any) @Sendable`, `.task`'s action `sending @isolated(any)`), the
// Sendable conformances it declares, and the availability Apple documents for each declaration,
// so that an API newer than a deployment target fails the check.
// Where the documentation now spells a builder parameter `@ContentBuilder` (Xcode 27), this file
// keeps `@ViewBuilder`, which is what the toolchain's SDK generation declares. SwiftUI re-exports
// Foundation and Observation, as Apple's module does: the examples reach UserDefaults and URL
// through `import SwiftUI` alone.

@_exported import Foundation
@_exported import Observation

// MARK: Views and builders

/// `View`: main-actor isolated since the iOS 18 SDK; its `body` is built by `ViewBuilder`.
@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
@MainActor @preconcurrency public protocol View {
    associatedtype Body: View
    @ViewBuilder @MainActor @preconcurrency var body: Self.Body { get }
}

/// `Never` is the body of SwiftUI's primitive views.
@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
extension Never: View {
    public typealias Body = Never
    public var body: Never { fatalError() }
}

/// An `if` without `else` in a view builder produces an optional view.
@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
extension Optional: View where Wrapped: View {
    public typealias Body = Never
    public var body: Never { fatalError() }
}

/// `ViewBuilder`: one view passes through, several make a `TupleView`, `if` makes an optional
/// view, `if`/`else` and `switch` make `_ConditionalContent`.
@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
@resultBuilder public struct ViewBuilder {
    @available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
    public static func buildExpression<Content: View>(_ content: Content) -> Content { content }

    @available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
    public static func buildBlock<Content: View>(_ content: Content) -> Content { content }

    @available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
    public static func buildBlock<each Content: View>(_ content: repeat each Content) -> TupleView<(repeat each Content)> {
        TupleView((repeat each content))
    }

    @available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
    public static func buildIf<Content: View>(_ content: Content?) -> Content? { content }

    @available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
    public static func buildEither<TrueContent: View, FalseContent: View>(
        first: TrueContent
    ) -> _ConditionalContent<TrueContent, FalseContent> {
        _ConditionalContent(storage: .trueContent(first))
    }

    @available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
    public static func buildEither<TrueContent: View, FalseContent: View>(
        second: FalseContent
    ) -> _ConditionalContent<TrueContent, FalseContent> {
        _ConditionalContent(storage: .falseContent(second))
    }
}

/// `TupleView`: the views of a builder block.
@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
@frozen nonisolated public struct TupleView<T>: View {
    public var value: T
    @available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
    nonisolated public init(_ value: T) { self.value = value }
    public typealias Body = Never
    @MainActor @preconcurrency public var body: Never { fatalError() }
}

/// `_ConditionalContent`: one branch of an `if`/`else` or a `switch` in a builder.
@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
@frozen public struct _ConditionalContent<TrueContent, FalseContent> {
    @usableFromInline enum Storage {
        case trueContent(TrueContent)
        case falseContent(FalseContent)
    }
    @usableFromInline let storage: Storage
    @usableFromInline init(storage: Storage) { self.storage = storage }
}

@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
extension _ConditionalContent: View where TrueContent: View, FalseContent: View {
    public typealias Body = Never
    @MainActor @preconcurrency public var body: Never { fatalError() }
}

/// `EmptyView`: the label of a `ProgressView()`.
@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
@frozen nonisolated public struct EmptyView: View {
    @available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
    nonisolated public init() {}
    public typealias Body = Never
    @MainActor @preconcurrency public var body: Never { fatalError() }
}

// MARK: State, bindings and the environment

/// `Binding`: its accessors are `@isolated(any) @Sendable` closures; `Sendable` when its value is.
@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
@frozen @propertyWrapper @dynamicMemberLookup public struct Binding<Value> {
    @available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
    @preconcurrency public init(
        get: @escaping @isolated(any) @Sendable () -> Value,
        set: @escaping @isolated(any) @Sendable (Value) -> Void
    ) {}

    public var wrappedValue: Value {
        get { fatalError() }
        nonmutating set {}
    }

    public var projectedValue: Binding<Value> { self }

    public subscript<Subject>(dynamicMember keyPath: WritableKeyPath<Value, Subject>) -> Binding<Subject> {
        fatalError()
    }
}

@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
extension Binding: Sendable where Value: Sendable {}

/// `State`: `Sendable` when its value is.
@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
@frozen @propertyWrapper public struct State<Value> {
    @available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
    public init(wrappedValue value: Value) {}

    @available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
    public init(initialValue value: Value) {}

    public var wrappedValue: Value {
        get { fatalError() }
        nonmutating set {}
    }

    public var projectedValue: Binding<Value> { fatalError() }
}

@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
extension State: Sendable where Value: Sendable {}

/// `Environment`: reads one of the `EnvironmentValues` by key path; `Sendable` when its value is.
@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
@frozen @propertyWrapper public struct Environment<Value> {
    @available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
    public init(_ keyPath: KeyPath<EnvironmentValues, Value>) {}

    public var wrappedValue: Value { fatalError() }
}

@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
extension Environment: Sendable where Value: Sendable {}

/// `EnvironmentValues`.
@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
public struct EnvironmentValues {
    @available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
    public init() {}
}

@available(iOS 14.0, macOS 11.0, tvOS 14.0, watchOS 7.0, *)
extension EnvironmentValues {
    /// The current phase of the scene.
    @available(iOS 14.0, macOS 11.0, tvOS 14.0, watchOS 7.0, *)
    public var scenePhase: ScenePhase {
        get { .active }
        set {}
    }
}

/// `ScenePhase`.
@available(iOS 14.0, macOS 11.0, tvOS 14.0, watchOS 7.0, *)
public enum ScenePhase: Comparable, Hashable, Sendable {
    case background
    case inactive
    case active
}

// MARK: Views

/// `Text`: a value, `Sendable`; a view by an extension, so not main-actor isolated.
@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
@frozen public struct Text: Equatable, Sendable {
    /// Displays a stored string without localization.
    @available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
    @_disfavoredOverload public init<S: StringProtocol>(_ content: S) {}
}

@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
extension Text: View {
    public typealias Body = Never
    @MainActor @preconcurrency public var body: Never { fatalError() }
}

/// `LocalizedStringKey`: what a string literal (with interpolations) becomes for a title.
@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
@frozen public struct LocalizedStringKey: Equatable, ExpressibleByStringInterpolation {
    @available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
    public init(stringLiteral value: String) {}

    @available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
    public init(stringInterpolation: LocalizedStringKey.StringInterpolation) {}

    /// The contents of a string literal with interpolations, while it is built.
    @available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
    public struct StringInterpolation: StringInterpolationProtocol {
        @available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
        public init(literalCapacity: Int, interpolationCount: Int) {}

        @available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
        public mutating func appendLiteral(_ literal: String) {}

        /// Appends a type convertible to a string with a default format specifier (`Int`).
        @available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
        public mutating func appendInterpolation<T>(_ value: T) where T: _FormatSpecifiable {}
    }
}

/// `_FormatSpecifiable`: the primitive types a localized string key interpolates.
@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
public protocol _FormatSpecifiable: Equatable {
    associatedtype _Arg: CVarArg
    var _arg: Self._Arg { get }
    var _specifier: String { get }
}

@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
extension Int: _FormatSpecifiable {
    public var _arg: Int64 { Int64(self) }
    public var _specifier: String { "%lld" }
}

/// `Button`: its action runs on the main actor.
@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
nonisolated public struct Button<Label: View>: View {
    public typealias Body = Never
    @MainActor @preconcurrency public var body: Never { fatalError() }
}

@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
extension Button where Label == Text {
    /// A button whose label is a localized string key.
    @available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
    @preconcurrency nonisolated public init(_ titleKey: LocalizedStringKey, action: @escaping @MainActor () -> Void) {}
}

/// `Group`.
@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
@frozen public struct Group<Content> {
    let content: Content
}

@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
extension Group: View where Content: View {
    public typealias Body = Never
    @MainActor @preconcurrency public var body: Never { fatalError() }

    @available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
    nonisolated public init(@ViewBuilder content: () -> Content) { self.content = content() }
}

/// `Alignment`: only the center is used (as a default argument).
@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
@frozen public struct Alignment: Equatable, Sendable {
    init() {}
    @available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
    public static let center = Alignment()
}

/// `ZStack`.
@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
@frozen nonisolated public struct ZStack<Content: View>: View {
    @available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
    nonisolated public init(alignment: Alignment = .center, @ViewBuilder content: () -> Content) {}
    public typealias Body = Never
    @MainActor @preconcurrency public var body: Never { fatalError() }
}

/// `ProgressView`.
@available(iOS 14.0, macOS 11.0, tvOS 14.0, watchOS 7.0, *)
nonisolated public struct ProgressView<Label: View, CurrentValueLabel: View>: View {
    public typealias Body = Never
    @MainActor @preconcurrency public var body: Never { fatalError() }
}

@available(iOS 14.0, macOS 11.0, tvOS 14.0, watchOS 7.0, *)
extension ProgressView where CurrentValueLabel == EmptyView {
    /// Indeterminate progress, without a label.
    @available(iOS 14.0, macOS 11.0, tvOS 14.0, watchOS 7.0, *)
    nonisolated public init() where Label == EmptyView {}
}

/// `Color`: a value, `Sendable`; a view by an extension.
@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
@frozen public struct Color: Hashable, Sendable {
    init() {}
    /// A clear color.
    @available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
    public static let clear = Color()
}

@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
extension Color: View {
    public typealias Body = Never
    @MainActor @preconcurrency public var body: Never { fatalError() }
}

/// `ForEach`: a view when its content is.
@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
public struct ForEach<Data: RandomAccessCollection, ID: Hashable, Content> {
    public var data: Data
    public var content: (Data.Element) -> Content
}

@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
extension ForEach: View where Content: View {
    public typealias Body = Never
    @MainActor @preconcurrency public var body: Never { fatalError() }
}

@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
extension ForEach where Content: View {
    /// Views identified by a key path to the identifier of the data.
    @available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
    nonisolated public init(
        _ data: Data, id: KeyPath<Data.Element, ID>, @ViewBuilder content: @escaping (Data.Element) -> Content
    ) {
        self.data = data
        self.content = content
    }
}

/// `NavigationStack`.
@available(iOS 16.0, macOS 13.0, tvOS 16.0, watchOS 9.0, *)
nonisolated public struct NavigationStack<Data, Root: View>: View {
    /// A stack with homogeneous navigation state that the caller controls.
    @available(iOS 16.0, macOS 13.0, tvOS 16.0, watchOS 9.0, *)
    nonisolated public init(path: Binding<Data>, @ViewBuilder root: () -> Root)
    where Data: MutableCollection, Data: RandomAccessCollection, Data: RangeReplaceableCollection, Data.Element: Hashable {}

    public typealias Body = Never
    @MainActor @preconcurrency public var body: Never { fatalError() }
}

/// `TabView`.
@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 7.0, *)
nonisolated public struct TabView<SelectionValue: Hashable, Content: View>: View {
    public typealias Body = Never
    @MainActor @preconcurrency public var body: Never { fatalError() }
}

@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 7.0, *)
extension TabView {
    /// A tab view whose tabs are views tagged with their selection values.
    @available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 7.0, *)
    nonisolated public init(selection: Binding<SelectionValue>?, @ViewBuilder content: () -> Content) {}
}

// MARK: Styles, transitions and animations

/// `ShapeStyle`: `Sendable`.
@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
public protocol ShapeStyle: Sendable {}

/// `BackgroundStyle`.
@available(iOS 14.0, macOS 11.0, tvOS 14.0, watchOS 7.0, *)
@frozen public struct BackgroundStyle: ShapeStyle {
    @available(iOS 14.0, macOS 11.0, tvOS 14.0, watchOS 7.0, *)
    public init() {}
}

@available(iOS 14.0, macOS 11.0, tvOS 14.0, watchOS 7.0, *)
extension ShapeStyle where Self == BackgroundStyle {
    /// The background style in the current context.
    @available(iOS 14.0, macOS 11.0, tvOS 14.0, watchOS 7.0, *)
    public static var background: BackgroundStyle { BackgroundStyle() }
}

/// `Edge`, for its `Set`.
@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
@frozen public enum Edge: Int8, CaseIterable, Sendable {
    case top, leading, bottom, trailing

    /// A set of edges.
    @available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
    @frozen public struct Set: OptionSet, Sendable {
        public let rawValue: Int8
        public init(rawValue: Int8) { self.rawValue = rawValue }
        public static let all = Edge.Set(rawValue: 0b1111)
    }
}

/// `AnyTransition`: not `Sendable`, hence its `nonisolated(unsafe)` constants.
@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
@frozen public struct AnyTransition {
    init() {}
    /// Transparent to opaque on insertion, opaque to transparent on removal.
    @available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
    nonisolated(unsafe) public static let opacity = AnyTransition()
}

@available(*, unavailable)
extension AnyTransition: Sendable {}

/// `Animation`: `Sendable`.
@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
@frozen public struct Animation: Equatable, Sendable {
    init() {}
    /// Ease in and out, with the default duration.
    @available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
    public static var easeInOut: Animation { Animation() }
}

// MARK: View modifiers

@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
extension View {
    /// Presents a sheet using the given item as a data source for its content.
    @available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
    nonisolated public func sheet<Item: Identifiable, Content: View>(
        item: Binding<Item?>, onDismiss: (() -> Void)? = nil, @ViewBuilder content: @escaping (Item) -> Content
    ) -> some View { self }

    /// Adds an action to perform before this view appears.
    @available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
    nonisolated public func onAppear(perform action: (() -> Void)? = nil) -> some View { self }

    /// Associates a destination view with a presented data type within a navigation stack.
    @available(iOS 16.0, macOS 13.0, tvOS 16.0, watchOS 9.0, *)
    nonisolated public func navigationDestination<D: Hashable, C: View>(
        for data: D.Type, @ViewBuilder destination: @escaping (D) -> C
    ) -> some View { self }

    /// Sets the view's tag (and, by default, the same tag as an optional).
    @available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
    nonisolated public func tag<V: Hashable>(_ tag: V, includeOptional: Bool = true) -> some View { self }

    /// Sets the tab bar item of the view (deprecated in the iOS 27 era SDKs, for `Tab`).
    @available(iOS, introduced: 13.0, deprecated: 27.0)
    @available(macOS, introduced: 10.15, deprecated: 27.0)
    @available(tvOS, introduced: 13.0, deprecated: 27.0)
    @available(watchOS, introduced: 7.0, deprecated: 27.0)
    @available(visionOS, introduced: 1.0)
    nonisolated public func tabItem<V: View>(@ViewBuilder _ label: () -> V) -> some View { self }

    /// Adds an asynchronous task to perform before the view appears, cancelled when it disappears.
    @available(iOS 15.0, macOS 12.0, tvOS 15.0, watchOS 8.0, *)
    nonisolated public func task(
        name: String? = nil, priority: TaskPriority = .userInitiated, file: String = #fileID, line: Int = #line,
        _ action: sending @escaping @isolated(any) () async -> Void
    ) -> some View { self }

    /// Registers a handler for the URLs the app receives.
    @available(iOS 14.0, macOS 11.0, tvOS 14.0, watchOS 7.0, *)
    nonisolated public func onOpenURL(perform action: @escaping (URL) -> ()) -> some View { self }

    /// The view's navigation title, from a localized string key.
    @available(iOS 14.0, macOS 11.0, tvOS 14.0, watchOS 7.0, *)
    nonisolated public func navigationTitle(_ titleKey: LocalizedStringKey) -> some View { self }

    /// Associates a transition with the view.
    @available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
    nonisolated public func transition(_ t: AnyTransition) -> some View { self }

    /// Applies the animation to the view when the value changes.
    @available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
    nonisolated public func animation<V: Equatable>(_ animation: Animation?, value: V) -> some View { self }

    /// Positions the view within an invisible frame with the given size constraints.
    @available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
    nonisolated public func frame(
        minWidth: CGFloat? = nil, idealWidth: CGFloat? = nil, maxWidth: CGFloat? = nil,
        minHeight: CGFloat? = nil, idealHeight: CGFloat? = nil, maxHeight: CGFloat? = nil,
        alignment: Alignment = .center
    ) -> some View { self }

    /// Sets the view's background to a style.
    @available(iOS 15.0, macOS 12.0, tvOS 15.0, watchOS 8.0, *)
    nonisolated public func background<S: ShapeStyle>(_ style: S, ignoresSafeAreaEdges edges: Edge.Set = .all) -> some View {
        self
    }

    /// Fires the action, with the old and the new value, when the value changes.
    @available(iOS 17.0, macOS 14.0, tvOS 17.0, watchOS 10.0, *)
    nonisolated public func onChange<V: Equatable>(
        of value: V, initial: Bool = false, _ action: @escaping (_ oldValue: V, _ newValue: V) -> Void
    ) -> some View { self }
}

// MARK: Apps and scenes

/// `App`.
@available(iOS 14.0, macOS 11.0, tvOS 14.0, watchOS 7.0, *)
@MainActor @preconcurrency public protocol App {
    associatedtype Body: Scene
    @SceneBuilder @MainActor @preconcurrency var body: Self.Body { get }
    @MainActor @preconcurrency init()
}

/// `Scene`.
@available(iOS 14.0, macOS 11.0, tvOS 14.0, watchOS 7.0, *)
@MainActor @preconcurrency public protocol Scene {
    associatedtype Body: Scene
    @SceneBuilder @MainActor @preconcurrency var body: Self.Body { get }
}

/// `SceneBuilder`: one scene passes through.
@available(iOS 14.0, macOS 11.0, tvOS 14.0, watchOS 7.0, *)
@resultBuilder public struct SceneBuilder {
    @available(iOS 14.0, macOS 11.0, tvOS 14.0, watchOS 7.0, *)
    public static func buildBlock<Content: Scene>(_ content: Content) -> Content { content }
}

/// `WindowGroup`. Its body is `some Scene`, as in the SDK.
@available(iOS 14.0, macOS 11.0, tvOS 14.0, watchOS 7.0, *)
nonisolated public struct WindowGroup<Content: View>: Scene {
    /// The current documentation deprecates it at the deployment targets this package declares
    /// (for `init(makeContent:)`, which a trailing closure selects, being escaping).
    @available(iOS, introduced: 14.0, deprecated: 18.0, renamed: "init(makeContent:)")
    @available(macOS, introduced: 11.0, deprecated: 15.0, renamed: "init(makeContent:)")
    @available(tvOS, introduced: 14.0, deprecated: 18.0, renamed: "init(makeContent:)")
    @available(watchOS, introduced: 7.0, deprecated: 11.0, renamed: "init(makeContent:)")
    @available(visionOS, introduced: 1.0, deprecated: 2.0, renamed: "init(makeContent:)")
    nonisolated public init(@ViewBuilder content: () -> Content) {}

    /// A window group whose windows are each made by `makeContent`.
    @available(iOS 14.0, macOS 11.0, tvOS 14.0, watchOS 7.0, *)
    nonisolated public init(@ViewBuilder makeContent: @escaping () -> Content) {}

    @MainActor @preconcurrency public var body: some Scene { _WindowGroupBody() }
}

/// Not SwiftUI's, and internal: the scene behind `WindowGroup.body`, which the SDK keeps private.
@available(iOS 14.0, macOS 11.0, tvOS 14.0, watchOS 7.0, *)
nonisolated struct _WindowGroupBody: Scene {
    @MainActor @preconcurrency var body: _WindowGroupBody { self }
}
