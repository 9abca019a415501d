import Testing
import TransitionCoordinator

/// A configuration that exists is a valid one: each mistake is refused with its own error.
@Suite("Coordinator configuration")
struct ConfigurationTests {
    struct Case: Sendable, CustomTestStringConvertible {
        let name: String
        let levels: [WindowLevel]
        var timeout: Duration = .seconds(5)
        var historyLimit = 100
        var eventBufferSize = 256
        var covers = LifecycleCovers.none
        var queueLimit = 32
        var deferredLimit = 32
        let expected: ConfigurationError
        var testDescription: String { name }
    }

    static let a1000 = WindowLevel("a", rawValue: 1_000)
    static let b1000 = WindowLevel("b", rawValue: 1_000)
    static let a2000 = WindowLevel("a", rawValue: 2_000)
    static let b2000 = WindowLevel("b", rawValue: 2_000)
    static let a3000 = WindowLevel("a", rawValue: 3_000)

    static let cases: [Case] = [
        Case(
            name: "a level at raw value 0 is not above the root",
            levels: [.low, WindowLevel("zero", rawValue: 0)], expected: .levelNotAboveRoot(WindowLevel("zero", rawValue: 0))),
        Case(
            name: "a level with a negative raw value is not above the root",
            levels: [WindowLevel("below", rawValue: -5)], expected: .levelNotAboveRoot(WindowLevel("below", rawValue: -5))),
        Case(name: "the root level itself may not be listed", levels: [.low, .root], expected: .levelNotAboveRoot(.root)),
        Case(
            name: "two levels sharing a raw value are duplicates", levels: [b1000, a1000], expected: .duplicateLevel(a1000, b1000)
        ),
        Case(
            name: "two neighbouring levels sharing a name are duplicates", levels: [a2000, a1000],
            expected: .duplicateLevel(a1000, a2000)),
        Case(
            name: "the same level listed twice is a duplicate of itself", levels: [.low, .medium, .low],
            expected: .duplicateLevel(.low, .low)),
        Case(
            name: "two levels sharing a name with another level between them are duplicates, both named",
            levels: [a1000, b2000, a3000], expected: .duplicateLevel(a1000, a3000)),
        Case(
            name: "a zero timeout is refused", levels: WindowLevel.builtIn, timeout: .zero, expected: .nonPositiveTimeout(.zero)),
        Case(
            name: "a negative timeout is refused", levels: WindowLevel.builtIn, timeout: .seconds(-1),
            expected: .nonPositiveTimeout(.seconds(-1))),
        Case(
            name: "a history limit of 0 is too small", levels: WindowLevel.builtIn, historyLimit: 0,
            expected: .boundTooSmall("historyLimit", 0)),
        Case(
            name: "a negative event buffer size is too small", levels: WindowLevel.builtIn, eventBufferSize: -3,
            expected: .boundTooSmall("eventBufferSize", -3)),
        Case(
            name: "a queue limit of 0 is too small", levels: WindowLevel.builtIn, queueLimit: 0,
            expected: .boundTooSmall("queueLimit", 0)),
        Case(
            name: "a deferred limit of 0 is too small", levels: WindowLevel.builtIn, deferredLimit: 0,
            expected: .boundTooSmall("deferredLimit", 0)),
        Case(
            name: "a cover at a level that is not configured is refused", levels: [.low, .medium],
            covers: LifecycleCovers(shield: LifecycleCover(screen: Screens.shield, level: .high)),
            expected: .coverLevelNotConfigured(.high)),
        Case(
            name: "a shield below the lock is refused", levels: WindowLevel.builtIn,
            covers: LifecycleCovers(
                shield: LifecycleCover(screen: Screens.shield, level: .low),
                lock: LifecycleCover(screen: Screens.pin, level: .medium)),
            expected: .shieldNotAboveLock(shield: .low, lock: .medium)),
        Case(
            name: "a shield and a lock showing the same screen id are refused", levels: WindowLevel.builtIn,
            covers: LifecycleCovers(
                shield: LifecycleCover(screen: Screen("cover"), level: .high),
                lock: LifecycleCover(screen: Screen("cover"), level: .medium)),
            expected: .coverScreensShareID("cover")),
        Case(name: "levels are checked before the timeout", levels: [.root], timeout: .zero, expected: .levelNotAboveRoot(.root)),
        Case(
            name: "the timeout is checked before the bounds", levels: [], timeout: .zero, historyLimit: 0,
            expected: .nonPositiveTimeout(.zero)),
    ]

    @Test("an invalid configuration is refused with its exact error", arguments: cases)
    func invalid(_ invalid: Case) {
        #expect(throws: invalid.expected) {
            try CoordinatorConfiguration(
                levels: invalid.levels, animationTimeout: invalid.timeout,
                historyLimit: invalid.historyLimit, eventBufferSize: invalid.eventBufferSize,
                shield: invalid.covers.shield, lock: invalid.covers.lock, queueLimit: invalid.queueLimit,
                deferredLimit: invalid.deferredLimit)
        }
    }

    @Test("a valid configuration keeps its values and sorts its levels bottom to top")
    func validKeepsValues() throws {
        let overlay = WindowLevel("overlay", rawValue: 2_500)
        let configuration = try CoordinatorConfiguration(
            levels: [.high, overlay, .low], animationTimeout: .milliseconds(250),
            historyLimit: 1, eventBufferSize: 1, ignoresUnmanagedWindows: true)
        #expect(configuration.levels == [.low, overlay, .high])
        #expect(configuration.animationTimeout == .milliseconds(250))
        #expect(configuration.historyLimit == 1)
        #expect(configuration.eventBufferSize == 1)
        #expect(configuration.ignoresUnmanagedWindows)
    }

    @Test("the standard configuration equals the default arguments")
    func standardIsDefault() throws {
        #expect(try CoordinatorConfiguration() == .standard)
        #expect(CoordinatorConfiguration.standard.levels == [.low, .medium, .high])
        #expect(CoordinatorConfiguration.standard.animationTimeout == .seconds(5))
    }

    @Test("a configuration with no levels above the root is valid, and every push is then an unknown level")
    func noLevels() async throws {
        let configuration = try CoordinatorConfiguration(levels: [])
        let fixture = await Fixture(configuration: configuration)
        await #expect(throws: TransitionError.invalid(.unknownLevel(.low, known: []))) {
            try await fixture.coordinator.openWindow(Screens.pin, at: .low)
        }
    }

    @Test("a coordinator with custom levels accepts pushes at them and orders windows by raw value")
    func customLevels() async throws {
        let overlay = WindowLevel("overlay", rawValue: 1_500)
        let fixture = await Fixture(configuration: try CoordinatorConfiguration(levels: [.low, overlay, .medium]))
        try await fixture.coordinator.openWindow(Screens.pin, at: .medium)
        try await fixture.coordinator.openWindow(Screens.shield, at: overlay)
        let record = try await fixture.coordinator.openWindow(Screens.tutorial, at: .low)
        #expect(record.after.windowList.map(\.level) == [.root, .low, overlay, .medium])
        #expect(record.after.keyWindow == w(2))
    }
}
