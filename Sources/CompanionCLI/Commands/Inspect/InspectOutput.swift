import Foundation
import TerminalKit

/// Where the inspector's text goes: standard output, buffered, in the chosen format and width.
///
/// A closed pipe (`companion inspect … | head`) ends the output quietly instead of killing the
/// process with SIGPIPE, so the private copies are still removed on the way out.
final class InspectOutput {
    /// The listing format.
    let format: TableFormat
    /// The width `table` output must fit, when known: `--width`, else `COLUMNS`, else the terminal's
    /// width, asked anew each time (ioctl `TIOCGWINSZ`), so the shell follows a resized terminal.
    var width: Int? {
        if let fixedWidth { return fixedWidth }
        guard isTerminal else { return nil }
        return TerminalSize.of(fileDescriptor: STDOUT_FILENO)?.columns ?? 80
    }
    private let fixedWidth: Int?
    private let isTerminal: Bool
    private var buffer = Data()
    private(set) var isClosed = false
    /// Whether anything was written through this output.
    private(set) var hasWritten = false
    /// In `line` output, start the next listing with a blank line: the shell sets it when an
    /// earlier result is on the screen, so successive results' records stay apart as one result's do.
    var separatesNextListing = false

    /// Picks the format: `--format` (or `--json`, …), else `table` on a terminal and `markdown` otherwise.
    init(format: TableFormat?, width: Int?) {
        isTerminal = isatty(STDOUT_FILENO) == 1
        self.format = format ?? (isTerminal ? .table : .markdown)
        fixedWidth = width ?? Self.startingColumns
        signal(SIGPIPE, SIG_IGN)
    }

    /// `COLUMNS` as the process was started with it. Read once, on the first output, before the
    /// shell's line editor starts: readline sets `COLUMNS` itself, to the size it saw then.
    private static let startingColumns: Int? = ProcessInfo.processInfo.environment["COLUMNS"]
        .flatMap { Int($0) }.flatMap { $0 > 0 ? $0 : nil }

    deinit {
        flush()
    }

    /// Writes text (already sanitised by the renderer).
    func write(_ text: String) {
        guard !isClosed else { return }
        if !text.isEmpty { hasWritten = true }
        buffer.append(contentsOf: text.utf8)
        if buffer.count >= 1 << 16 { flush() }
    }

    /// Writes a report in the chosen format.
    func write(_ report: InspectReport) {
        write(report.rendered(as: format, width: width))
    }

    /// A writer for a listing written row by row (see ``ListingWriter`` for what `kept` and
    /// `measured` do in `table` output).
    func tableWriter(
        columns: [TableColumn], kept: Set<Int> = [], measured: ColumnMeasure? = nil, holding: Int = .max,
        expandsWhenTooWide: Bool = false
    ) -> ListingWriter {
        let separated = format == .line && separatesNextListing
        separatesNextListing = false
        var first = true
        return ListingWriter(
            columns: columns, format: format, width: width, nullText: format == .csv ? "" : "NULL", kept: kept,
            measured: measured, holding: holding, expandsWhenTooWide: expandsWhenTooWide
        ) { [weak self] text in
            if separated, first { self?.write("\n") }
            first = false
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
