/// The functions a transition crosses, noted in debug builds so that a test can keep the
/// architecture article's list of them true (<doc:Architecture>, "A push, function by function").
///
/// Each function of the path (the coordinator's steps, the machine's decisions, the planners, the
/// owners' commit, the host) calls ``enter(_:_:)`` first. The value helpers it calls (lookups,
/// getters, initializers, descriptions, hashing) do not: they decide nothing about the path; nor
/// do the mutants' hooks, which a build without them compiles to nothing.
/// In a debug build a task that binds ``recorder`` gets every function its transition enters,
/// in order, from the public call to the commit (work the task hands to other tasks is not
/// followed: a synchronous host, the default, runs in the transition's own task). In a release
/// build ``enter(_:_:)`` is empty and inlined, so the optimizer removes every call.
@usableFromInline package enum PathTrace {
    /// Where one task's crossings are noted.
    @usableFromInline package final class Recorder: Sendable {
        private let entered = Locked<[String]>([])

        /// Nothing noted yet.
        package init() {}

        /// The functions entered, in order, each as `File.swift function(labels:)`.
        package var functions: [String] { entered.withLock { $0 } }

        /// Notes `function` of `file`.
        @usableFromInline func note(_ function: StaticString, _ file: StaticString) {
            let name = "\(file)".split(separator: "/").last.map(String.init) ?? "\(file)"
            entered.withLock { $0.append(name + " " + "\(function)") }
        }
    }

    #if DEBUG
    /// The recorder of the current task's transitions, when a test binds one (debug builds only).
    @TaskLocal @usableFromInline package static var recorder: Recorder?
    /// Whether this build notes crossings (a debug build).
    package static let records = true
    #else
    /// Whether this build notes crossings (a debug build).
    package static let records = false
    #endif

    /// Notes that the calling function was entered, when the task records (debug builds only).
    @inlinable @inline(__always)
    static func enter(_ function: StaticString = #function, _ file: StaticString = #fileID) {
        #if DEBUG
        recorder?.note(function, file)
        #endif
    }
}
