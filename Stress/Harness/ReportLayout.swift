/// How the stress reports fit a terminal: tables of counts that keep to a width, rare outcomes
/// folded into "other", and long lines wrapped under their label.
///
/// Widths count characters; every symbol the reports print (`·`, `✗`, `—`, `×`, `µ`, `«»`) takes
/// one column.
package enum ReportLayout {
    /// The width a report keeps to unless told otherwise.
    package static let defaultWidth = 100
    /// The narrowest width a report is laid out for; a narrower one is taken as this.
    package static let narrowestWidth = 60
    /// The column where a labelled line's text starts: `faults fired          delayedAnimator 3 · …`.
    package static let labelColumn = 22
    /// An outcome seen in fewer than this many per thousand answers of a table goes into "other".
    package static let rarePerMille = 10

    /// `line` (each of its lines, if it has several) cut into lines of at most `width` characters: after a ` · ` separator where one is
    /// near the end, else at a space, else anywhere. Continuation lines start under the label's
    /// text (column ``labelColumn``) for a labelled line, else four columns past the line's indent,
    /// or at `indent` when given (never past half the width).
    package static func wrap(_ line: String, width: Int, indent: Int? = nil) -> [String] {
        let width = max(width, 20)
        guard line.count > width else { return [line] }
        if line.contains("\n") {
            return line.split(separator: "\n", omittingEmptySubsequences: false).flatMap {
                wrap(String($0), width: width, indent: indent)
            }
        }
        let indent = min(indent ?? continuationIndent(line, width: width), width / 2)
        var rest = Array(line)
        var lines: [String] = []
        while true {
            let prefix = lines.isEmpty ? "" : String(repeating: " ", count: indent)
            let limit = width - prefix.count
            if rest.count <= limit {
                lines.append(prefix + String(rest))
                return lines
            }
            // A space that ends a word and does not stand before a separator.
            let spaces = (1...limit).reversed().filter {
                rest[$0] == " " && rest[$0 - 1] != " " && ($0 + 1 == rest.count || rest[$0 + 1] != "·")
            }
            let separator = spaces.first { rest[$0 - 1] == "·" && $0 >= limit / 3 }
            let cut = separator ?? spaces.first ?? limit
            lines.append(prefix + String(rest[..<cut]))
            rest = Array(rest[cut...].drop { $0 == " " })
            if rest.isEmpty { return lines }
        }
    }

    /// Every line of `lines` wrapped to `width`.
    package static func wrap(_ lines: [String], width: Int) -> [String] {
        lines.flatMap { wrap($0, width: width) }
    }

    /// Where a wrapped line's continuation starts: under the text of a labelled line, else four
    /// columns past its own indent (never past half the width).
    static func continuationIndent(_ line: String, width: Int) -> Int {
        let characters = Array(line)
        if characters.count > labelColumn, characters[0] != " ", characters[labelColumn - 1] == " ",
            characters[labelColumn - 2] == " ", characters[labelColumn] != " "
        {
            return labelColumn
        }
        let leading = characters.prefix { $0 == " " }.count
        return min(leading + 4, width / 2)
    }

    /// A table of counts, one row per entry of `rows` that has counts, laid out to `width`.
    ///
    /// Its columns: `committed`, the committed share when `share` is set, then the other outcomes
    /// from the most frequent; outcomes named `area.detail` are summed under `area.*`. When they
    /// do not all fit, as many as fit are shown, never one under ``rarePerMille`` of the table's
    /// answers, and the rest are summed under `other`; then `total`. A `totalRow` sums every row. When `verbose`, lines
    /// under the table list, for each row, every outcome summed under `other` or an `area.*`.
    package static func countTable(
        _ title: String, rows: [String], counts: [String: [String: Int]], width: Int,
        share: Bool = false, totalRow: String? = nil, verbose: Bool = false
    ) -> [String] {
        let width = max(width, narrowestWidth)
        let rows = rows.filter { counts[$0] != nil }
        var all: [String: Int] = [:]
        for row in rows { for (outcome, count) in counts[row] ?? [:] { all[outcome, default: 0] += count } }
        let answered = all.values.reduce(0, +)
        // Outcomes grouped: `container.popAtRoot` counts under `container.*`.
        func column(_ outcome: String) -> String {
            outcome == "committed"
                ? outcome
                : outcome.split(separator: ".", maxSplits: 1).count == 2
                    ? String(outcome.split(separator: ".", maxSplits: 1)[0]) + ".*" : outcome
        }
        var grouped: [String: Int] = [:]
        for (outcome, count) in all { grouped[column(outcome), default: 0] += count }
        let candidates = grouped.filter { $0.key != "committed" }.sorted { ($1.value, $0.key) < ($0.value, $1.key) }

        func numberWidth(_ header: String, _ value: Int) -> Int { max(header.count, String(value).count) + 2 }
        let labels = [title] + rows.map { "  " + $0 } + (totalRow.map { ["  " + $0] } ?? [])
        let labelWidth = (labels.map(\.count).max() ?? 0) + 2
        var fixed = labelWidth + numberWidth("committed", answered) + numberWidth("total", answered)
        if share { fixed += "100.0%".count + 2 }
        let otherWidth = numberWidth("other", answered)
        var shown: [String] = []
        if fixed + candidates.reduce(0, { $0 + numberWidth($1.key, $1.value) }) <= width {
            shown = candidates.map(\.key)
        } else {
            var used = fixed + otherWidth
            for (outcome, count) in candidates where count * 1_000 >= rarePerMille * answered {
                let needed = numberWidth(outcome, count)
                if used + needed <= width {
                    shown.append(outcome)
                    used += needed
                }
            }
        }
        let folded = Set(candidates.map(\.key)).subtracting(shown)
        let headers = ["committed"] + (share ? ["share"] : []) + shown + (folded.isEmpty ? [] : ["other"]) + ["total"]

        func cells(_ outcomes: [String: Int]) -> [String] {
            var byColumn: [String: Int] = [:]
            for (outcome, count) in outcomes {
                let name = column(outcome)
                byColumn[folded.contains(name) ? "other" : name, default: 0] += count
            }
            let total = outcomes.values.reduce(0, +), committed = outcomes["committed", default: 0]
            return headers.map { header in
                switch header {
                case "share": StressSummary.percent(committed, of: total)
                case "total": String(total)
                default: String(byColumn[header, default: 0])
                }
            }
        }
        var table: [[String]] = [[title] + headers]
        for row in rows { table.append(["  " + row] + cells(counts[row] ?? [:])) }
        if let totalRow { table.append(["  " + totalRow] + cells(all)) }
        var lines = align(table)
        if verbose {
            // Every outcome the table summed, row by row.
            for row in rows {
                let hidden = (counts[row] ?? [:]).filter { outcome, count in
                    count > 0 && (folded.contains(column(outcome)) || column(outcome) != outcome)
                }
                guard !hidden.isEmpty else { continue }
                let items = hidden.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }
                lines += wrap("    \(row): " + items.joined(separator: " · "), width: width)
            }
        }
        return lines
    }

    /// Left-aligns the first column and right-aligns the others, each as wide as its widest cell
    /// plus two.
    package static func align(_ table: [[String]]) -> [String] {
        let columns = table.map(\.count).max() ?? 0
        let widths = (0..<columns).map { column in table.map { $0.indices.contains(column) ? $0[column].count : 0 }.max() ?? 0 }
        return table.map { cells in
            cells.enumerated().map { column, cell in
                let padding = String(repeating: " ", count: max(0, widths[column] + 2 - cell.count))
                return column == 0 ? cell + padding : padding + cell
            }.joined()
        }
    }

    /// `counts` by name, as `name count · name count`: those under ``rarePerMille`` of their
    /// total summed into a last `other N` unless `verbose`.
    package static func counts(_ counts: [String: Int], verbose: Bool) -> String {
        let total = counts.values.reduce(0, +)
        let rare = verbose ? [:] : counts.filter { $0.value * 1_000 < rarePerMille * total }
        let items = counts.filter { rare[$0.key] == nil }.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }
        return (items + (rare.isEmpty ? [] : ["other \(rare.values.reduce(0, +))"])).joined(separator: " · ")
    }
}
