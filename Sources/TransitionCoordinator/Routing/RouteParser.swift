/// The bounds a path must keep: a link comes from outside the app, so nothing in it may make the
/// parser (or what it feeds) do unbounded work.
public struct RouteLimits: Sendable, Hashable {
    /// The longest path, in UTF-8 bytes.
    public var maxLength: Int
    /// The most steps in a route.
    public var maxSteps: Int
    /// The most parameters in one step.
    public var maxParameters: Int
    /// The largest `n` of `up(n=…)`.
    public var maxUpCount: Int

    /// Bounds a path must keep.
    public init(maxLength: Int = 4_096, maxSteps: Int = 256, maxParameters: Int = 32, maxUpCount: Int = 256) {
        self.maxLength = maxLength
        self.maxSteps = maxSteps
        self.maxParameters = maxParameters
        self.maxUpCount = maxUpCount
    }

    /// 4,096 bytes, 256 steps, 32 parameters a step, `up(n=256)` at most.
    public static let standard = RouteLimits()
}

/// The path parser: one pass over the path's UTF-8 bytes, O(length), no backtracking. Pure.
enum RouteParser {
    /// The largest `n` of `up(n=…)` the grammar can write (nine digits), whatever the limits say.
    static let largestUpCount = 999_999_999

    /// Parses `path` under `limits` (see ``Route/init(parsing:limits:)``).
    static func parse(_ path: String, limits: RouteLimits) throws(NavigationError) -> Route {
        let count = path.utf8.count
        guard count > 0 else { throw .emptyPath }
        guard count <= limits.maxLength else {
            throw .tooLong(
                length: count, limit: limits.maxLength, position: Self.firstCharacter(past: limits.maxLength, in: path))
        }
        var parser = Parser(bytes: Array(path.utf8), limits: limits)
        return try parser.route()
    }

    /// The position (in characters) of the first character of `text` whose last byte lies past
    /// its first `limit` UTF-8 bytes: where a path over the length limit stops fitting.
    static func firstCharacter(past limit: Int, in text: String) -> Int {
        var bytes = 0
        var position = 0
        for character in text {
            bytes += character.utf8.count
            if bytes > limit { break }
            position += 1
        }
        return position
    }

    /// The parser's place in a path: its UTF-8 bytes (read through bounds-checked subscripts) and
    /// the index of the next byte to read.
    struct Parser {
        let bytes: [UInt8]
        let limits: RouteLimits
        var index = 0
        /// Text with escapes, decoded (reused across tokens; never longer than the path).
        var decoded: [UInt8] = []

        init(bytes: [UInt8], limits: RouteLimits) {
            self.bytes = bytes
            self.limits = limits
        }

        var atEnd: Bool { index >= bytes.count }
        var current: UInt8? { index < bytes.count ? bytes[index] : nil }

        /// The character offset of byte offset `byte` (what errors report).
        func position(_ byte: Int) -> Int {
            String(decoding: bytes[0..<min(byte, bytes.count)], as: UTF8.self).count
        }

        /// What stands at `byte`, for an error: the character in backquotes, or "the end".
        func found(at byte: Int) -> String {
            guard byte < bytes.count else { return "the end" }
            let rest = String(decoding: bytes[byte...], as: UTF8.self)
            return rest.first.map { "`\($0)`" } ?? "the end"
        }

        mutating func route() throws(NavigationError) -> Route {
            var route = Route([])
            if current == Byte.caret {
                index += 1
                guard current == Byte.slash else {
                    throw .unexpected(
                        position: position(index), found: found(at: index),
                        expected: "`/` after `^` (an absolute path starts with `^/`)")
                }
                index += 1
                route.isAbsolute = true
                if atEnd { return route }
            }
            var depth = 0
            route.steps.reserveCapacity(8)
            while !atEnd {
                let start = index
                if route.steps.count >= limits.maxSteps { throw .tooDeep(position: position(start), limit: limits.maxSteps) }
                let step = try step(first: route.steps.isEmpty, absolute: route.isAbsolute)
                if case .up(let count) = step {
                    depth -= count
                    if route.isAbsolute, depth < 1 { throw .upPastRoot(position: position(start)) }
                } else {
                    depth += 1
                }
                route.steps.append(step)
                if let byte = current, !Byte.isOperator(byte) {
                    throw .unexpected(
                        position: position(index), found: found(at: index),
                        expected: "`/`, `!`, `!/` or `#` before the next step, or the end")
                }
            }
            return route
        }

