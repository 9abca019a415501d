/// Why a path is not a route, why a route does not compile to content, why a ``ScreenRegistry``
/// refused an entry, or why a URL did not lead to a route. Thrown before anything changes.
///
/// The cases come in four groups:
/// - **The path.** A path (or a route built in code, or decoded) breaks the grammar's rules or
///   limits: ``Route/init(parsing:limits:)`` and ``Route/validate(limits:)`` throw these, and so
///   does every call that takes a route, before it compiles it. ``position`` counts characters
///   from the start of the path (0 is the first; for a route built in code, of the path it prints,
///   ``Route/path``); `swift run stress route PATH` draws it under a caret.
/// - **The route.** The route does not compile to content: the error says which step (counted
///   from 0 in the absolute route the compiler resolved, ``step``), what it named, and what was
///   wrong.
/// - **The registry.** An entry no route could ever navigate to, or a container id two
///   containers could share. The registry throws them when the entry is made, so a bad registry
///   is found at launch, not by the first link; nothing is registered then.
/// - **The link.** A URL fits no pattern of a ``LinkTable``, or fits one whose values do not
///   (``LinkTable/route(for:)-(String)``); a pattern cannot be made (``LinkPattern``); or a pattern's
///   route is one the registry cannot build (``LinkTable/validate(against:)``, at launch).
///
/// The coordinator wraps a path's or a route's error in ``TransitionError/route(_:route:)``, with
/// the route as written; the registry and a link table throw theirs themselves.
public indirect enum NavigationError: Error, Sendable, Hashable, CustomStringConvertible {
    // The path breaks the grammar's rules or limits.

    /// The path is empty (a link that names nothing).
    case emptyPath
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
    case missingName(position: Int)
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

    // The route does not compile.

    /// The route names no screen at all (`^/` alone, or everything gone up).
    case emptyRoute
    /// An absolute route must name the root's content first: it starts with `step` instead.
    case noRootScreen(step: RouteStep)
    /// `up` goes past the first step of the route.
    case upPastStart(step: Int)
    /// `up` goes past the root of the tab `tab` the route selects there: a tab's root cannot be
    /// popped, and another tab is selected only by its name (`#settings`), never by going up.
    case upPastTab(String, step: Int)
    /// The registry does not know the name.
    case unknownScreen(String, step: Int)
    /// The registry declined to make the screen: the destination type's own decoding refused the
    /// step's values.
    case declined(String, step: Int)
    /// A declared parameter's value is not of its type.
    case parameterType(String, value: String, expected: LinkPattern.ValueType, screen: String, step: Int)
    /// A required parameter is missing.
    case missingParameter(String, screen: String, step: Int)
    /// A tab bar named where only a screen fits: inside a stack, or as a modal stack's root.
    case tabsInStack(String, step: Int)
    /// Parameters on a tab bar's step (`^/main(k=v)`): a tab bar is made from its tabs alone.
    case tabsTakeNoParameters(String, step: Int)
    /// `#tab` where the current container is not a tab bar.
    case tabOutsideTabs(String, step: Int)
    /// `#tab` naming a tab the tab bar does not have.
    case unknownTab(String, tabs: [String], tabBar: String, step: Int)
    /// A push onto a screen presented without a stack (`!m/x`): present it as `!/m` instead.
    case pushOntoModalScreen(String, onto: String, step: Int)
    /// The current content cannot be written as a route (a relative route needs it): a hop
    /// container, a tab bar the compiler did not make, or a modal in a tab that is not selected.
    case notRoutable(WindowContent.NodeID, reason: String)

    // The registry refused an entry.

    /// A tab bar with no tab: a route that names it could show nothing.
    case noTabs(tabBar: String)
    /// A tab bar that lists the same tab twice: `#tab` could not tell them apart.
    case duplicateTab(String, tabBar: String)
    /// A tab bar or a tab with an empty name (no path can write it).
    case emptyName(tabBar: String)
    /// A tab that is a tab bar (the bar itself, or one registered before): a tab's stack starts
    /// with a screen, never with tabs.
    case tabIsTabBar(String, tabBar: String)
    /// A tab whose screen needs a parameter (`feed(kind:)`, not optional): a route builds every
    /// tab's root from its name alone, so no route could build the tab bar, and a tab bar the app
    /// built by hand would save but never restore.
    case tabNeedsParameter(String, parameter: String, tabBar: String)
    /// A container id declared twice (``ScreenRegistry/rootStack(id:)``,
    /// ``ScreenRegistry/tabs(_:id:tabs:)-(_,_,KeyValuePairs<Tab,ContainerID>)``,
    /// ``ScreenRegistry/modalStack(rootedAt:id:)``), with what declared it first: two containers
    /// of one content could then share it.
    case duplicateID(ContainerID, declaredBy: String)
    /// A declared container id that is empty or starts with `^`, the mark of the ids a route makes.
    case reservedID(ContainerID)

    // A URL did not lead to a route, or a link pattern could not be made.

    /// No pattern fits the URL; `nearest` came closest and `reason` says where it parted.
    case noMatch(String, nearest: String?, reason: String)
    /// A placeholder's value is not of its declared type.
    case placeholderType(String, value: String, expected: LinkPattern.ValueType, pattern: String)
    /// A query parameter the pattern requires is missing from the URL.
    case missingQueryParameter(String, pattern: String)
    /// The pattern, its route template or its types do not fit together.
    case badPattern(String, reason: String)
    /// The URL fits the pattern, but the route its values fill in breaks the path grammar's rules
    /// (``Route/init(parsing:limits:)``): a screen named by a value that is empty or holds a
    /// control character, a route longer than ``RouteLimits/standard``. Every route a table gives
    /// prints to a path that parses back to it.
    case unroutable(String, reason: String, pattern: String)
    /// The text is not a URL: what is wrong, at `position` (in characters from the start, 0 the
    /// first).
    case badURL(String, position: Int, reason: String)
    /// The pattern's route, filled with `values` (samples of its placeholders' types), is one the
    /// registry cannot build: a screen, tab or tab bar it does not declare, a placeholder whose
    /// type the parameter it fills does not take, a required parameter missing
    /// (``LinkTable/validate(against:)``, at launch).
    case doesNotNavigate(pattern: String, values: [String: String], NavigationError)

    /// Where in the text the problem is, in characters from the start: in the path for the path's
    /// cases (for a route built in code or decoded, the path it prints, ``Route/path``), in the
    /// URL for ``badURL(_:position:reason:)``; nil for an empty path and every other case.
    public var position: Int? {
        switch self {
        case .tooLong(_, _, let position), .tooDeep(let position, _), .tooManyParameters(let position, _),
            .controlCharacter(let position, _),
            .missingName(let position), .emptyParameterKey(let position), .duplicateParameter(_, let position),
            .unclosedParameters(let position), .badEscape(let position, _), .badUpCount(let position, _, _),
            .upPastRoot(let position), .unexpected(let position, _, _), .badURL(_, let position, _):
            position
        case .emptyPath, .emptyRoute, .noRootScreen, .upPastStart, .upPastTab, .unknownScreen, .declined, .parameterType,
            .missingParameter, .tabsInStack, .tabsTakeNoParameters, .tabOutsideTabs, .unknownTab, .pushOntoModalScreen,
            .notRoutable, .noTabs, .duplicateTab, .emptyName, .tabIsTabBar, .tabNeedsParameter, .duplicateID, .reservedID,
            .noMatch, .placeholderType, .missingQueryParameter, .badPattern, .unroutable, .doesNotNavigate:
            nil
        }
    }

    /// The step the error names, when it names one (an index into the absolute route compiled);
    /// for ``doesNotNavigate(pattern:values:_:)``, the step of the pattern's route its error names.
    public var step: Int? {
        switch self {
        case .doesNotNavigate(_, _, let error):
            error.step
        case .upPastStart(let step), .upPastTab(_, let step), .unknownScreen(_, let step), .declined(_, let step),
            .parameterType(_, _, _, _, let step), .missingParameter(_, _, let step), .tabsInStack(_, let step),
            .tabsTakeNoParameters(_, let step), .tabOutsideTabs(_, let step), .unknownTab(_, _, _, let step),
            .pushOntoModalScreen(_, _, let step):
            step
        case .emptyPath, .tooLong, .tooDeep, .tooManyParameters, .controlCharacter, .missingName, .emptyParameterKey,
            .duplicateParameter, .unclosedParameters, .badEscape, .badUpCount, .upPastRoot, .unexpected, .emptyRoute,
            .noRootScreen, .notRoutable, .noTabs, .duplicateTab, .emptyName, .tabIsTabBar, .tabNeedsParameter, .duplicateID,
            .reservedID, .noMatch, .placeholderType, .missingQueryParameter, .badPattern, .unroutable, .badURL:
            nil
        }
    }

    /// A stable short code for logs and metrics, as `unknownScreen`.
    public var code: String {
        switch self {
        case .emptyPath: "emptyPath"
        case .tooLong: "tooLong"
        case .tooDeep: "tooDeep"
        case .tooManyParameters: "tooManyParameters"
        case .controlCharacter: "controlCharacter"
        case .missingName: "missingName"
        case .emptyParameterKey: "emptyParameterKey"
        case .duplicateParameter: "duplicateParameter"
        case .unclosedParameters: "unclosedParameters"
        case .badEscape: "badEscape"
        case .badUpCount: "badUpCount"
        case .upPastRoot: "upPastRoot"
        case .unexpected: "unexpected"
        case .emptyRoute: "emptyRoute"
        case .noRootScreen: "noRootScreen"
        case .upPastStart: "upPastStart"
        case .upPastTab: "upPastTab"
        case .unknownScreen: "unknownScreen"
        case .declined: "declined"
        case .parameterType: "parameterType"
        case .missingParameter: "missingParameter"
        case .tabsInStack: "tabsInStack"
        case .tabsTakeNoParameters: "tabsTakeNoParameters"
        case .tabOutsideTabs: "tabOutsideTabs"
        case .unknownTab: "unknownTab"
        case .pushOntoModalScreen: "pushOntoModalScreen"
        case .notRoutable: "notRoutable"
        case .noTabs: "noTabs"
        case .duplicateTab: "duplicateTab"
        case .emptyName: "emptyName"
        case .tabIsTabBar: "tabIsTabBar"
        case .tabNeedsParameter: "tabNeedsParameter"
        case .duplicateID: "duplicateID"
        case .reservedID: "reservedID"
        case .noMatch: "noMatch"
        case .placeholderType: "placeholderType"
        case .missingQueryParameter: "missingQueryParameter"
        case .badPattern: "badPattern"
        case .badURL: "badURL"
        case .unroutable: "unroutable"
        case .doesNotNavigate(_, _, let error): "doesNotNavigate.\(error.code)"
        }
    }

    /// What went wrong, at which step, and what to do.
    public var description: String {
        switch self {
        case .emptyPath:
            "the path is empty: write at least one step, as `top` or `^/top`"
        case .tooLong(let length, let limit, let position):
            "at \(position): the path is \(length) bytes long, over the limit of \(limit)"
        case .tooDeep(let position, let limit):
            "at \(position): more than \(limit) steps"
        case .tooManyParameters(let position, let limit):
            "at \(position): more than \(limit) parameters in one step"
        case .controlCharacter(let position, let scalar):
            "at \(position): control character U+\(String(scalar, radix: 16, uppercase: true)); percent-encode it (%XX)"
        case .missingName(let position):
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
        case .emptyRoute:
            "the route names no screen; an absolute route starts with the root's screen, as ^/home"
        case .noRootScreen(let step):
            "an absolute route starts with the root's screen (^/home), not \(step)"
        case .upPastStart(let step):
            "step \(step) goes up past the route's first screen"
        case .upPastTab(let tab, let step):
            "step \(step) goes up past the root of the tab `\(NavigationError.shown(tab))`; select another tab by its name (#tab)"
        case .unknownScreen(let name, let step):
            "step \(step): no screen named `\(name)` is registered"
        case .declined(let name, let step):
            "step \(step): the registry declined to make `\(name)` with these parameters"
        case .parameterType(let key, let value, let expected, let screen, let step):
            "step \(step): `\(screen)`'s parameter `\(key)` is `\(value)`, not \(expected)"
        case .missingParameter(let key, let screen, let step):
            "step \(step): `\(screen)` needs the parameter `\(key)`"
        case .tabsInStack(let name, let step):
            "step \(step): `\(name)` is a tab bar; it can start the route or a modal (`!\(name)`), not stand in a stack"
        case .tabsTakeNoParameters(let name, let step):
            "step \(step): the tab bar `\(name)` takes no parameters; give them to a tab (`#tab(k=v)`)"
        case .tabOutsideTabs(let name, let step):
            "step \(step): `#\(name)` selects a tab, but the current container is not a tab bar"
        case .unknownTab(let name, let tabs, let tabBar, let step):
            "step \(step): the tab bar `\(tabBar)` has no tab `\(name)`; its tabs are \(tabs.joined(separator: ", "))"
        case .pushOntoModalScreen(let name, let onto, let step):
            "step \(step): `\(name)` cannot be pushed onto `\(onto)`, presented without a stack; present it as `!/\(onto)`"
        case .notRoutable(let node, let reason):
            "the current content cannot be written as a route (\(node): \(reason)); navigate with an absolute route (^/…)"
        case .noTabs(let tabBar): "the tab bar `\(NavigationError.shown(tabBar))` has no tab; register it with at least one"
        case .duplicateTab(let tab, let tabBar):
            "the tab bar `\(NavigationError.shown(tabBar))` lists the tab `\(NavigationError.shown(tab))` twice; each tab once"
        case .emptyName(let tabBar): "the tab bar `\(NavigationError.shown(tabBar))` or one of its tabs has an empty name"
        case .tabIsTabBar(let tab, let tabBar):
            "the tab bar `\(NavigationError.shown(tabBar))` lists `\(NavigationError.shown(tab))`, a tab bar, as a tab; a tab must be a screen"
        case .tabNeedsParameter(let tab, let parameter, let tabBar):
            "the tab bar `\(NavigationError.shown(tabBar))` lists `\(NavigationError.shown(tab))`, which needs the parameter "
                + "`\(NavigationError.shown(parameter))`; a route makes a tab from its name alone: make it optional"
        case .duplicateID(let id, let owner):
            "the container id `\(NavigationError.shown(id.rawValue))` is declared by \(owner) already; give each container its own id"
        case .reservedID(let id):
            "the container id `\(NavigationError.shown(id.rawValue))` is empty or starts with `^`, which marks the ids a route makes; declare another"
        case .noMatch(let url, let nearest, let reason):
            "no link pattern fits \(url)" + (nearest.map { "; the nearest, \($0), parts where \(reason)" } ?? ": \(reason)")
        case .placeholderType(let name, let value, let expected, let pattern):
            "`:\(name)` is `\(value)`, not \(expected), in \(pattern)"
        case .missingQueryParameter(let name, let pattern):
            "the query parameter `\(name)` is required by \(pattern)"
        case .badPattern(let pattern, let reason):
            "link pattern \(pattern): \(reason)"
        case .unroutable(let url, let reason, let pattern):
            "\(url) fits \(pattern), but its route \(reason)"
        case .badURL(let url, let position, let reason):
            "\(url) is not a URL: at \(position), \(reason)"
        case .doesNotNavigate(let pattern, let values, let error):
            "link pattern \(pattern) leads to a route the registry cannot build"
                + (values.isEmpty
                    ? ""
                    : " (with " + values.sorted { $0.key < $1.key }.map { ":\($0.key) = \($0.value)" }.joined(separator: ", ")
                        + ")")
                + ": \(error)"
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
