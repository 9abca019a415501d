import TransitionCoordinator

/// The checks on the link task's answers (see ``LinkTask``).
extension StressChecker {
    /// A link was answered: navigated (a record), already there (nil), or refused.
    ///
    /// - A well-formed link never fails to compile, and an absolute one lands on `expected`, the
    ///   content its route compiles to.
    /// - A malformed one fails to compile, with nothing changed: it is never navigated, already
    ///   there, or refused for anything else (the route is compiled before admission).
    /// - An already-there answer was a refusal the coordinator announced (one event); a compile
    ///   failure was not admitted at all (no event).
    public func linkAnswered(_ route: Route, kind: LinkTask.Kind, expected: WindowContent?,
                             answer: Result<TransitionRecord?, TransitionError>, label: RequestLabel,
                             asked: Duration, answered: Duration) {
        let request = TransitionRequest.navigate(route, target: expected ?? .screen(.missing))
        switch answer {
        case .success(let record?):
            linkOutcomes["navigated", default: 0] += 1
            committed(record, animator: .none, label: label, wall: answered - asked)
            let landed = record.after.windows.first { $0.level == .root }?.content
            if let expected, landed != expected {
                violations.append(.init(.atomic, "\(record.id) navigated to \(route) but the root shows \(landed.map(\.description) ?? "nothing"), not \(expected)"))
            }
            if record.after.windows.contains(where: { $0.level != .root && !record.after.covers.reservedLevels.contains($0.level) }) {
                violations.append(.init(.atomic, "\(record.id) navigated to \(route) but left an app window above the root"))
            }
            if kind == .malformed { violations.append(.init(.answered, "the malformed link \(route) navigated: \(record.id)")) }
        case .success(nil):
            linkOutcomes["already there", default: 0] += 1
            expectedEvents += 1
            count(.navigate, "alreadyThere")
            rejections["alreadyThere", default: 0] += 1
            if kind == .malformed { violations.append(.init(.answered, "the malformed link \(route) was answered as already there")) }
        case .failure(let error):
            linkOutcomes[error.code, default: 0] += 1
            if case .route = error {
                count(.navigate, error.code)
                rejections[error.code, default: 0] += 1
                if kind == .wellFormed, route.isAbsolute {
                    violations.append(.init(.answered, "the well-formed link \(route) failed to compile: \(error)"))
                }
            } else {
                if kind == .malformed {
                    violations.append(.init(.answered, "the malformed link \(route) was refused as \(error.code), not as a route that does not compile"))
                }
                rejected(request, error, animator: .none, label: label, asked: asked, answered: answered)
            }
        }
    }

    /// A string that is not a path was parsed: it must fail, with a position inside the string.
    public func linkUnparsed(_ text: String, parsed: Result<Route, RouteError>) {
        switch parsed {
        case .success(let route):
            violations.append(.init(.answered, "\(text.debugDescription) is not a path, but parsed as \(route)"))
        case .failure(let error):
            linkOutcomes["route.\(error.code)", default: 0] += 1
            if let position = error.position, position > text.count {
                violations.append(.init(.answered, "the parse error of \(text.debugDescription) points past its end: \(error)"))
            }
        }
    }
}
