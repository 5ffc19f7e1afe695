/// Why a recording (ours, or a raw capture being imported) cannot be read.
///
/// Each case says where: a header line with its byte offset, or a sample number with its byte offset.
public enum RecordingError: Error, Equatable, CustomStringConvertible {
    /// The file does not start with `IIO-RECORDING 1`.
    case notARecording(firstLine: String)
    /// The header never reaches its `data:` line.
    case unterminatedHeader(byteCount: Int)
    /// A header line is wrong; `line` counts from 1, `byteOffset` is where the line starts.
    case badHeaderLine(line: Int, byteOffset: Int, reason: String)
    /// A required header entry is missing.
    case missingHeaderEntry(String)
    /// The header's promises (scan size, scan count) disagree with the data that follows it.
    case headerMismatch(String)
    /// The channels lack an acceleration axis.
    case missingAxis(String)
    /// A CSV of polled values is wrong at `line` (from 1).
    case badCSV(line: Int, reason: String)
    /// A raw capture holds no complete scan.
    case empty(byteCount: Int, scanSize: Int)

    /// Whether the start of a file is binary: a NUL or a byte that is not UTF-8 (text with escape
    /// sequences is still text, and is shown with its controls made visible).
    static func isBinary(_ text: String) -> Bool {
        text.unicodeScalars.contains { $0 == "\u{0}" || $0 == "\u{FFFD}" }
    }

    /// A sentence a student understands, with the position of the problem.
    public var description: String {
        switch self {
        case .notARecording(let firstLine) where Self.isBinary(firstLine):
            // Raw scans are bytes, not text: echoing them only garbles the terminal.
            return "not a companion recording but a raw capture (binary scans, no header): import it first "
                + "('companion accel import FILE --channels DESCRIPTION -o OUT.iiorec')"
        case .notARecording(let firstLine):
            let shown = firstLine.count > 40 ? String(firstLine.prefix(40)) + "…" : firstLine
            return "not a companion recording: it starts with '\(shown)', not '\(RecordingHeader.magic)' "
                + "(for a raw iio_readdev capture use 'companion accel import')"
        case .unterminatedHeader(let count):
            return "the header has no 'data:' line in its first \(CountText.of(count, "byte"))"
        case .badHeaderLine(let line, let offset, let reason):
            return "header line \(line) (byte offset \(offset)): \(reason)"
        case .missingHeaderEntry(let key):
            return "the header has no '\(key):' line"
        case .headerMismatch(let reason):
            return "the header does not match the data: \(reason)"
        case .missingAxis(let axis):
            return "there is no \(axis) channel, so the scans hold no three-axis acceleration"
        case .badCSV(let line, let reason):
            return "CSV line \(line): \(reason)"
        case .empty(let count, let size):
            return "\(CountText.of(count, "byte")) \(count == 1 ? "holds" : "hold") no complete \(size)-byte scan"
        }
    }
}
