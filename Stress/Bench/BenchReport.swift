#if canImport(FoundationEssentials)
import FoundationEssentials
#elseif canImport(Foundation)
import Foundation
#endif

/// One row of the bench: a case's samples and what it is held against.
public struct BenchRow: Sendable, Equatable {
    /// What a sample measures.
    public enum Kind: String, Sendable { case nanoseconds, bytes }

    /// The case.
    public let name: String
    /// What one operation is (`pair`, `request`, `waiter`…).
    public let unit: String
    /// One value per repetition, in the order measured.
    public let samples: [Double]
    /// Nanoseconds or bytes per operation.
    public let kind: Kind
    /// The row this one is divided by, if any.
    public internal(set) var against: String?
    /// The ratio to `against` (median over median) the issue asks for at most.
    public internal(set) var ratioTarget: Double?
    /// The most the median may be, in the row's own unit, if the target is absolute.
    public internal(set) var absoluteTarget: Double?

    init(name: String, unit: String, samples: [Double], kind: Kind = .nanoseconds) {
        self.name = name
        self.unit = unit
        self.samples = samples
        self.kind = kind
    }

    /// The median sample (the mean of the middle two for an even count).
    public var median: Double {
        let sorted = samples.sorted()
        guard !sorted.isEmpty else { return 0 }
        let middle = sorted.count / 2
        return sorted.count.isMultiple(of: 2) ? (sorted[middle - 1] + sorted[middle]) / 2 : sorted[middle]
    }

    /// The smallest and largest samples.
    public var range: (min: Double, max: Double) { (samples.min() ?? 0, samples.max() ?? 0) }
}

/// The bench's rows, with ratios to their floors and whether each target was met.
public struct BenchReport: Sendable {
    /// Every row, in the order run.
    public let rows: [BenchRow]
    /// How it was run.
    public let options: Bench.Options

    init(rows: [BenchRow], options: Bench.Options) {
        self.rows = rows
        self.options = options
    }

    /// The ratio of `row` to the row it is held against.
    public func ratio(_ row: BenchRow) -> Double? {
        guard let against = row.against, let floor = rows.first(where: { $0.name == against }), floor.median > 0 else {
            return nil
        }
        return row.median / floor.median
    }

    /// Whether `row` met its target (nil when it has none).
    public func met(_ row: BenchRow) -> Bool? {
        if let target = row.ratioTarget, let ratio = ratio(row) { return ratio <= target }
        if let target = row.absoluteTarget { return row.median <= target }
        return nil
    }