        /// One step: its operator (none for a first push), then `..`, `up(n=…)` or a name with parameters.
        mutating func step(first: Bool, absolute: Bool) throws(NavigationError) -> RouteStep {
            enum Operator { case push, modal, modalStack, tab }
            var op = Operator.push
            switch current {
            case Byte.slash?:
                // `^//a` has an empty step between the slashes.
                if first, absolute { throw .missingName(position: position(index)) }
                index += 1
            case Byte.bang?:
                index += 1
                if current == Byte.slash {
                    index += 1
                    op = .modalStack
                } else {
                    op = .modal
                }
            case Byte.hash?:
                index += 1
                op = .tab
            default:
                if !first {
                    throw .unexpected(position: position(index), found: found(at: index), expected: "`/`, `!`, `!/` or `#`")
                }
            }
            let elementStart = index
            if isUp(at: index) {
                guard op == .push else {
                    throw .unexpected(
                        position: position(index), found: "`..`", expected: "a screen name (`..` goes up only first or after `/`)"
                    )
                }
                index += 2
                return .up(1)
            }
            let (name, escapedName) = try text(.name)
            if name.isEmpty { throw .missingName(position: position(elementStart)) }
            // `up(`: the name `up` written plainly, then parameters (compared as bytes, not as strings).
            let isUpCall =
                !escapedName && index == elementStart + 2 && current == Byte.open
                && bytes[elementStart] == UInt8(ascii: "u") && bytes[elementStart + 1] == UInt8(ascii: "p")
            let parameters = current == Byte.open ? try self.parameters() : [String: String]()
            if isUpCall {
                guard op == .push else {
                    throw .unexpected(
                        position: position(elementStart), found: "`up(`",
                        expected: "a screen name (`up(n=…)` goes up only first or after `/`)")
                }
                return .up(try upCount(parameters, at: elementStart))
            }
            let target = RouteTarget(name, parameters)
            switch op {
            case .push: return .push(target)
            case .modal: return .modal(target)
            case .modalStack: return .modalStack(target)
            case .tab: return .tab(target)
            }
        }

        /// Whether `..` stands at `byte` as a whole element (followed by an operator or the end).
        func isUp(at byte: Int) -> Bool {
            guard byte + 1 < bytes.count, bytes[byte] == Byte.dot, bytes[byte + 1] == Byte.dot else { return false }
            return byte + 2 == bytes.count || Byte.isOperator(bytes[byte + 2])
        }

        /// The count of `up(n=…)`: exactly the parameter `n`, a whole number from 1 to the limit.
        func upCount(_ parameters: [String: String], at byte: Int) throws(NavigationError) -> Int {
            guard let text = parameters["n"], parameters.count == 1 else {
                let other = parameters.keys.sorted().first { $0 != "n" }
                throw .unexpected(
                    position: position(byte + 3), found: other.map { "parameter `\($0)`" } ?? "no `n`",
                    expected: "exactly `n` in `up(n=…)`")
            }
            guard text.utf8.count <= 9, text.utf8.allSatisfy({ (0x30...0x39).contains($0) }), let count = Int(text),
                count >= 1, count <= limits.maxUpCount
            else {
                throw .badUpCount(position: position(byte + 5), found: text, limit: limits.maxUpCount)
            }
            return count
        }

        /// `(k=v,…)` from the `(` at `index`; at most the limit, each key once.
        mutating func parameters() throws(NavigationError) -> [String: String] {
            let open = index
            index += 1
            // Most links give a step one to four parameters: room for them, no rehashing as they come.
            var parameters = [String: String](uniqueKeysWithValues: Room(count: 4))
            while true {
                guard !atEnd else { throw .unclosedParameters(position: position(open)) }
                if parameters.count >= limits.maxParameters {
                    throw .tooManyParameters(position: position(index), limit: limits.maxParameters)
                }
                let keyStart = index
                let (key, _) = try text(.key)
                guard !key.isEmpty, current == Byte.equals else {
                    if atEnd { throw .unclosedParameters(position: position(open)) }
                    throw .emptyParameterKey(position: position(keyStart))
                }
                index += 1
                let (value, _) = try text(.value)
                if parameters.updateValue(value, forKey: key) != nil {
                    throw .duplicateParameter(key, position: position(keyStart))
                }
                switch current {
                case Byte.comma?:
                    index += 1
                case Byte.close?:
                    index += 1
                    return parameters
                case nil:
                    throw .unclosedParameters(position: position(open))
                default:
                    throw .unexpected(
                        position: position(index), found: found(at: index),
                        expected: "`,` or `)` after a value (write `\\=` for `=` in a value)")
                }
            }
        }

        /// A name, key or value up to the byte that ends it, decoded; and whether it held an escape.
        /// Plain bytes are skipped with one test each (``Stops``); text that ends with no escape
        /// and no error (most of it) becomes a string straight from the path's bytes.
        mutating func text(_ place: Place) throws(NavigationError) -> (String, Bool) {
            let stops = Stops(place)
            let start = index
            while index < bytes.count, !stops.contains(bytes[index]) { index += 1 }
            if index < bytes.count, !ends(place, at: bytes[index]) { return try escapedText(place, from: start) }
            return (Self.string(bytes, start..<index), false)
        }

