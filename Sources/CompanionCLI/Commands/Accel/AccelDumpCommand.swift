import Accelerometer
import Foundation
import TerminalKit

/// `companion accel dump FILE`: every sample in m/s² and in g, with timestamps, optionally filtered.
///
/// Written through the listing writers `companion inspect` uses, so the formats, the widths (by
/// display width) and the CSV (RFC 4180) are the same in both.
enum AccelDumpCommand: Subcommand {
    static var name: String { AccelAction.dump.name }
    static let summary = "print samples in m/s² and g with timestamps (table, CSV or JSON), optionally filtered"
    static let usage = """
        usage: companion accel dump FILE [--format FORMAT] [--filter KIND] [--limit N] [--wide] [options]

        One row per sample: sample number, time in seconds since the first sample, the kernel
        timestamp in nanoseconds (when the scans carry one), the raw counts, the acceleration in m/s²
        and in g, the filter's output in g (x f, y f, z f) when --filter is given, and a flag for
        values beyond ±16 g (flagged, never hidden; each is also reported on standard error).

          --format FORMAT    \(TableFormat.names) (default table); --csv, --json, …
                             say the same. csv and json keep every digit and every column
          --limit N          print only the first N samples (the filters still see every sample)
          --wide             every table column; by default the table fits the terminal (COLUMNS,
                             else 80) by leaving out m/s², then raw counts, timestamps and times
        \(AccelFilterOptions.help)
        """

    static func run(_ arguments: [String]) throws(CommandLineError) -> ExitStatus {
        var list = ArgumentList(arguments)
        let format = try list.tableFormat() ?? .table
        let limit = try list.integerOption("--limit", in: 0...Int.max)
        let wide = list.flag("--wide")
        var options = try AccelFilterOptions(&list, defaultKind: nil)
        let path = try AccelInputs.singleFile(list, action: name)
        let recording = try AccelInputs.loadRecording(path)
        try options.adopt(recordingRate: recording.header.samplingFrequency ?? recording.estimatedSamplingFrequency)
        let samples = try AccelInputs.samples(of: recording, path: path)
        let filtered = options.makeFilter().map { samples.filtered(with: $0, useTimestamps: options.usesTimestamps) }
        let listing = AccelDumpListing(
            rows: samples.prefix(limit ?? samples.count).enumerated().map { index, sample in
                AccelDumpListing.Row(sample: sample, filtered: filtered?[index])
            },
            filterName: options.kind?.rawValue)
        switch format {
        case .json:
            print(document(listing, recording: recording, options: options).text)
        case .csv:
            write(listing.dataTable, as: .csv, width: nil, nullText: "")
        case .table, .markdown, .line:
            let width =
                format != .table || wide
                ? nil : TerminalSize.pageWidth(requested: nil, environment: ProcessInfo.processInfo.environment)
            if options.kind != nil { print("x f, y f, z f: \(options.label), in g") }
            write(listing.displayTable(width: width, nullText: "-"), as: format, width: width, nullText: "-")
        }
        return .success
    }

    /// Writes `table` through the inspector's listing writer; a table too wide for `width` even
    /// with the optional columns left out becomes one record per block, so no number is cut.
    private static func write(_ table: Table, as format: TableFormat, width: Int?, nullText: String) {
        var writer = ListingWriter(
            columns: table.columns, format: format, width: width, nullText: nullText,
            kept: Set(table.columns.indices), expandsWhenTooWide: true
        ) { print($0, terminator: "") }
        for row in table.rows { writer.write(row) }
        writer.finish()
    }

    /// The JSON document: the recording, the rate every figure used and where it came from (the
    /// header, the timestamps' median interval, `--rate`, or 60 Hz assumed), the filter, the samples.
    private static func document(
        _ listing: AccelDumpListing, recording: Recording, options: AccelFilterOptions
    ) -> JSONValue {
        let source =
            switch recording.samplingRate.source {
            case .header: "header"
            case .timestamps: "timestamps"
            case .assumed: "assumed"
            }
        return .object([
            ("device", .string(recording.header.device)),
            ("samplingFrequency", .real(options.rate)),
            ("samplingFrequencySource", .string(options.rateIsExplicit ? "--rate" : source)),
            ("filter", options.kind.map { .string($0.rawValue) } ?? .null),
            ("samples", listing.jsonSamples),
        ])
    }
}
