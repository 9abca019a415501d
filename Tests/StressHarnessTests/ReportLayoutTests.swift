import Testing

@testable import StressHarness

/// The reports fit a terminal: long lines wrap under their label, and a table with more outcomes
/// than fit sums the rest under "other", which `--verbose` lists.
@Suite("Report layout")
struct ReportLayoutTests {
    /// A table's worth of counts with more outcomes, and longer names, than any terminal fits.
    static let counts: [String: [String: Int]] = {
        var counts: [String: [String: Int]] = [:]
        for (row, policy) in ["reject", "enqueue", "coalesce", "preempt", "cancelled by caller"].enumerated() {
            var outcomes = ["committed": 400 + row, "busy": 300, "hostUnresponsive": 250, "superseded": 90 * row, "rare": 1]
            for index in 0..<30 { outcomes["someRatherLongErrorCodeNumber\(index)", default: 0] = 20 + index }
            for index in 0..<12 { outcomes["container.detail\(index)", default: 0] = 5 + row }
            counts[policy] = outcomes
        }
        return counts
    }()

    @Test("a labelled line longer than the width wraps after a separator, its continuations under the label's text")
    func wrapsUnderTheLabel() {
        let line = "faults fired          " + (0..<30).map { "fault\($0) \($0 * 7)" }.joined(separator: " · ")
        let lines = ReportLayout.wrap(line, width: 80)
        #expect(lines.count > 1)
        #expect(lines.allSatisfy { $0.count <= 80 })
        #expect(lines.dropLast().allSatisfy { $0.hasSuffix(" ·") }, "each line ends at a separator")
        #expect(lines.dropFirst().allSatisfy { $0.prefix(22).allSatisfy { $0 == " " } && $0.dropFirst(22).first != " " })
        #expect(lines.map { $0.drop { $0 == " " } }.joined(separator: " ") == line.drop { $0 == " " }, "nothing is lost")
    }

    @Test("a word longer than the width is cut, and a short line is left as it is")
    func cutsWhatCannotWrap() {
        #expect(
            ReportLayout.wrap(String(repeating: "x", count: 150), width: 60).map(\.count) == [60, 60, 38],
            "continuations indented by four")
        #expect(ReportLayout.wrap("violations            none", width: 60) == ["violations            none"])
    }

    @Test(
        "a table with more outcomes than fit keeps to the width, sums the rest under other, and its totals add up",
        arguments: [60, 80, 100])
    func foldsIntoOther(width: Int) throws {
        let lines = ReportLayout.countTable(
            "by policy", rows: ["reject", "enqueue", "coalesce", "preempt", "cancelled by caller"],
            counts: Self.counts, width: width)
        #expect(lines.allSatisfy { $0.count <= width }, "\(lines.map(\.count))")
        let header = try #require(lines.first).split(separator: " ")
        #expect(header.contains("committed") && header.contains("other") && header.last == "total")
        #expect(!header.contains("rare"), "an outcome under 1% of answers is not given a column")
        for (line, policy) in zip(lines.dropFirst(), ["reject", "enqueue", "coalesce", "preempt", "cancelled by caller"]) {
            let numbers = line.split(separator: " ").compactMap { Int($0) }
            #expect(numbers.dropLast().reduce(0, +) == numbers.last, "the row's cells add up to its total")
            #expect(numbers.last == Self.counts[policy]?.values.reduce(0, +))
        }
    }

    @Test("codes of one area share a column, as container.*")
    func groupsAreas() throws {
        let lines = ReportLayout.countTable(
            "by policy", rows: ["reject"], counts: ["reject": ["committed": 5, "container.a": 3, "container.b": 4]],
            width: 100)
        #expect(lines == ["by policy    committed  container.*  total", "  reject             5            7     12"])
    }

    @Test("verbose lists, row by row, every outcome the table summed, within the width")
    func verboseListsEverything() {
        let lines = ReportLayout.countTable(
            "by policy", rows: ["reject", "enqueue"], counts: Self.counts, width: 80, verbose: true)
        #expect(lines.allSatisfy { $0.count <= 80 })
        let text = lines.joined(separator: "\n")
        for outcome in Self.counts["reject", default: [:]].keys {
            #expect(text.contains(outcome), "\(outcome)")
        }
        #expect(text.contains("container.detail11 5"))
        #expect(text.contains("rare 1"))
        #expect(
            !ReportLayout.countTable("by policy", rows: ["reject"], counts: Self.counts, width: 80).joined().contains("rare 1"),
            "without verbose the rare outcome is only counted")
    }
}

extension ReportLayoutTests {
    @Test("a list of counts sums its rare names into other, and lists them all when verbose")
    func listsFoldRareNames() {
        let counts = ["navigated": 500, "superseded": 300, "route.badEscape": 1, "route.empty": 2]
        #expect(ReportLayout.counts(counts, verbose: false) == "navigated 500 · superseded 300 · other 3")
        #expect(
            ReportLayout.counts(counts, verbose: true) == "navigated 500 · route.badEscape 1 · route.empty 2 · superseded 300")
    }
}

extension ReportLayoutTests {
    @Test("a line is never cut just before a separator, so no continuation starts with one")
    func neverStartsWithASeparator() {
        let words = String(repeating: "a", count: 58)
        #expect(ReportLayout.wrap(words + " b · c", width: 60) == [words, "    b · c"])
    }
}