        /// The text of `bytes` in `range`, decoded once. A function of its own, given the array: read
        /// from a parameter rather than from the parser being mutated, the slice costs no reference
        /// count on the path's storage.
        static func string(_ bytes: [UInt8], _ range: Range<Int>) -> String {
            String(decoding: bytes[range], as: UTF8.self)
        }

        /// The rest of ``text(_:)`` from a byte that neither is plain nor ends the text: escapes
        /// decoded, and the errors.
        mutating func escapedText(_ place: Place, from start: Int) throws(NavigationError) -> (String, Bool) {
            let stops = Stops(place)
            var escaped = false
            // Once an escape is met, ``decoded`` holds the plain bytes before it, then each decoded byte.
            var percentAt: Int?
            // Whether a percent-encoded byte was not ASCII (only then can the text not be UTF-8).
            var percentHigh = false
            while let byte = current {
                if byte < 0x20 || byte == 0x7F { throw .controlCharacter(position: position(index), scalar: UInt32(byte)) }
                if ends(place, at: byte) { break }
                switch byte {
                case Byte.backslash:
                    guard index + 1 < bytes.count, Byte.isEscapable(bytes[index + 1]) else {
                        let shown = index + 1 < bytes.count ? "\\" + found(at: index + 1).dropFirst().dropLast() : "\\"
                        throw .badEscape(position: position(index), found: String(shown))
                    }
                    if !escaped {
                        startDecoding(from: start)
                        escaped = true
                    }
                    decoded.append(bytes[index + 1])
                    index += 2
                case Byte.percent:
                    guard index + 2 < bytes.count, let high = Self.hex(bytes[index + 1]), let low = Self.hex(bytes[index + 2])
                    else {
                        let end = min(index + 3, bytes.count)
                        throw .badEscape(
                            position: position(index),
                            found: String(decoding: bytes[index..<end], as: UTF8.self))
                    }
                    if !escaped {
                        startDecoding(from: start)
                        escaped = true
                    }
                    if percentAt == nil { percentAt = index }
                    let byte = high << 4 | low
                    if place != .value, byte < 0x20 || byte == 0x7F {
                        throw .controlCharacter(position: position(index), scalar: UInt32(byte))
                    }
                    if byte >= 0x80 { percentHigh = true }
                    decoded.append(byte)
                    index += 3
                default:
                    if let refusal = refuses(place, byte) {
                        throw .unexpected(position: position(index), found: found(at: index), expected: refusal)
                    }
                    // Not reached while ``Stops`` holds every byte handled above; kept so that it cannot matter.
                    if escaped { decoded.append(byte) }
                    index += 1
                }
                // The plain bytes up to the next stop, one at a time (the runs between escapes are short).
                while index < bytes.count, !stops.contains(bytes[index]) {
                    if escaped { decoded.append(bytes[index]) }
                    index += 1
                }
            }
            guard escaped else { return (Self.string(bytes, start..<index), false) }
            // Only percent-encoding can make bytes that are not UTF-8 (the rest came from a String,
            // whole characters at a time), and only a decoded byte past ASCII can.
            if percentHigh, !Self.isUTF8(decoded) {
                throw .badEscape(position: position(percentAt ?? start), found: "percent-encoded bytes that are not UTF-8")
            }
            return (Self.string(decoded, decoded.indices), true)
        }

        /// Starts ``decoded`` with the plain bytes from `start` to `index`; the first time, it takes
        /// room for the whole path (no decoded text is longer), so it never grows.
        mutating func startDecoding(from start: Int) {
            decoded.removeAll(keepingCapacity: true)
            decoded.reserveCapacity(bytes.count)
            for offset in start..<index { decoded.append(bytes[offset]) }
        }

        /// Whether `byte` ends a piece of text in `place`.
        func ends(_ place: Place, at byte: UInt8) -> Bool {
            switch place {
            case .name: Byte.isOperator(byte) || byte == Byte.open
            case .key: byte == Byte.equals || byte == Byte.comma || byte == Byte.close
            case .value: byte == Byte.comma || byte == Byte.close
            }
        }

        /// What the grammar expects instead when `byte` may not stand raw in `place`; nil when it may.
        func refuses(_ place: Place, _ byte: UInt8) -> String? {
            switch (place, byte) {
            case (.name, Byte.close), (.name, Byte.comma), (.name, Byte.equals), (.name, Byte.caret):
                "a screen name (escape it with `\\`)"
            case (.key, Byte.open), (.key, Byte.slash), (.key, Byte.bang), (.key, Byte.hash), (.key, Byte.caret):
                "a parameter key (escape it with `\\`)"
            case (.value, Byte.equals), (.value, Byte.open):
                "a value (escape it with `\\`)"
            default:
                nil
            }
        }
    }
}
