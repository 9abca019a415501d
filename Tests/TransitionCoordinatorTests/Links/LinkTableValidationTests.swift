import Testing
import TransitionCoordinator

/// A link table checked against the registry at launch: each typo is a typed error naming the
/// pattern and where its route goes wrong, before any link arrives.
@Suite("Link table, checked at launch")
struct LinkTableValidationTests {
    /// Tabs `main` (inbox, settings); `mail` takes an integer id, `section` one of two names.
    static func registry() throws -> ScreenRegistry {
        var registry = ScreenRegistry()
        try registry.tabs("main", tabs: ["inbox", "settings"])
        registry.screen("inbox")
        registry.screen("settings")
        registry.screen("mail", parameters: ["id": .init(.integer)])
        registry.screen("compose", parameters: ["draft": .init(.text, required: false)])
        registry.screen("section", parameters: ["name": .init(.oneOf(["privacy", "account"]))])
        return registry
    }

    static let valid: [(pattern: String, route: String, types: [String: LinkPattern.ValueType])] = [
        ("/mail/:id", "^/main#inbox/mail(id=:id)", ["id": .integer]),
        ("/compose?draft=:draft?", "^/main#inbox!compose(draft=:draft)", [:]),
        ("/settings/:name", "^/main#settings/section(name=:name)", ["name": .oneOf(["privacy", "account"])]),
        ("/tab/:tab", "^/main#:tab", ["tab": .oneOf(["inbox", "settings"])]),
        // A screen named by free text: only the link's own value can tell, so it is left to the link.
        ("/open/:screen", "^/main#inbox/:screen", [:]),
    ]

    @Test("a table whose every route the registry builds passes")
    func validTablePasses() throws {
        let table = LinkTable(try Self.valid.map { try LinkPattern($0.pattern, route: $0.route, types: $0.types) })
        try table.validate(against: Self.registry())
    }

    static let typos: [(what: String, route: String, types: [String: LinkPattern.ValueType], code: String, names: String)] = [
        ("a tab misspelled", "^/main#inbx/mail(id=:id)", ["id": .integer], "unknownTab", "inbx"),
        ("a screen misspelled", "^/main#inbox/mial(id=:id)", ["id": .integer], "unknownScreen", "mial"),
        ("the tab bar misspelled", "^/mian#inbox/mail(id=:id)", ["id": .integer], "unknownScreen", "mian"),
        ("a text placeholder filling an integer", "^/main#inbox/mail(id=:id)", [:], "parameterType", "id"),
        ("a UUID placeholder filling an integer", "^/main#inbox/mail(id=:id)", ["id": .uuid], "parameterType", "id"),
        ("a parameter misspelled", "^/main#inbox/mail(idd=:id)", ["id": .integer], "missingParameter", "id"),
        ("a required parameter left out", "^/main#inbox/mail", [:], "missingParameter", "id"),
        (
            "a placeholder's value the parameter does not take", "^/main#settings/section(name=:id)",
            ["id": .oneOf(["privacy", "acount"])], "parameterType", "acount"
        ),
        ("a tab a placeholder names misspelled", "^/main#:id", ["id": .oneOf(["inbox", "setings"])], "unknownTab", "setings"),
        ("a tab outside a tab bar", "^/mail(id=:id)#inbox", ["id": .integer], "tabOutsideTabs", "inbox"),
    ]

    @Test("each typo is refused at launch, naming the pattern, its values and the step", arguments: typos)
    func typoRefused(
        _ typo: (what: String, route: String, types: [String: LinkPattern.ValueType], code: String, names: String)
    ) throws {
        let pattern = "/typo/:id"
        let table = LinkTable([
            try LinkPattern("/mail/:id", route: "^/main#inbox/mail(id=:id)", types: ["id": .integer]),
            try LinkPattern(pattern, route: typo.route, types: typo.types),
        ])
        let error = #expect(throws: NavigationError.self, "\(typo.what)") { try table.validate(against: Self.registry()) }
        guard case .doesNotNavigate(let named, let values, let navigation)? = error else {
            Issue.record("\(typo.what): \(String(describing: error))")
            return
        }
        #expect(named == pattern)
        #expect((values["id"] != nil) == typo.route.contains(":id"), "the sample values the route was filled with")
        #expect(navigation.code == typo.code, "\(typo.what): \(navigation)")
        #expect(error?.step == navigation.step, "the error names the step its route went wrong at")
        #expect(
            error?.description.contains(pattern) == true && error?.description.contains(typo.names) == true,
            "\(String(describing: error))")
    }

    @Test("an optional query placeholder that fills a required parameter is refused at launch, with the values that leave it out")
    func optionalFillingRequired() throws {
        let pattern = "/mail?id=:id?"
        let table = LinkTable([try LinkPattern(pattern, route: "^/main#inbox/mail(id=:id)", types: ["id": .integer])])
        let error = #expect(throws: NavigationError.self) { try table.validate(against: Self.registry()) }
        guard case .doesNotNavigate(let named, let values, let navigation)? = error else {
            Issue.record("passed, or refused for another reason: \(String(describing: error))")
            return
        }
        #expect(named == pattern && values.isEmpty && navigation.code == "missingParameter")
        // An optional placeholder filling an optional parameter passes, with or without it.
        let optional = LinkTable([try LinkPattern("/compose?draft=:draft?", route: "^/main#inbox!compose(draft=:draft)")])
        try optional.validate(against: Self.registry())
    }

    /// The app's destination type, for a registry that reads routes as its values.
    enum Destination: Hashable, Codable, Sendable {
        case inbox, settings
        case mail(id: Int)
        case compose(draft: String?)
    }

    static let typedTypos: [(what: String, route: String, types: [String: LinkPattern.ValueType], code: String)] = [
        ("a case misspelled", "^/main#inbox/mial(id=:id)", ["id": .integer], "unknownScreen"),
        ("a text placeholder filling an Int field", "^/main#inbox/mail(id=:id)", [:], "parameterType"),
        ("a field misspelled", "^/main#inbox/mail(idd=:id)", ["id": .integer], "missingParameter"),
        ("a field left out", "^/main#inbox/mail", [:], "missingParameter"),
        ("a tab misspelled", "^/main#inbx/mail(id=:id)", ["id": .integer], "unknownTab"),
    ]

    @Test("with the app's destination type, each typo is refused at launch too", arguments: typedTypos)
    func typedTypoRefused(_ typo: (what: String, route: String, types: [String: LinkPattern.ValueType], code: String)) throws {
        var registry = ScreenRegistry(destinations: Destination.self)
        try registry.tabs("main", tabs: [Destination.inbox, .settings])
        let valid = LinkTable([
            try LinkPattern("/mail/:id", route: "^/main#inbox/mail(id=:id)", types: ["id": .integer]),
            try LinkPattern("/compose", route: "^/main#inbox!compose", types: [:]),
        ])
        try valid.validate(against: registry)
        let table = LinkTable([try LinkPattern("/typo/:id", route: typo.route, types: typo.types)])
        let error = #expect(throws: NavigationError.self, "\(typo.what)") { try table.validate(against: registry) }
        guard case .doesNotNavigate(_, _, let navigation)? = error else {
            Issue.record("\(typo.what): \(String(describing: error))")
            return
        }
        #expect(navigation.code == typo.code, "\(typo.what): \(navigation)")
    }
}
