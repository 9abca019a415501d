import Testing
import TransitionCoordinator

@testable import StressHarness

/// The fuzzers' checks fire on values that break their promises and hold on the seed corpus; the
/// structured generator draws the same inputs from the same seed.
@Suite("Fuzz checks")
struct FuzzCheckTests {
    @Test("the round trip fires on a route whose path does not parse back, or parses to another route")
    func roundTripFires() throws {
        let control = Route([.push(RouteTarget("a\u{1}b"))])
        #expect(FuzzChecks.roundTrip(control, from: "code")?.contains("does not parse") == true)
        let upZero = Route([.push(RouteTarget("home")), .up(0)])
        #expect(FuzzChecks.roundTrip(upZero, from: "code") != nil, "up(n=0) prints, and does not parse")
        #expect(FuzzChecks.roundTrip(try Route(parsing: "^/main#settings!/compose(k=v\\,w)"), from: "path") == nil)
    }

    @Test("saving again holds for a sheet over a declared root hop's content, and fires on content that cannot save")
    func savesAgainFires() async throws {
        let hopped = try await Coordinator(root: FuzzChecks.hopRoot, screens: FuzzChecks.hopScreens)
        let saved = SavedNavigation(route: try Route(parsing: "^/home/inbox!/compose"), schema: 2, savedAt: FuzzChecks.now)
        try await hopped.restore(saved, policy: FuzzChecks.policy, now: FuzzChecks.now)
        #expect(await FuzzChecks.savesAgain(hopped, registry: FuzzChecks.hopScreens) == nil)

        // A hop container the registry does not declare: its content has no route.
        let undeclared = try await Coordinator(
            root: .hop(HopContainer(id: "other", showing: .stack(StackContainer(id: "s", root: Screen("home"))))),
            screens: FuzzChecks.screens)
        let broken = await FuzzChecks.savesAgain(undeclared, registry: FuzzChecks.screens)
        #expect(broken?.contains("does not save again") == true, "\(String(describing: broken))")
    }

    @Test("every seed of the path and link corpora passes its check", arguments: [FuzzChecks.Target.path, .link])
    func corpusHolds(_ target: FuzzChecks.Target) async {
        let corpus = StructuredFuzz.corpus(target)
        #expect(corpus.count >= 4)
        for input in corpus {
            #expect(await FuzzChecks.check(target, input) == nil, "\(String(decoding: input, as: UTF8.self))")
        }
    }

    @Test("a saved state of the corpus decodes, and its links are given back distinct ids")
    func restoreCorpusIsValid() throws {
        let corpus = StructuredFuzz.corpus(.restore)
        #expect(corpus.count >= 4)
        #expect(corpus.contains { String(decoding: $0, as: UTF8.self).contains("\"savedAt\"") })
        #expect(corpus.contains { String(decoding: $0, as: UTF8.self).hasPrefix("[") }, "links alone, as the inbox saves them")
    }

    @Test("bytes spell routes built in code: kinds, names, parameters, up counts of any size, 0xFF between routes")
    func routesFromBytes() {
        // Header 4: two routes (1 + 4 % 3), the first absolute (bit 2). push home; up(-1) | modal stack compose.
        let routes = FuzzChecks.routes(from: [0x04, 0, 0, 4, 0xFF, 0xFF, 2 + 6 * 5, 1])
        #expect(
            routes == [
                Route(absolute: true, [.push(RouteTarget("home")), .up(-1)]),
                Route([.modalStack(RouteTarget("compose", ["id": "3"]))]),
            ])
        let huge = FuzzChecks.routes(from: [0x00, 5, 0x80, 0, 0, 0, 0, 0, 0, 0])
        #expect(huge == [Route([.up(Int.min)])])
        #expect(FuzzChecks.routes(from: []).isEmpty)
        #expect(FuzzChecks.routes(from: [0x00] + Array(repeating: 0, count: 1_000)).first?.steps.count == 300)
    }

    @Test("the same seed draws the same inputs; another seed others")
    func deterministic() {
        for target in FuzzChecks.Target.allCases {
            var first = SplitMix64(seed: 7), second = SplitMix64(seed: 7), other = SplitMix64(seed: 8)
            let drawn = (0..<20).map { _ in StructuredFuzz.draw(target, &first) }
            #expect(drawn == (0..<20).map { _ in StructuredFuzz.draw(target, &second) })
            #expect(drawn != (0..<20).map { _ in StructuredFuzz.draw(target, &other) })
        }
    }

    @Test("a hostile file's changes: numbers swapped for edge values, a link repeated with its id")
    func hostileChanges() throws {
        let saved = try #require(
            StructuredFuzz.corpus(.restore).first { String(decoding: $0, as: UTF8.self).contains("\"links\":[{") })
        var random = SplitMix64(seed: 3)
        let mutated = (0..<200).map { _ in String(decoding: StructuredFuzz.mutatedJSON(saved, &random), as: UTF8.self) }
        #expect(mutated.contains { $0.contains("18446744073709551615") || $0.contains("-9223372036854775808") })
        let original = String(decoding: saved, as: UTF8.self)
        let links = original.split(separator: "rawValue", omittingEmptySubsequences: false).count
        #expect(
            mutated.contains { $0.split(separator: "rawValue", omittingEmptySubsequences: false).count == links + 1 },
            "a link repeated")
    }
}
