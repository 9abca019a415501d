import TestSupport
import TransitionCoordinator

/// Screens the tests show, with ids equal to their names.
enum Screens {
    static let home = Screen("home")
    static let tutorial = Screen("tutorial")
    static let pin = Screen("pin")
    static let shield = Screen("shield")
    static let login = Screen("login")
}

/// An error an animator throws on purpose; `String(describing:)` gives its case name.
enum AnimationBroke: Error, Equatable {
    case onPurpose
}

/// A coordinator on a ``TestClock`` reporting to a ``TestHost``, its creation calls cleared.
struct Fixture {
    let coordinator: Coordinator
    let host: TestHost
    let clock: TestClock

    init(root: Screen = Screens.home, configuration: CoordinatorConfiguration = .standard) async {
        host = TestHost()
        clock = TestClock()
        coordinator = await Coordinator(root: root, configuration: configuration, host: host, clock: clock)
        await host.clearLog()
    }

    /// Carries out `requests` in order (each must be admitted), then clears the host's calls.
    func prepare(_ requests: [TransitionRequest]) async throws {
        for request in requests { try await coordinator.perform(request) }
        await host.clearLog()
    }

    var snapshot: NavigationSnapshot { get async { await coordinator.snapshot } }
    var calls: [HostCommand] { get async { await host.calls } }
}

/// Runs a request and captures its typed outcome, so tasks can hand it back as a value.
///
/// The closure is untyped because closures do not infer typed throws yet; every coordinator call
/// throws only `TransitionError`, so anything else is a broken test.
func attempt(_ body: () async throws -> TransitionRecord) async -> Result<TransitionRecord, TransitionError> {
    do {
        return .success(try await body())
    } catch let error as TransitionError {
        return .failure(error)
    } catch {
        preconditionFailure("a coordinator call threw a non-TransitionError: \(error)")
    }
}

/// Shorthand for a window id.
func w(_ raw: UInt64) -> WindowID { WindowID(raw) }

/// Shorthand for a transition id.
func t(_ raw: UInt64) -> TransitionID { TransitionID(raw) }

extension AnyWindow {
    /// The id of a managed window, or the app's id of an unmanaged one, as `#2` or `alert`.
    var label: String {
        switch self {
        case .managed(let window): window.id.description
        case .unmanaged(let window): window.id
        }
    }
}
