/// A deep link as a value: where to go, step by step, from the current screen (relative) or from
/// the root window (absolute, `^/`). Parsed from a path (``init(parsing:limits:)``) and printed
/// back to one (``path``): printing and parsing again gives the same route.
///
/// The grammar, compatible with the DeepTransition library's, is in <doc:DeepLinksAndTheInbox>:
/// `a/b` pushes `a` then `b` (`/a` the same), `!m` presents `m`, `!/m` presents a navigation stack
/// whose root is `m`, `#t` selects the tab `t`, `..` goes up one (`../friend`), `up(n=2)` goes up
/// two, `^/top` starts from the root window, and `(k=v,k2=v2)` gives a step parameters.
public struct Route: Sendable, Hashable, Codable, CustomStringConvertible {
    /// Whether the route starts from the root window (`^/`) rather than from the current screen.
    public var isAbsolute: Bool
    /// The steps, in order.
    public var steps: [RouteStep]

    /// A route of `steps`, absolute or relative.
    public init(absolute: Bool = false, _ steps: [RouteStep]) {
        isAbsolute = absolute
        self.steps = steps
    }

    /// Parses `path`.
    ///
    /// - Throws: one of the path's cases of ``NavigationError``, naming the position (in characters
    ///   from the start) and what was expected there; a malformed path is never shortened or
    ///   guessed at.
    public init(parsing path: String, limits: RouteLimits = .standard) throws(NavigationError) {
        self = try RouteParser.parse(path, limits: limits)
    }

    /// The path that parses back to this route: `^/` when absolute, steps joined by their
    /// operators (a relative route's first push has none), `..` for one step up and `up(n=k)`
    /// for more, parameters sorted by key, and in names and values every character that the
    /// grammar reserves escaped (except that a value's `/ ! # ^`
    /// stay as they are and only a screen named `..` without parameters has a dot encoded, `%2E.`). A parsed route never prints longer
    /// than the path it was parsed from, so it prints within the same ``RouteLimits``.
    public var path: String {
        var out = isAbsolute ? "^/" : ""
        for (index, step) in steps.enumerated() {
            let first = index == 0
            switch step {
            case .push(let target):
                if !first { out += "/" }
                target.write(to: &out)
            case .modal(let target):
                out += "!"
                target.write(to: &out)
            case .modalStack(let target):
                out += "!/"
                target.write(to: &out)
            case .tab(let target):
                out += "#"
                target.write(to: &out)
            case .up(let count):
                if !first { out += "/" }
                out += count == 1 ? ".." : "up(n=\(count))"
            }
        }
        return out
    }

    /// The path (see ``path``).
    public var description: String { path }

    private enum CodingKeys: String, CodingKey { case isAbsolute, steps }

    /// Decodes a route and checks it under ``RouteLimits/standard`` (``validate(limits:)``): a
    /// route from disk is untrusted, so one that breaks the rules (an `up(-1)`, an empty name,
    /// too many steps) is a `DecodingError` naming what is wrong, never a route.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        isAbsolute = try container.decode(Bool.self, forKey: .isAbsolute)
        steps = try container.decode([RouteStep].self, forKey: .steps)
        do {
            try validate()
        } catch {
            throw DecodingError.dataCorruptedError(forKey: .steps, in: container, debugDescription: "\(error)")
        }
    }

    /// The route as a tree, one step per line, as `stress route` prints it.
    package var tree: String {
        var lines = [isAbsolute ? "route from the root window (^/)" : "route from the current screen"]
        for (index, step) in steps.enumerated() {
            lines.append((index == steps.count - 1 ? "└─ " : "├─ ") + step.description)
        }
        if steps.isEmpty { lines.append("└─ (no step: the root window's base)") }
        return lines.joined(separator: "\n")
    }
}

/// One step of a ``Route``.
public enum RouteStep: Sendable, Hashable, Codable, CustomStringConvertible {
    /// Push the screen onto the current navigation stack (`/name`, or `name` first).
    case push(RouteTarget)
    /// Present the screen modally (`!name`).
    case modal(RouteTarget)
    /// Present a new navigation stack whose root is the screen (`!/name`).
    case modalStack(RouteTarget)
    /// Select the tab showing the screen (`#name`).
    case tab(RouteTarget)
    /// Go up this many screens (`..` for one, `up(n=k)`); at least one.
    case up(Int)

    /// As `push list_news`, `modal show (id=9)`, `up 2`.
    public var description: String {
        switch self {
        case .push(let target): "push \(target)"
        case .modal(let target): "modal \(target)"
        case .modalStack(let target): "modal stack \(target)"
        case .tab(let target): "tab \(target)"
        case .up(let count): "up \(count)"
        }
    }
}

/// The screen a step names, with its parameters.
public struct RouteTarget: Sendable, Hashable, Codable, CustomStringConvertible {
    /// The screen's name, decoded (escapes and percent-encoding resolved).
    public var name: String
    /// The parameters, decoded.
    public var parameters: [String: String]

