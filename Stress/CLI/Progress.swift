#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// One status line on standard error, redrawn in place, while a long run goes on; nothing at all
/// when standard error is not a terminal (a log, a pipe, CI).
struct Progress: Sendable {
    /// Whether standard error is a terminal.
    let enabled: Bool
    /// The terminal's columns; the line is cut to fit.
    let width: Int

    init() {
        let columns = Terminal.columns(of: STDERR_FILENO)
        enabled = isatty(STDERR_FILENO) != 0
        width = columns > 0 ? columns : 80
    }

    /// Shows `status` in place of the last one.
    func show(_ status: String) {
        guard enabled else { return }
        Terminal.writeError("\r\u{1B}[K" + String(status.prefix(max(1, width - 1))))
    }

    /// Takes the status line away (before standard output prints, or at the end).
    func clear() {
        guard enabled else { return }
        Terminal.writeError("\r\u{1B}[K")
    }
}
