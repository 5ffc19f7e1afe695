import Foundation
import StoreInspector
import TerminalKit

/// `companion inspect [STORE] trace LOGFILE`: a SQLDebug log summarised.
enum TraceCommand {
    /// Summarises a log on its own, or mapping tables to entities through `--store`.
    static func run(
        logPath: String, storePath: String?, options: InspectOptions, output: InspectOutput
    ) throws(CommandLineError) -> ExitStatus {
        guard let storePath else {
            return try run(logPath: logPath, inspection: nil, options: options, output: output)
        }
        let inspection = try InspectCommand.open(storePath, options: options)
        defer { inspection.close() }
        return try run(logPath: logPath, inspection: inspection, options: options, output: output)
    }

    /// Summarises a log; with a store, tables are shown with the entities they hold.
    static func run(
        logPath: String, inspection: StoreInspection?, options: InspectOptions, output: InspectOutput
    ) throws(CommandLineError) -> ExitStatus {
        let log: SQLDebugTranscript
        do {
            log = try SQLDebugTranscript(contentsOf: logPath)
        } catch {
            throw .inspector(error)
        }
        let summary = TraceSummary(log)
        var report = InspectReport()
        report.properties(
            "Log", key: "log",
            [
                ("file", .text(logPath)),
                ("lines", .integer(Int64(summary.lineCount))),
                ("Core Data lines", .integer(Int64(summary.coreDataLineCount))),
                ("databases", .text(summary.databases.joined(separator: ", "))),
                ("fetches", .integer(Int64(summary.fetchCount))),
                ("rows fetched", .integer(Int64(summary.fetchedRows))),
                ("total fetch time (s)", .real(rounded(summary.totalFetchSeconds))),
                ("total count time (s)", .real(rounded(summary.totalCountSeconds))),
            ])
        report.table(
            "Statements", key: "statements",
            Table(
                columns: ["kind", "table", "entity", "count"],
                rows: summary.statements.map { line in
                    [
                        .text(line.kind), .text(line.table),
                        (entities(in: line.table, inspection) ?? logged(summary, line.table)).map { .text($0) }
                            ?? .null,
                        .integer(Int64(line.count)),
                    ]
                }))
        let advice = summary.repeatedFaults.map { fault in
            "\(fault.subject): \(fault.count) single-object fault fetches, one query each (an N+1 pattern); "
                + "fetch them together with relationshipKeyPathsForPrefetching or a batched fetch"
        }
        report.messages("Repeated single-row fault fetches (N+1)", key: "repeatedFaults", advice, empty: "none found")
        output.write(report)
        return summary.repeatedFaults.isEmpty ? .success : .failure
    }

    private static func rounded(_ seconds: Double) -> Double {
        (seconds * 1_000_000).rounded() / 1_000_000
    }

    /// The entities the log's own fault lines show `table` holding, when no store says it.
    private static func logged(_ summary: TraceSummary, _ table: String) -> String? {
        summary.entitiesByTable[table].map { $0.joined(separator: ", ") }
    }

    private static func entities(in table: String, _ inspection: StoreInspection?) -> String? {
        guard let model = inspection?.storeModel?.model, let inspection else { return nil }
        let names = model.entities.filter { inspection.table(of: $0)?.uppercased() == table.uppercased() }.map(\.name)
            .sorted()
        return names.isEmpty ? nil : names.joined(separator: ", ")
    }
}