    /// A target named `name` with `parameters`.
    public init(_ name: String, _ parameters: [String: String] = [:]) {
        self.name = name
        self.parameters = parameters
    }

    /// As `show (id=9, tab=top)`, parameters sorted by key; control characters in names and
    /// values are shown as `%XX`, so a description stays on one line.
    public var description: String {
        let name = NavigationError.shown(name)
        return parameters.isEmpty
            ? name
            : name + " ("
                + parameters.sorted { $0.key < $1.key }.map {
                    "\(NavigationError.shown($0.key))=\(NavigationError.shown($0.value))"
                }
                .joined(separator: ", ") + ")"
    }

    /// Writes the target as the grammar writes it to `out` (a string, or a ``RouteTextMatch``
    /// that checks it against text written before).
    func write(to out: inout some TextOutputStream) {
        // `up(…)` is the up step: a screen named `up` with parameters has its name's `u` encoded;
        // `..` alone is the up step too, while `..(…)` is a name. Nothing else needs a dot encoded,
        // so a path never prints longer than it was written (and stays within its length limit).
        if name == "up" && !parameters.isEmpty {
            out.write("%75p")
        } else if name == ".." && parameters.isEmpty {
            out.write("%2E.")
        } else {
            Self.appendEscaped(name, to: &out, encodingDots: false)
        }
        guard !parameters.isEmpty else { return }
        out.write("(")
        // In key order, so equal targets print alike; one parameter needs no sort.
        let ordered = parameters.count == 1 ? Array(parameters) : parameters.sorted { $0.key < $1.key }
        for (index, (key, value)) in ordered.enumerated() {
            if index > 0 { out.write(",") }
            Self.appendEscaped(key, to: &out, encodingDots: false)
            out.write("=")
            Self.appendEscaped(value, to: &out, encodingDots: false, inValue: true)
        }
        out.write(")")
    }

    /// `text` as a name, key or value is written in a path: characters the grammar gives a
    /// meaning (`/ ! # ^ ( ) , = \`) are escaped with a backslash, `%` and control characters
    /// are percent-encoded (a space is written as it is, as the parser reads it, so printing never
    /// makes a path longer), and a text made only of dots has its first dot percent-encoded (`..`
    /// means up).
    package static func escaped(_ text: String) -> String { escaped(text, encodingDots: true) }

    /// Whether `byte` of a name, key or value must be written escaped or encoded: control
    /// characters, `%`, the grammar's characters (in a value, its operators `/ ! # ^` stay as
    /// they are), and a dot when `encodingDots` (the caller decides which dot).
    private static func needsEscape(_ byte: UInt8, encodingDots: Bool, inValue: Bool) -> Bool {
        switch byte {
        case 0..<0x20, 0x7F, UInt8(ascii: "%"), UInt8(ascii: "("), UInt8(ascii: ")"), UInt8(ascii: ","),
            UInt8(ascii: "="), UInt8(ascii: "\\"):
            true
        case UInt8(ascii: "/"), UInt8(ascii: "!"), UInt8(ascii: "#"), UInt8(ascii: "^"): !inValue
        case UInt8(ascii: "."): encodingDots
        default: false
        }
    }

    /// `text` escaped as ``escaped(_:)`` does; the first dot of a text made only of dots encoded
    /// only when `encodingDots`; in a value (`inValue`), the operators `/ ! # ^` as they are.
    static func escaped(_ text: String, encodingDots: Bool, inValue: Bool = false) -> String {
        var out = ""
        appendEscaped(text, to: &out, encodingDots: encodingDots, inValue: inValue)
        return out
    }

    /// Appends `text` to `out` escaped as ``escaped(_:encodingDots:inValue:)`` gives it, with no
    /// string of its own in between.
    static func appendEscaped(
        _ text: String, to out: inout some TextOutputStream, encodingDots: Bool, inValue: Bool = false
    ) {
        // Most names and values need nothing escaped: then the text is appended as it is.
        guard text.utf8.contains(where: { needsEscape($0, encodingDots: encodingDots, inValue: inValue) }) else {
            out.write(text)
            return
        }
        let onlyDots = encodingDots && !text.isEmpty && text.utf8.allSatisfy { $0 == UInt8(ascii: ".") }
        for (index, scalar) in text.unicodeScalars.enumerated() {
            switch scalar {
            case "/", "!", "#", "^":
                if !inValue { out.write("\\") }
                out.write(String(scalar))
            case "(", ")", ",", "=", "\\":
                out.write("\\")
                out.write(String(scalar))
            case "%":
                out.write("%25")
            case "." where onlyDots && index == 0:
                out.write("%2E")
            default:
                if scalar.value < 0x20 || scalar.value == 0x7F {
                    out.write(
                        "%" + String(scalar.value >> 4, radix: 16, uppercase: true)
                            + String(scalar.value & 0xF, radix: 16, uppercase: true))
                } else {
                    out.write(String(scalar))
                }
            }
        }
    }
}
