import TransitionCoordinator

#if canImport(FoundationEssentials)
import FoundationEssentials
#elseif canImport(Foundation)
import Foundation
#endif

/// `stress fuzz`: the fuzz targets' checks (``FuzzChecks``) on inputs drawn from a seed, for
/// builds that cannot link libFuzzer. Inputs are the seed corpus's valid values, mutated as
/// libFuzzer would (bytes inserted, dropped, replaced) and as a hostile file would be (numbers
/// swapped for edge values: zero, negative, the largest; saved links duplicated; paths swapped
/// for ones that go up by any count). The same seed draws the same inputs on every toolchain.
package enum StructuredFuzz {
    /// An input that broke a promise.
    package struct Failure: Sendable, CustomStringConvertible {
        package var target: FuzzChecks.Target
        package var iteration: Int
        package var input: [UInt8]
        package var problem: String

        /// The target, the iteration, the input (as text, escaped) and what broke.
        package var description: String {
            let text = String(decoding: input, as: UTF8.self).unicodeScalars
                .map { $0.isASCII && $0.value >= 0x20 && $0.value < 0x7F ? String($0) : "\\u{\(String($0.value, radix: 16))}" }
                .joined()
            return "\(target.rawValue) #\(iteration): \(problem)\n  input (\(input.count) bytes): \(text)"
        }
    }

    /// Runs `iterations` inputs of each of `targets`, drawn from `seed`; returns what broke (the
    /// first few a target finds). `trace` is told each input before it runs (a trap stops the
    /// process: the last input told is the one).
    package static func run(
        seed: UInt64, iterations: Int, targets: [FuzzChecks.Target] = FuzzChecks.Target.allCases,
        trace: (@Sendable (FuzzChecks.Target, Int, [UInt8]) -> Void)? = nil
    ) async -> [Failure] {
        var failures: [Failure] = []
        for target in targets {
            var random = SplitMix64(seed: seed).split(UInt64(FuzzChecks.Target.allCases.firstIndex(of: target) ?? 0) + 1)
            var found = 0
            for iteration in 0..<iterations where found < 3 {
                let input = draw(target, &random)
                trace?(target, iteration, input)
                if let problem = await FuzzChecks.check(target, input) {
                    failures.append(Failure(target: target, iteration: iteration, input: input, problem: problem))
                    found += 1
                }
            }
        }
        return failures
    }

    // MARK: The seed corpus

    /// Valid paths: every operator, escapes, parameters, up counts.
    static let paths = [
        "^/home", "^/home/detail(id=3,tab=reviews)/friend", "^/main#settings#inbox/mail!/compose", "home/../friend",
        "..", "up(n=2)/mail", "^/main#inbox/mail!draft", #"a\(b\)/c%20d/%2E/%C3%A9(k=v\,w)"#, "%75p(n=1)",
    ]
    /// Valid URLs, for the link table.
    static let urls = [
        "https://example.com/users/42", "HTTPS://Example.COM:443/users/42/posts/7?tab=likes#top",
        "myapp://inbox/1B4E28BA-2FA1-11D2-883F-0016D3CCA427", "myapp:///item/7", "myapp:/item/-7",
        "http://localhost:8080/debug/mail", "https://example.com/search?q=a%2Cb%29+c", "https://example.com/settings/privacy",
        "https://example.com",
    ]
    /// Routes that restore (and that links lead to).
    static let restorable = [
        "^/home", "^/home/detail(id=3)/friend", "^/main#settings#inbox/mail!/compose", "^/main#profile/alert",
        "^/home/vault(code=1234)", "^/home/nowhere/friend",
    ]

    /// The seed corpus of `target`: a few valid inputs (`stress fuzz --write-corpus` writes them
    /// to Stress/Fuzz/Corpus/).
    package static func corpus(_ target: FuzzChecks.Target) -> [[UInt8]] {
        switch target {
        case .path: return paths.map { Array($0.utf8) }
        case .link: return urls.map { Array($0.utf8) }
        case .restore: return savedStates()
        case .navigate:
            // ^/home/detail(id=3)/.. then an empty route; !/compose; ^/main#settings then .. then an
            // empty route; an up by Int.max (refused: over the limit).
            return [
                [0x04, 0, 0, 6 * 8, 1, 4, 1], [0x00, 2 + 6 * 5, 0], [0x05, 6 * 10, 0, 3 + 6 * 3, 0, 0xFF, 4, 1],
                [0x04, 5, 0x7F, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF],
            ]
        }
    }

    /// Saved states as JSON: a few routes, with links waiting and without, and links alone.
    static func savedStates() -> [[UInt8]] {
        #if canImport(FoundationEssentials) || canImport(Foundation)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        var states: [[UInt8]] = []
        for (index, path) in restorable.enumerated() {
            guard let route = try? Route(parsing: path),
                let link = try? Route(parsing: restorable[(index + 2) % restorable.count])
            else { continue }
            let links =
                index % 2 == 0
                ? []
                : [
                    SavedLink(id: LinkID(UInt64(index)), route: link, remaining: .seconds(30)),
                    SavedLink(
                        id: LinkID(UInt64(index + 1)), route: Route([.push(RouteTarget("friend")), .up(1)]),
                        remaining: .milliseconds(1_500)),
                ]
            let saved = SavedNavigation(route: route, links: links, schema: 1 + index % 2, savedAt: .seconds(999_000))
            if let data = try? encoder.encode(saved) { states.append(Array(data)) }
            if !links.isEmpty, let data = try? encoder.encode(links) { states.append(Array(data)) }
        }
        // A file in the first format whose time is past what `Int64` seconds hold: read, then
        // written again, it must be refused as it is written, not trap.
        states.append(
            Array(#"{"format":1,"schema":1,"savedAt":[9223372036854775807,18446744073709551615],"path":"^/home"}"#.utf8))
        return states
        #else
        return []
        #endif
    }

    // MARK: Drawing inputs

    /// One input for `target`: a corpus value, mutated.
    static func draw(_ target: FuzzChecks.Target, _ random: inout SplitMix64) -> [UInt8] {
        let seeds = corpus(target)
        var input = seeds.isEmpty ? [] : random.pick(seeds)
        switch target {
        case .path, .link:
            if random.chance(50) { input = Array(piecesText(target, &random).utf8) }
        case .restore:
            for _ in 0..<(1 + random.below(3)) { input = mutatedJSON(input, &random) }
        case .navigate:
            if random.chance(60) { input = (0..<(1 + random.below(48))).map { _ in UInt8(truncatingIfNeeded: random.next()) } }
        }
        for _ in 0..<random.below(target == .restore ? 2 : 4) { mutateBytes(&input, &random) }
        return input
    }

    /// Pieces of the grammar or of URLs, joined at random.
    static func piecesText(_ target: FuzzChecks.Target, _ random: inout SplitMix64) -> String {
        let pieces =
            target == .path
            ? [
                "^/", "/", "!", "!/", "#", "..", "up(n=", "up", ")", "(", ",", "=", "\\", "%", "%2E", "%20", "%C3%A9", "%FF",
                "home",
                "detail", "id", "3", "-1", "0", "256", "257", "99999999999999999999", "é", " ", "\n", ".", "a", "%75p", "^",
            ]
            : [
                "https://", "http://", "myapp://", "myapp:", "myapp:///", "example.com", "EXAMPLE.com", ":443", ":8080", ":",
                ":99999",
                "@", "user@", "[::1]", "localhost", "/", "users", "posts", "inbox", "item", "settings", "search", "debug", "42",
                "-7",
                "abc", "%", "%C3%A9", "%zz", "%2E", "..", ".", "?", "&", "=", "q", "tab", "+", "#", "privacy",
                "1B4E28BA-2FA1-11D2-883F-0016D3CCA427", ",", ")", "é", "\u{0}", "\u{301}",
            ]
        return (0..<(1 + random.below(12))).map { _ in random.pick(pieces) }.joined()
    }

    /// libFuzzer's plainest mutations: a byte replaced, inserted or dropped, or a run repeated.
    static func mutateBytes(_ bytes: inout [UInt8], _ random: inout SplitMix64) {
        let at = random.below(bytes.count + 1)
        switch random.below(4) {
        case 0 where at < bytes.count: bytes[at] = UInt8(truncatingIfNeeded: random.next())
        case 1: bytes.insert(UInt8(truncatingIfNeeded: random.next()), at: at)
        case 2 where at < bytes.count: bytes.remove(at: at)
        default:
            let end = min(bytes.count, at + 1 + random.below(8))
            bytes.insert(contentsOf: bytes[at..<end], at: at)
        }
    }

    /// Numbers a hostile or corrupt file holds.
    static let edgeNumbers = [
        "0", "-1", "-2", "1", "2", "257", "9223372036854775807", "-9223372036854775808",
        "18446744073709551615", "18446744073709551616", "1.5", "1e308", "null", "\"3\"",
    ]
    /// Paths a corrupt file holds.
    static let edgePaths = [
        #"^/home/up(n=300)"#, "^/..", "", "^/main#nowhere", "^/home/detail(id=x)", "^/alert/alert/alert",
        #"^/home/\(x"#, "^/main#settings/up(n=2)",
    ]

    /// `json` with one hostile change: a number swapped for an edge value, a path swapped, a saved
    /// link repeated (same id), or a key dropped.
    static func mutatedJSON(_ json: [UInt8], _ random: inout SplitMix64) -> [UInt8] {
        var text = String(decoding: json, as: UTF8.self)
        switch random.below(4) {
        case 0, 1:
            // A number (an id, a time's half, a schema, an up count) swapped.
            let numbers = numberRanges(in: text)
            guard !numbers.isEmpty else { break }
            text.replaceSubrange(random.pick(numbers), with: random.pick(edgeNumbers))
        case 2:
            // The saved path swapped, or a link's route made to go up any count.
            if random.chance(50), let start = text.firstRange(of: "\"path\":\""),
                let end = text[start.upperBound...].firstIndex(of: "\"")
            {
                text.replaceSubrange(start.upperBound..<end, with: random.pick(edgePaths))
            } else if let push = text.firstRange(of: "{\"push\":") {
                text.replaceSubrange(push.lowerBound..<push.lowerBound, with: "{\"up\":{\"_0\":\(random.pick(edgeNumbers))}},")
            }
        default:
            // A link repeated: the same id twice.
            #if canImport(FoundationEssentials) || canImport(Foundation)
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys]
            let data = Data(json)
            if var saved = try? JSONDecoder().decode(SavedNavigation.self, from: data), let first = saved.links.first {
                saved.links.append(first)
                if let again = try? encoder.encode(saved) { return Array(again) }
            } else if let links = try? JSONDecoder().decode([SavedLink].self, from: data), let first = links.first,
                let again = try? encoder.encode(links + [first])
            {
                return Array(again)
            }
            #endif
        }
        return Array(text.utf8)
    }

    /// The ranges of the JSON numbers in `text`.
    static func numberRanges(in text: String) -> [Range<String.Index>] {
        var ranges: [Range<String.Index>] = []
        var index = text.startIndex
        var inString = false
        while index < text.endIndex {
            let character = text[index]
            if character == "\"" { inString.toggle() }
            if !inString, character.isNumber || character == "-" {
                var end = text.index(after: index)
                while end < text.endIndex, text[end].isNumber || text[end] == "." { end = text.index(after: end) }
                ranges.append(index..<end)
                index = end
                continue
            }
            index = text.index(after: index)
        }
        return ranges
    }
}
