/// A readable difference between the lines a test expected and those that happened: every
/// line, prefixed `  ` when both have it in that place, `- ` when only the expected has it,
/// `+ ` when only the actual has it. Built on the longest common subsequence, so an insertion
/// shows as one `+` line, not as every later line differing.
struct LineDiff: CustomStringConvertible {
    let lines: [String]

    /// The diff of `expected` and `actual`, or nil when they are equal.
    init?(expected: [String], actual: [String]) {
        guard expected != actual else { return nil }
        let n = expected.count, m = actual.count
        // lengths[i][j]: the longest common subsequence of expected[i...] and actual[j...].
        var lengths = Array(repeating: Array(repeating: 0, count: m + 1), count: n + 1)
        for i in stride(from: n - 1, through: 0, by: -1) {
            for j in stride(from: m - 1, through: 0, by: -1) {
                lengths[i][j] = expected[i] == actual[j] ? lengths[i + 1][j + 1] + 1 : max(lengths[i + 1][j], lengths[i][j + 1])
            }
        }
        var out: [String] = []
        var i = 0, j = 0
        while i < n || j < m {
            if i < n, j < m, expected[i] == actual[j] {
                out.append("  \(expected[i])")
                i += 1
                j += 1
            } else if j < m, i == n || lengths[i][j + 1] >= lengths[i + 1][j] {
                out.append("+ \(actual[j])")
                j += 1
            } else {
                out.append("- \(expected[i])")
                i += 1
            }
        }
        lines = out
    }

    /// The lines, one per line; `(nothing)` for an empty side is implicit in the markers.
    var description: String { (["(- expected, + actual)"] + lines).joined(separator: "\n") }
}
