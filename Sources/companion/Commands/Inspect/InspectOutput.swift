import Foundation
import TerminalKit

/// Where the inspector's text goes: standard output, buffered, in the chosen format and width.
///
/// A closed pipe (`companion inspect … | head`) ends the output quietly instead of killing the
/// process with SIGPIPE, so the private copies are still removed on the way out.
final class InspectOutput {
    /// The listing format.
    let format: TableFormat
    /// The width `table` output must fit, when known.
    let width: Int?
    private var buffer = Data()
    private(set) var isClosed = false

    /// Picks the format: `--format` (or `--json`, …), else `table` on a terminal and `markdown` otherwise.
    init(format: TableFormat?, width: Int?) {
        let isTerminal = isatty(STDOUT_FILENO) == 1
        self.format = format ?? (isTerminal ? .table : .markdown)
        if let width {
            self.width = width
        } else if let columns = ProcessInfo.processInfo.environment["COLUMNS"].flatMap(Int.init), columns > 0 {
            self.width = columns
        } else if isTerminal {
            var size = winsize()
            self.width = ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0 && size.ws_col > 0 ? Int(size.ws_col) : 80
        } else {
            self.width = nil
        }
        signal(SIGPIPE, SIG_IGN)
    }

    deinit {
        flush()
    }

    /// Writes text (already sanitised by the renderer).
    func write(_ text: String) {
        guard !isClosed else { return }
        buffer.append(contentsOf: text.utf8)
        if buffer.count >= 1 << 16 { flush() }
    }

    /// Writes a report in the chosen format.
    func write(_ report: InspectReport) {
        write(report.rendered(as: format, width: width))
    }

    /// A streaming writer for a listing too large to hold.
    func tableWriter(columns: [TableColumn]) -> TableWriter {
        TableWriter(columns: columns, format: format, width: width, nullText: format == .csv ? "" : "NULL") { [weak self] text in
            self?.write(text)
        }
    }

    /// Sends everything buffered to standard output.
    func flush() {
        guard !buffer.isEmpty, !isClosed else { return }
        let ok = buffer.withUnsafeBytes { raw -> Bool in
            var offset = 0
            while offset < raw.count {
                let written = Glibc.write(STDOUT_FILENO, raw.baseAddress! + offset, raw.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    return false
                }
                offset += written
            }
            return true
        }
        buffer.removeAll(keepingCapacity: true)
        if !ok { isClosed = true }
    }
}
