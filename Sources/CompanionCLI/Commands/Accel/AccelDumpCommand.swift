import Accelerometer
import Foundation
import TerminalKit

/// `companion accel dump FILE`: every sample in m/s² and in g, with timestamps, optionally filtered.
enum AccelDumpCommand: Subcommand {
    static var name: String { AccelAction.dump.name }
    static let summary = "print samples in m/s² and g with timestamps (table, CSV or JSON), optionally filtered"
    static let usage = """
        usage: companion accel dump FILE [--format table|csv|json] [--filter KIND] [--limit N] [--wide] [options]

        One row per sample: sample number, time in seconds since the first sample, the kernel
        timestamp in nanoseconds (when the scans carry one), the raw counts, the acceleration in m/s²
        and in g, the filter's output in g when --filter is given, and a flag for values beyond ±16 g
        (flagged, never hidden; each is also reported on standard error).

          --format FORMAT    table (default), csv or json; --csv and --json say the same
          --limit N          print only the first N samples (the filters still see every sample)
          --wide             every table column; by default the table fits the terminal (COLUMNS,
                             else 80) by leaving out m/s², then raw counts, then timestamps
        \(AccelFilterOptions.help)
        """

    private enum Format: String { case table, csv, json }

    static func run(_ arguments: [String]) throws(CommandLineError) -> ExitStatus {
        var list = ArgumentList(arguments)
        // `--csv` and `--json` are shorthands for `--format csv|json`, as in `companion inspect`.
        let shorthands = [Format.csv, .json].filter { list.flag("--\($0.rawValue)") }
        let formatText = try list.option("--format")
        if shorthands.count + (formatText == nil ? 0 : 1) > 1 {
            throw .usage("give one output format: --format, --csv or --json", subject: "--format")
        }
        guard let format = shorthands.first ?? Format(rawValue: formatText ?? "table") else {
            throw .usage("'\(formatText ?? "")' is not table, csv or json", subject: "--format")
        }
        let limit = try list.integerOption("--limit", in: 0...Int.max)
        let wide = list.flag("--wide")
        var options = try AccelFilterOptions(&list, defaultKind: nil)
        let path = try AccelInputs.singleFile(list, action: name)
        let recording = try AccelInputs.loadRecording(path)
        try options.adopt(recordingRate: recording.header.samplingFrequency ?? recording.estimatedSamplingFrequency)
        let samples = try AccelInputs.samples(of: recording, path: path)
        let filtered = options.makeFilter().map { samples.filtered(with: $0, useTimestamps: options.usesTimestamps) }
        let shown = samples.prefix(limit ?? samples.count)
        let rows = shown.enumerated().map { index, sample in
            DumpRow(sample: sample, filtered: filtered?[index])
        }
        switch format {
        case .table:
            let width =
                wide ? nil : TerminalSize.pageWidth(requested: nil, environment: ProcessInfo.processInfo.environment)
            printTable(rows, filterName: options.kind?.rawValue, width: width)
        case .csv: printCSV(rows, filterName: options.kind?.rawValue)
        case .json: printJSON(rows, recording: recording, options: options)
        }
        return .success
    }

    private struct DumpRow {
        var sample: AccelerationSample
        var filtered: Vector3?
    }

    /// One group of table columns that is shown or left out as a whole.
    private struct ColumnGroup {
        var headers: [String]
        var cells: [[String]]
        /// Left out first when the table is too wide: m/s² (the same values as g), then the raw
        /// counts, then the kernel timestamp; 0 is never left out.
        var dropOrder: Int
    }

