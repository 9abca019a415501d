/// The rules a route must keep however it was made: parsed from a path, built in code, decoded
/// from saved data or returned by a migration. A route that keeps them prints (``Route/path``)
/// to a path that parses back to the same route under the same limits.
extension Route {
    /// Checks the route against the grammar's rules and `limits`, as the parser checks a path:
    /// at most `maxSteps` steps, each `up` from 1 to `maxUpCount` (and, in an absolute route,
    /// never past the root window's base), every screen name and parameter key not empty and
    /// free of control characters, at most `maxParameters` parameters a step, and a path of at
    /// most `maxLength` bytes. A relative route with no step is empty, as the empty path is.
    ///
    /// Pure, linear in the route. The route compiler and so ``Coordinator/navigate(to:animator:policy:whenLocked:)``
    /// check every route this way before anything changes; decoding a route checks it under
    /// ``RouteLimits/standard``.
    /// - Throws: one of the path's cases of ``NavigationError``, whose position is a character
    ///   offset in ``path``.
    public func validate(limits: RouteLimits = .standard) throws(NavigationError) {
        if steps.isEmpty, !isAbsolute { throw .emptyPath }
        var depth = 0
        // An upper bound of the path's length: every byte of a name, key or value escaped takes
        // at most three (`%XX`), and each step's punctuation at most `!/`, `(`, `)`, `,` and `=`.
        var longest = isAbsolute ? 2 : 0
        for (index, step) in steps.enumerated() {
            if index >= limits.maxSteps { throw .tooDeep(position: position(ofStep: index), limit: limits.maxSteps) }
            guard let target = step.target else {
                guard case .up(let count) = step else { continue }
                // The parser reads at most nine digits: a count past them could not be parsed back.
                guard count >= 1, count <= min(limits.maxUpCount, RouteParser.largestUpCount) else {
                    throw .badUpCount(position: position(ofStep: index), found: String(count), limit: limits.maxUpCount)
                }
                depth -= count
                if isAbsolute, depth < 1 { throw .upPastRoot(position: position(ofStep: index)) }
                longest += 16 // `/up(n=` and nine digits and `)`
                continue
            }
            depth += 1
            if target.name.isEmpty { throw .missingName(position: position(ofStep: index)) }
            if let scalar = Self.controlCharacter(in: target.name) {
                throw .controlCharacter(position: position(ofStep: index), scalar: scalar)
            }
            if target.parameters.count > limits.maxParameters {
                throw .tooManyParameters(position: position(ofStep: index), limit: limits.maxParameters)
            }
            longest += 2 + 3 * target.name.utf8.count
            if !target.parameters.isEmpty {
                var badKey = false
                for (key, value) in target.parameters {
                    if key.isEmpty || Self.controlCharacter(in: key) != nil { badKey = true }
                    longest += 2 + 3 * (key.utf8.count + value.utf8.count)
                }
                // Keys sorted, as the path writes them: the first bad one is the one reported.
                if badKey,
                    let key = target.parameters.keys.sorted().first(where: { $0.isEmpty || Self.controlCharacter(in: $0) != nil })
                {
                    if let scalar = Self.controlCharacter(in: key) {
                        throw .controlCharacter(position: position(ofStep: index), scalar: scalar)
                    }
                    throw .emptyParameterKey(position: position(ofStep: index))
                }
                longest += 2
            }
        }
        // The path is printed only when the bound says it might be too long.
        if longest > limits.maxLength {
            let path = path
            let length = path.utf8.count
            if length > limits.maxLength {
                throw .tooLong(
                    length: length, limit: limits.maxLength,
                    position: RouteParser.firstCharacter(past: limits.maxLength, in: path))
            }
        }
    }

    /// Where step `index` starts in ``path``, in characters: the length of the path of the steps
    /// before it (called only to report an error).
    func position(ofStep index: Int) -> Int {
        Route(absolute: isAbsolute, Array(steps.prefix(index))).path.count
    }

    /// The first control character (below U+0020, or U+007F) of `text`, if any.
    private static func controlCharacter(in text: String) -> UInt32? {
        guard text.utf8.contains(where: { $0 < 0x20 || $0 == 0x7F }) else { return nil }
        return text.unicodeScalars.first { $0.value < 0x20 || $0.value == 0x7F }?.value
    }
}
