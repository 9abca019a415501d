/// Checking a table against the screens an app registers, when the app starts.
extension LinkTable {
    /// Checks, before any link arrives, that every pattern leads to a route `registry` can build:
    /// each name the route template gives is a registered screen or tab bar, each `#tab` a tab of
    /// its tab bar, each placeholder's type fits the parameter it fills (an integer placeholder
    /// fills an integer or text parameter, a text one only text), and each screen gets the
    /// parameters it requires. Call it at launch, after the registry is made: a typo fails there,
    /// not on the first user who follows the link.
    ///
    /// Each pattern's template is compiled as a link would compile it, with a sample value of
    /// each placeholder's type (every value of a `oneOf` in turn), and once more without its
    /// optional query placeholders, as a URL that leaves them out fills it. What only a link's own values
    /// can tell is left to the link: a screen named by a placeholder that is not `oneOf`, a
    /// relative template's place in the current content, and a value the destination type's
    /// decoding refuses. Pure; the destination type decodes the sample values, as it would a link's.
    ///
    /// - Throws: ``NavigationError/doesNotNavigate(pattern:values:_:)`` for the first pattern whose
    ///   route the registry cannot build, naming the sample values and the navigation error (its
    ///   step, and what was wrong there).
    public func validate(against registry: ScreenRegistry) throws(NavigationError) {
        for pattern in patterns {
            for values in pattern.sampleValues() {
                let route = pattern.route.filling(values)
                guard route.isAbsolute else { continue }
                do throws(NavigationError) {
                    _ = try RouteCompiler.content(for: route, registry: registry)
                } catch {
                    if case .declined = error { continue }
                    throw .doesNotNavigate(pattern: pattern.pattern, values: values, error)
                }
            }
        }
    }
}

extension LinkPattern {
    /// Sample values of the placeholders, one set per case worth compiling: each placeholder's
    /// first sample, then each further `oneOf` value in turn, then, when the pattern has optional
    /// query placeholders, the first samples without them (a URL that leaves them out drops the
    /// parameters they fill). None when a placeholder that is not `oneOf` names a screen (only a
    /// link's value can tell which).
    func sampleValues() -> [[String: String]] {
        let names = Set(route.steps.compactMap { $0.target?.name }.filter { $0.hasPrefix(":") }.map { String($0.dropFirst()) })
        var samples: [String: [String]] = [:]
        for placeholder in route.placeholders {
            let type = types[placeholder] ?? .text
            if names.contains(placeholder), case .oneOf = type {
            } else if names.contains(placeholder) {
                return []
            }
            samples[placeholder] = type.samples
        }
        let first = samples.compactMapValues(\.first)
        var sets = [first]
        for (placeholder, values) in samples.sorted(by: { $0.key < $1.key }) {
            for value in values.dropFirst() {
                var set = first
                set[placeholder] = value
                sets.append(set)
            }
        }
        let optional = query.filter { !$0.required }.map(\.placeholder)
        // Mutant: only URLs that give every optional query parameter are checked.
        if !optional.isEmpty, !planted(.optionalPlaceholdersAlwaysGiven) {
            sets.append(first.filter { !optional.contains($0.key) })
        }
        return sets
    }
}

extension LinkPattern.ValueType {
    /// Values of this type for a check: one that only this type (and text) accepts, or each
    /// value of a `oneOf`.
    var samples: [String] {
        switch self {
        case .text: ["text"]
        case .integer: ["0"]
        case .uuid: ["00000000-0000-0000-0000-000000000000"]
        case .oneOf(let values): values
        }
    }
}