    /// The table, fitted to `width` columns (nil: every column) by leaving out whole groups.
    private static func printTable(_ rows: [DumpRow], filterName: String?, width: Int?) {
        let samples = rows.map(\.sample)
        var groups = [
            ColumnGroup(
                headers: ["sample", "time s"],
                cells: samples.map { [String($0.number), RecordingFormat.fixed($0.time, 4)] }, dropOrder: 0),
            ColumnGroup(
                headers: ["timestamp ns"], cells: samples.map { [$0.timestampNanoseconds.map(String.init) ?? "-"] },
                dropOrder: 3),
            ColumnGroup(
                headers: ["raw x", "raw y", "raw z"], cells: samples.map { $0.raw.map(String.init) }, dropOrder: 2),
            ColumnGroup(
                headers: ["x m/s²", "y m/s²", "z m/s²"],
                cells: samples.map { s in (0..<3).map { RecordingFormat.fixed(s.acceleration[$0], 4) } }, dropOrder: 1),
            ColumnGroup(
                headers: ["x g", "y g", "z g"],
                cells: samples.map { s in (0..<3).map { RecordingFormat.fixed(s.accelerationInG[$0], 5) } },
                dropOrder: 0),
        ]
        if let filterName {
            groups.append(
                ColumnGroup(
                    headers: ["\(filterName) x", "y", "z"],
                    cells: rows.map { row in (0..<3).map { RecordingFormat.fixed(row.filtered?[$0] ?? 0, 5) } },
                    dropOrder: 0))
        }
        groups.append(
            ColumnGroup(headers: ["flag"], cells: samples.map { [$0.isBeyondRange ? ">16g" : ""] }, dropOrder: 0))
        func lines(_ groups: [ColumnGroup]) -> [String] {
            let header = groups.flatMap(\.headers)
            let body = rows.indices.map { index in groups.flatMap { $0.cells[index] } }
            let widths = header.indices.map { column in ([header] + body).map { $0[column].count }.max() ?? 0 }
            return ([header] + body).map { line in
                var text = ""
                for (column, cell) in line.enumerated() {
                    if column > 0 { text += "  " }
                    text +=
                        column == line.count - 1
                        ? cell : String(repeating: " ", count: widths[column] - cell.count) + cell
                }
                while text.last == " " { text.removeLast() }
                return text
            }
        }
        var shown = lines(groups)
        for order in 1...3 {
            guard let width, shown.contains(where: { $0.count > width }) else { break }
            groups.removeAll { $0.dropOrder == order }
            shown = lines(groups)
        }
        print(shown.map { $0 + "\n" }.joined(), terminator: "")
    }

    private static func printCSV(_ rows: [DumpRow], filterName: String?) {
        var header = "sample,time_s,timestamp_ns,raw_x,raw_y,raw_z,x_m_s2,y_m_s2,z_m_s2,x_g,y_g,z_g"
        if let filterName {
            let column = filterName.replacingOccurrences(of: "-", with: "_")
            header += ",\(column)_x_g,\(column)_y_g,\(column)_z_g"
        }
        var output = header + ",beyond_16g\n"
        for row in rows {
            let s = row.sample
            var cells = [String(s.number), "\(s.time)", s.timestampNanoseconds.map(String.init) ?? ""]
            cells += s.raw.map(String.init)
            cells += (0..<3).map { "\(s.acceleration[$0])" }
            cells += (0..<3).map { "\(s.accelerationInG[$0])" }
            if let filtered = row.filtered { cells += (0..<3).map { "\(filtered[$0])" } }
            cells.append(s.isBeyondRange ? "1" : "0")
            output += cells.joined(separator: ",") + "\n"
        }
        print(output, terminator: "")
    }

    private static func printJSON(_ rows: [DumpRow], recording: Recording, options: AccelFilterOptions) {
        var output = "{\n  \"device\": \(JSONText.string(recording.header.device)),\n"
        // The rate every figure used: the header's, the timestamps' median interval, or 60 Hz assumed.
        let rate = recording.samplingRate
        let source =
            switch rate.source {
            case .header: "header"
            case .timestamps: "timestamps"
            case .assumed: "assumed"
            }
        output += "  \"samplingFrequency\": \(options.rate),\n"
        output += "  \"samplingFrequencySource\": \(JSONText.string(options.rateIsExplicit ? "--rate" : source)),\n"
        output += "  \"filter\": \(options.kind.map { JSONText.string($0.rawValue) } ?? "null"),\n"
        output += "  \"samples\": ["
        for (index, row) in rows.enumerated() {
            let s = row.sample
            var fields = [
                "\"sample\": \(s.number)", "\"time\": \(s.time)",
                "\"timestampNanoseconds\": \(s.timestampNanoseconds.map(String.init) ?? "null")",
                "\"raw\": [\(s.raw.map(String.init).joined(separator: ", "))]",
                "\"metersPerSecondSquared\": \(JSONText.vector(s.acceleration))",
                "\"g\": \(JSONText.vector(s.accelerationInG))",
            ]
            if let filtered = row.filtered { fields.append("\"filteredG\": \(JSONText.vector(filtered))") }
            fields.append("\"beyond16g\": \(s.isBeyondRange)")
            output += (index == 0 ? "\n" : ",\n") + "    {" + fields.joined(separator: ", ") + "}"
        }
        output += rows.isEmpty ? "]\n}\n" : "\n  ]\n}\n"
        print(output, terminator: "")
    }
}

/// Minimal JSON spelling for the dump: strings escaped per RFC 8259, numbers in Swift's exact form.
enum JSONText {
    /// A JSON string literal.
    static func string(_ text: String) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            default:
                if scalar.value < 0x20 {
                    let hex = String(scalar.value, radix: 16)
                    result += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    result.unicodeScalars.append(scalar)
                }
            }
        }
        return result + "\""
    }

    /// `[x, y, z]`.
    static func vector(_ value: Vector3) -> String {
        "[\(value.x), \(value.y), \(value.z)]"
    }
}
