import StressHarness

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Where the report goes: how wide standard output is, and whether standard error is a terminal
/// that can show progress.
enum Terminal {
    /// The width the reports keep to: a terminal's columns, at most the default (100), or the
    /// default when standard output is not a terminal.
    static var reportWidth: Int {
        let columns = columns(of: STDOUT_FILENO)
        return columns > 0 ? max(ReportLayout.narrowestWidth, min(columns, ReportLayout.defaultWidth)) : ReportLayout.defaultWidth
    }

    /// The columns of the terminal `descriptor` is attached to; 0 when it is not one, or does not say.
    static func columns(of descriptor: Int32) -> Int {
        guard isatty(descriptor) != 0 else { return 0 }
        var size = winsize()
        guard ioctl(descriptor, UInt(TIOCGWINSZ), &size) == 0 else { return 0 }
        return Int(size.ws_col)
    }

    /// Writes `text` to standard error as it is.
    static func writeError(_ text: String) {
        var text = text
        text.withUTF8 { bytes in
            var offset = 0
            while offset < bytes.count {
                let written = write(STDERR_FILENO, bytes.baseAddress.map { $0 + offset }, bytes.count - offset)
                if written <= 0 { return }
                offset += written
            }
        }
    }
}
