import TransitionCoordinator

/// Destination values of each shape an encoding into a screen's parameters can lose something
/// in: an empty keyed value (a payload-less case inside a payload, a struct whose fields are all
/// nil), keys holding dots, a set, a signed zero, a struct of one keyed field. Values that
/// differ must stay two screens, each reading back as itself from its screen and from its path;
/// equal values must be one screen, however they were built (mutants
/// ``Mutation/emptyKeyedValueDropped``, ``Mutation/destinationKeysUnescaped``,
/// ``Mutation/unorderedElementsAsIterated``, ``Mutation/signedZero``,
/// ``Mutation/singleFieldStructAsCase``).
extension LinkTask {
    /// Checks values drawn from `rng` (``DestinationShapes/problems(drawing:screen:card:)``).
    package static func checkDestinationShapes(_ rng: inout SplitMix64, checker: StressChecker) async {
        for problem in DestinationShapes.problems(drawing: &rng) { await checker.noteViolation(.init(.answered, problem)) }
    }
}

/// An app's destination type with a case of each shape ``DestinationShapes`` checks.
package enum DestinationShape: Hashable, Codable, Sendable {
    case sorted(by: Order)
    case filtered(Filter?)
    case grouped([String: [String: Int]])
    case picked(Set<Int>)
    case price(Double)

    /// A payload-less enum with no raw value: each case encodes as an empty keyed value.
    package enum Order: Hashable, Codable, Sendable { case newest, oldest }

    /// A struct whose one field may be nil: with it nil, an empty keyed value.
    package struct Filter: Hashable, Codable, Sendable {
        package var tag: String?
        package init(tag: String?) { self.tag = tag }
    }
}

/// A struct destination whose one field is a keyed value: no enum case, so named for its type.
package struct DestinationCard: Hashable, Codable, Sendable {
    package var user: User

    /// The keyed field.
    package struct User: Hashable, Codable, Sendable {
        package var name: String
        package init(name: String) { self.name = name }
    }

    package init(user: User) { self.user = user }
}

/// The checks of destination values' screens.
package enum DestinationShapes {
    /// What is wrong with the screens `screen` and `card` make (the library's, by default) for
    /// values drawn from `rng`: two values that differ sharing a screen, a value that does not
    /// read back from its screen or its path, two equal values that are two screens, a struct
    /// not named for its type. Empty when nothing is.
    package static func problems(
        drawing rng: inout SplitMix64, screen: (DestinationShape) -> Screen = { Screen($0) },
        card: (DestinationCard) -> Screen = { Screen($0) }
    ) -> [String] {
        let number = rng.below(1_000)
        let order: DestinationShape.Order = rng.chance(50) ? .newest : .oldest
        let elements = (0..<8 + rng.below(24)).map { $0 * 7 + number }
        var shuffled = elements
        shuffled.shuffle(using: &rng)
        // A set with room for many more: its buckets, and so its order, differ from a tight one's.
        var roomy = Set<Int>(minimumCapacity: 512)
        roomy.formUnion(shuffled)
        let differing: [(DestinationShape, DestinationShape)] = [
            (.sorted(by: order), .sorted(by: order == .newest ? .oldest : .newest)),
            (.filtered(.init(tag: nil)), .filtered(nil)),
            (.grouped(["a": ["b.c": number]]), .grouped(["a.b": ["c": number]])),
        ]
        let equal: [(DestinationShape, DestinationShape)] = [
            (.picked(Set(elements)), .picked(roomy)),
            (.price(-0.0), .price(0.0)),
        ]
        var problems: [String] = []
        for (one, other) in differing {
            let (first, second) = (screen(one), screen(other))
            if first.id == second.id { problems.append("\(one) and \(other) are one screen, \(first.id)") }
            problems += [readsBack(one, from: first), readsBack(other, from: second)].compactMap { $0 }
        }
        for (one, other) in equal {
            let (first, second) = (screen(one), screen(other))
            if first.id != second.id {
                problems.append("\(one) and \(other) are equal, yet two screens: \(first.id), \(second.id)")
            }
            if let problem = readsBack(one, from: first) { problems.append(problem) }
        }
        let value = DestinationCard(user: .init(name: "n\(number)"))
        let made = card(value)
        if made.name != "DestinationCard" { problems.append("the struct \(value) is the screen \(made), not named for its type") }
        if made.destination(as: DestinationCard.self) != value { problems.append("\(value) does not read back from \(made)") }
        return problems
    }

    /// Nil when `value` reads back as itself from `screen` and from `screen`'s step written as a
    /// path and parsed again, as a link or a saved state carries it; else what went wrong.
    private static func readsBack(_ value: DestinationShape, from screen: Screen) -> String? {
        let read = screen.destination(as: DestinationShape.self)
        guard read == value else { return "\(value) reads back from \(screen) as \(read.map { "\($0)" } ?? "nothing")" }
        let path = "^/" + screen.id.rawValue
        guard let route = try? Route(parsing: path), case .push(let target)? = route.steps.first else {
            return "the path \(path) of \(value) does not parse"
        }
        let linked = Screen(target.name, parameters: target.parameters).destination(as: DestinationShape.self)
        guard linked == value else {
            return "\(value) reads back from its path \(path) as \(linked.map { "\($0)" } ?? "nothing")"
        }
        return nil
    }
}