    /// The rules: which row is held against which, and the targets. A change's cost is held to the
    /// frame budget (1% of a 120 Hz frame, 83 µs, given in nanoseconds); sizes and floors to
    /// ratios, which show scale (linear growth, flat memory) and what the contract costs.
    func comparing() -> BenchReport {
        let pair = "push + pop, unanimated, one caller", call = "floor: bare actor call"
        let firstFill = rows.first { $0.name.hasPrefix("fill the queue") }?.name
        let firstMemory = rows.first { $0.name.hasPrefix("resident memory after") }?.name
        let firstLong = rows.first { $0.name.hasPrefix("transition on the default host") }?.name
        let rules: [(matches: (String) -> Bool, against: String?, ratio: Double?, absolute: Double?)] = [
            ({ $0 == pair }, call, nil, 83_000),
            ({ $0.hasPrefix("floor: push + pop keeping the contract") }, call, nil, nil),
            ({ $0 == "contract floor without every step but the hop" }, call, nil, nil),
            ({ $0.hasPrefix("contract floor without") }, "floor: push + pop keeping the contract, plain Swift", nil, nil),
            (
                { $0.hasPrefix("floor: transition with a one-suspension animator keeping") },
                "floor: one suspension behind an in-flight flag", nil, nil
            ),
            ({ $0.hasPrefix("push + pop, 64 levels") }, pair, 1.5, nil),
            ({ $0.hasPrefix("transition with a one-suspension") }, "floor: one suspension behind an in-flight flag", nil, 83_000),
            ({ $0.hasPrefix("busy rejection") }, call, 3, nil),
            ({ $0.hasPrefix(".enqueue") }, "floor: one suspension in a continuation FIFO, 64 tasks", nil, 83_000),
            (
                { $0.hasSuffix("subscriber") || $0.hasSuffix("subscribers") || $0.hasPrefix("push + pop through an async host") },
                pair, nil, nil
            ),
            ({ $0.hasPrefix("fill the queue") && $0 != firstFill }, firstFill, 1.5, nil),
            (
                { $0.hasPrefix("resident memory per waiter") }, "floor: resident memory per task waiting in a continuation FIFO",
                nil, 2_048
            ),
            ({ $0.hasPrefix("push + pop on a stack") }, pair, 1.5, nil),
            ({ $0 == "setStack, 10,000 items, a change at the top" }, "setStack, 1,000 items, a change at the top", 12, nil),
            (
                { $0 == "setStack, 10,000 items, a change at the bottom" }, "setStack, 1,000 items, a change at the bottom", 12,
                nil
            ),
            ({ $0 == "resident memory per screen in a stack" }, nil, nil, 1_024),
            ({ $0 == "parse a 8-step path" }, call, 20, nil),
            ({ $0 == "parse a 64-step path" }, "parse a 8-step path", 10, nil),
            ({ $0 == "parse and navigate a 8-step path" }, pair, nil, nil),
            ({ $0 == "parse and navigate a 64-step path" }, "parse and navigate a 8-step path", 10, nil),
            (
                { $0.hasPrefix("reconcile a 1,000-screen stack, a change") || $0.hasPrefix("reconcile a 64-step route's tree") },
                nil, nil, 83_000
            ),
            ({ $0.hasSuffix("an actor host reconciling") }, nil, nil, 83_000),
            ({ $0.hasPrefix("… after") }, firstLong, 1.05, nil),
            ({ $0.hasPrefix("resident memory after") && $0 != firstMemory }, firstMemory, 1.05, nil),
        ]
        let compared = rows.map { row in
            var row = row
            if let rule = rules.first(where: { $0.matches(row.name) }) {
                row.against = rule.against
                row.ratioTarget = rule.ratio
                row.absoluteTarget = rule.absolute
            }
            return row
        }
        return BenchReport(rows: compared, options: options)
    }

    /// The table, every line at most `width` characters: one line a row where that fits, else
    /// each case on a line of its own (with the row it is held against) over its figures.
    public func render(width: Int = 100) -> String {
        let header = ["case", "median", "min", "max", "ops/s", "ratio", "target"]
        let figures = rows.map { row -> (name: String, cells: [String], against: String?, longTarget: String) in
            let (low, high) = row.range
            let perSecond = row.kind == .nanoseconds && row.median > 0 ? Self.count(1e9 / row.median) : "—"
            let ratio = self.ratio(row).map { Self.decimal($0) + "×" } ?? "—"
            // The target alone (for the two-line form), and with the row it is held against.
            var target = "—", long = "—"
            if let goal = row.ratioTarget {
                target = "≤ " + Self.decimal(goal) + "×"
                long = target + (row.against.map { " «\($0)»" } ?? "")
            }
            if let goal = row.absoluteTarget {
                target = "≤ " + Self.amount(goal, row.kind)
                long = target
            }
            if let met = met(row) {
                target += met ? "  met" : "  MISSED"
                long += met ? "  met" : "  MISSED"
            } else if let against = row.against, row.ratioTarget == nil {
                long = "vs «\(against)»"
            }
            return (
                row.name,
                [
                    Self.amount(row.median, row.kind) + "/" + row.unit, Self.amount(low, row.kind),
                    Self.amount(high, row.kind), perSecond, ratio, target,
                ], row.against, long
            )
        }
        let title =
            "TransitionCoordinator bench · \(options.repetitions) repetitions after a warm-up, cases interleaved"
            + (options.quick ? " · quick (sizes ÷ 10)" : "")
        func table(_ lines: [[String]]) -> [String] {
            let widths = lines.first.map { $0.indices.map { column in lines.map { $0[column].count }.max() ?? 0 } } ?? []
            return lines.map { cells in
                var line = zip(cells, widths).map { $0 + String(repeating: " ", count: $1 - $0.count) }.joined(separator: "  ")
                while line.last == " " { line.removeLast() }
                return line
            }
        }
        let oneLine = table([header] + figures.map { [$0.name] + $0.cells.dropLast() + [$0.longTarget] })
        if oneLine.allSatisfy({ $0.count <= width }) { return ([title] + oneLine).joined(separator: "\n") }
        // Too wide: the case on its own line, its figures under it, indented.
        let aligned = table([Array(header.dropFirst())] + figures.map(\.cells)).map { "    " + $0 }
        var lines = [title, aligned[0]]
        for (figure, numbers) in zip(figures, aligned.dropFirst()) {
            lines.append(figure.name + (figure.against.map { "  · vs «\($0)»" } ?? ""))
            lines.append(numbers)
        }
        return lines.flatMap { Self.wrap($0, width: width) }.joined(separator: "\n")
    }

