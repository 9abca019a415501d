/// Why a path is not a route: what was wrong and where. `position` counts characters from the
/// start of the path (0 is the first); ``caret(under:)`` draws it.
public enum RouteError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The path is empty (a link that names nothing).
    case empty
    /// The path is longer than the limit (in UTF-8 bytes).
    case tooLong(length: Int, limit: Int)
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
    /// `up(n=…)` with a count that is not a whole number from 1 to the limit.
    case badUpCount(position: Int, found: String)
    /// An absolute route (`^/…`) that goes up past the root window's base.
    case upPastRoot(position: Int)
    /// Something else than what the grammar allows at `position`.
    case unexpected(position: Int, found: String, expected: String)

    /// Where in the path the problem is, in characters from the start; nil for a whole-path problem.
    public var position: Int? {
        switch self {
        case .empty, .tooLong: nil
        case .tooDeep(let position, _), .tooManyParameters(let position, _), .controlCharacter(let position, _),
             .emptyName(let position), .emptyParameterKey(let position), .duplicateParameter(_, let position),
             .unclosedParameters(let position), .badEscape(let position, _), .badUpCount(let position, _),
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
        case .tooLong(let length, let limit):
            "the path is \(length) bytes long, over the limit of \(limit)"
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
            "at \(position): parameter `\(key)` given twice in one step"
        case .unclosedParameters(let position):
            "at \(position): `(` is never closed: expected `)` after the parameters"
        case .badEscape(let position, let found):
            "at \(position): bad escape `\(found)`: write `\\` before one of / ! # ^ ( ) , = \\, or `%` and two hex digits of UTF-8"
        case .badUpCount(let position, let found):
            "at \(position): `up(n=\(found))`: n must be a whole number of at least 1"
        case .upPastRoot(let position):
            "at \(position): goes up past the root window's base"
        case .unexpected(let position, let found, let expected):
            "at \(position): found \(found), expected \(expected)"
        }
    }

    /// `path`, then a caret under the problem's position on the next line, then the description:
    /// what `stress route` prints for a bad path.
    public func caret(under path: String) -> String {
        guard let position else { return path + "\n" + description }
        return path + "\n" + String(repeating: " ", count: position) + "^\n" + description
    }
}
