import Accelerometer
import Foundation

/// Number and table formatting for the `accel` actions' text output.
enum RecordingFormat {
    /// Shortest exact form for header values (`0.000038245`, `60`), as the recording header writes it.
    static func number(_ value: Double) -> String {
        RecordingHeader.format(value)
    }

    /// A fixed number of decimals, without `-0.000`.
    static func fixed(_ value: Double, _ decimals: Int) -> String {
        let text = String(format: "%.\(decimals)f", value)
        return text.hasPrefix("-") && Double(text) == 0 ? String(text.dropFirst()) : text
    }

    /// Left-aligned columns separated by two spaces.
    static func table(header: [String], rows: [[String]]) -> [String] {
        let all = [header] + rows
        let widths = header.indices.map { column in all.map { $0[column].count }.max() ?? 0 }
        return all.map { row in
            var line = ""
            for (column, cell) in row.enumerated() {
                line +=
                    column == row.count - 1
                    ? cell : cell.padding(toLength: widths[column] + 2, withPad: " ", startingAt: 0)
            }
            return line
        }
    }
}