    /// `line` cut at spaces into lines of at most `width` characters, continuations indented by four.
    static func wrap(_ line: String, width: Int) -> [String] {
        guard line.count > width, width > 8 else { return [line] }
        var lines: [String] = [], current = ""
        for word in line.split(separator: " ", omittingEmptySubsequences: false) {
            let candidate =
                current.isEmpty && !lines.isEmpty ? "    " + word : current.isEmpty ? String(word) : current + " " + word
            if candidate.count > width, current.contains(where: { $0 != " " }) {
                lines.append(current)
                current = "    " + word
            } else {
                current = candidate
            }
        }
        return lines + [current]
    }

    /// The report as a value for machines: how it was run and every row.
    public struct Document: Codable, Sendable, Equatable {
        /// Repetitions after the warm-up.
        public var repetitions: Int
        /// Whether every size was a tenth.
        public var quick: Bool
        /// Every row, in the order run.
        public var rows: [Row]

        /// One row: its samples and what it is held against.
        public struct Row: Codable, Sendable, Equatable {
            /// The case.
            public var name: String
            /// What one operation is.
            public var unit: String
            /// `nanoseconds` or `bytes`.
            public var kind: String
            /// The median sample, the smallest and the largest.
            public var median: Double, min: Double, max: Double
            /// Every sample, in the order measured.
            public var samples: [Double]
            /// The row it is divided by, its ratio to it, the ratio it must keep under, the most
            /// its median may be, and whether it met its target.
            public var against: String?, ratio: Double?, ratioTarget: Double?, absoluteTarget: Double?, met: Bool?

            enum CodingKeys: String, CodingKey {
                case name = "case"
                case unit, kind, median, min, max, samples, against, ratio, ratioTarget, absoluteTarget, met
            }
        }
    }

    /// The report as a ``Document``.
    public var document: Document {
        Document(
            repetitions: options.repetitions, quick: options.quick,
            rows: rows.map { row in
                Document.Row(
                    name: row.name, unit: row.unit, kind: row.kind.rawValue, median: row.median, min: row.range.min,
                    max: row.range.max, samples: row.samples, against: row.against, ratio: ratio(row),
                    ratioTarget: row.ratioTarget, absoluteTarget: row.absoluteTarget, met: met(row))
            })
    }

    /// The report as JSON (a ``Document``): keys sorted, a key added, never renamed.
    public func json() -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]
        do {
            return String(decoding: try encoder.encode(document), as: UTF8.self)
        } catch {
            return "{\"error\": \"the report could not be encoded\"}"
        }
    }

    private static func amount(_ value: Double, _ kind: BenchRow.Kind) -> String {
        switch kind {
        case .bytes:
            value >= 1_048_576
                ? decimal(value / 1_048_576) + " MiB"
                : value >= 1_024
                    ? decimal(value / 1_024) + " KiB"
                    : decimal(value) + " B"
        case .nanoseconds:
            value >= 1e6 ? decimal(value / 1e6) + " ms" : value >= 1e3 ? decimal(value / 1e3) + " µs" : decimal(value) + " ns"
        }
    }

    private static func count(_ value: Double) -> String {
        value >= 1e6 ? decimal(value / 1e6) + "M" : value >= 1e3 ? decimal(value / 1e3) + "k" : decimal(value)
    }

    /// Three significant digits at most, no exponent.
    static func decimal(_ value: Double) -> String {
        let digits = value >= 100 ? 0 : value >= 10 ? 1 : 2
        var scaled = (value * pow10(digits)).rounded()
        scaled /= pow10(digits)
        var text = String(scaled)
        if digits == 0, text.hasSuffix(".0") { text.removeLast(2) }
        return text
    }

    private static func pow10(_ exponent: Int) -> Double { (0..<exponent).reduce(1) { value, _ in value * 10 } }
}
