/// Why a path is not a route: what was wrong and where. `position` counts characters from the
/// start of the path (0 is the first); `swift run stress route PATH` draws it under a caret.
public enum RouteError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The path is empty (a link that names nothing).
    case empty
    /// The path is longer than the limit (in UTF-8 bytes); `position` is the first character
    /// past the limit.
    case tooLong(length: Int, limit: Int, position: Int)
    /// The route has more steps than the limit.
    case tooDeep(position: Int, limit: Int)
    /// A step has more parameters than the limit.
    case tooManyParameters(position: Int, limit: Int)
    /// A control character (below U+0020, or U+007F) where none may be.
    case controlCharacter(position: Int, scalar: UInt32)
    /// A step with no name: an operator at the end (`a/`), two in a row (`a//b`, `!#`), `(`
    /// with no name before it, or a name that decodes to nothing.
    case emptyName(position: Int)
    /// A parameter with no key (`(=1)`) or no `=` (`(k)`).
    case emptyParameterKey(position: Int)
    /// The same key twice in one step's parameters.
    case duplicateParameter(String, position: Int)
    /// A `(` never closed.
    case unclosedParameters(position: Int)
    /// A backslash before a character that needs no escape, or at the end; or a `%` not followed
    /// by two hex digits; or percent-encoded bytes that are not UTF-8.
    case badEscape(position: Int, found: String)
    /// `up(n=…)` (or an up step built in code) with a count that is not a whole number from 1
    /// to the limit.
    case badUpCount(position: Int, found: String, limit: Int)
    /// An absolute route (`^/…`) that goes up past the root window's base.
    case upPastRoot(position: Int)
    /// Something else than what the grammar allows at `position`.
    case unexpected(position: Int, found: String, expected: String)

    /// Where in the path the problem is, in characters from the start; nil for an empty path.
    /// For a route built in code or decoded, the path is the one it prints (``Route/path``).
    public var position: Int? {
        switch self {
        case .empty: nil
        case .tooLong(_, _, let position), .tooDeep(let position, _), .tooManyParameters(let position, _),
            .controlCharacter(let position, _),
            .emptyName(let position), .emptyParameterKey(let position), .duplicateParameter(_, let position),
            .unclosedParameters(let position), .badEscape(let position, _), .badUpCount(let position, _, _),
            .upPastRoot(let position), .unexpected(let position, _, _):
            position
        }
    }

    /// A stable short code for logs and metrics, as `unclosedParameters`.
    public var code: String {
        switch self {
        case .empty: "empty"
        case .tooLong: "tooLong"
        case .tooDeep: "tooDeep"
        case .tooManyParameters: "tooManyParameters"
        case .controlCharacter: "controlCharacter"
        case .emptyName: "emptyName"
        case .emptyParameterKey: "emptyParameterKey"
        case .duplicateParameter: "duplicateParameter"
        case .unclosedParameters: "unclosedParameters"
        case .badEscape: "badEscape"
        case .badUpCount: "badUpCount"
        case .upPastRoot: "upPastRoot"
        case .unexpected: "unexpected"
        }
    }

    /// What went wrong and what to write instead.
    public var description: String {
        switch self {
        case .empty:
            "the path is empty: write at least one step, as `top` or `^/top`"
        case .tooLong(let length, let limit, let position):
            "at \(position): the path is \(length) bytes long, over the limit of \(limit)"
        case .tooDeep(let position, let limit):
            "at \(position): more than \(limit) steps"
        case .tooManyParameters(let position, let limit):
            "at \(position): more than \(limit) parameters in one step"
        case .controlCharacter(let position, let scalar):
            "at \(position): control character U+\(String(scalar, radix: 16, uppercase: true)); percent-encode it (%XX)"
        case .emptyName(let position):
            "at \(position): expected a screen name (after `/`, `!`, `!/` or `#`, and before `(`)"
        case .emptyParameterKey(let position):
            "at \(position): expected a parameter as `key=value`"
        case .duplicateParameter(let key, let position):
            "at \(position): parameter `\(RouteTarget.escaped(key))` given twice in one step"
        case .unclosedParameters(let position):
            "at \(position): `(` is never closed: expected `)` after the parameters"
        case .badEscape(let position, let found):
            "at \(position): bad escape `\(Self.shown(found))`: write `\\` before one of / ! # ^ ( ) , = \\, or `%` and two hex digits of UTF-8"
        case .badUpCount(let position, let found, let limit):
            "at \(position): `up(n=\(Self.shown(found)))`: n must be a whole number from 1 to \(limit)"
        case .upPastRoot(let position):
            "at \(position): goes up past the root window's base"
        case .unexpected(let position, let found, let expected):
            "at \(position): found \(Self.shown(found)), expected \(expected)"
        }
    }

    /// Whether `scalar` is a control character (below U+0020, or U+007F…U+009F) or breaks a line
    /// (U+2028, U+2029): shown percent-encoded in messages.
    static func breaksLine(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) || scalar.value == 0x2028 || scalar.value == 0x2029
    }

    /// `text` from a path, echoed in a message: control characters and line separators (a
    /// newline, U+0085, U+2028, say) written as their percent-encoded UTF-8, so that an error
    /// stays on one line and shows what was there.
    static func shown(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: breaksLine) else { return text }
        var out = ""
        for scalar in text.unicodeScalars {
            if breaksLine(scalar) {
                // UTF-8, percent-encoded, as a path writes it.
                for byte in String(scalar).utf8 {
                    out += "%" + String(byte >> 4, radix: 16, uppercase: true) + String(byte & 0xF, radix: 16, uppercase: true)
                }
            } else {
                out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    /// `path`, then a caret under the problem's position on the next line, then the description:
    /// what `stress route` prints for a bad path. Control characters in the path are shown as
    /// `%XX`, so the caret stays under the character it names.
    package func caret(under path: String) -> String {
        let shownPath = Self.shown(path)
        guard let at = position.map({ max(0, $0) }) else { return shownPath + "\n" + description }
        // Each shown scalar widens by its encoding (`%0A` is three characters, not one): the
        // caret moves with the ones before it.
        let widening = path.prefix(at).unicodeScalars.filter(Self.breaksLine)
            .reduce(0) { $0 + 3 * String($1).utf8.count - 1 }
        return shownPath + "\n" + String(repeating: " ", count: at + widening) + "^\n" + description
    }
}
