import Foundation
import StoreInspector
import TerminalKit

extension StoreCommands {
    /// `fetch ENTITY [--where P] [--sort KEY[,KEY…]] [--limit N] [--sql-debug N]`: runs the fetch
    /// through ObjectGraph and shows the SQL trace it logged, then the objects.
    ///
    /// In `table`, `markdown` and `line` output the trace is on standard output under an "SQL"
    /// heading, followed by a "Result" heading and the listing. In `json` and `csv` output standard
    /// output carries only the listing, so it stays machine-readable, and the trace goes to
    /// standard error. Every line passes the sanitiser. Failures exit 1; an unknown entity is a
    /// usage error (2), as it is for `rows`.
    func fetch(_ entityName: String) throws(CommandLineError) -> ExitStatus {
        if let limit = options.limit, limit < 1 {
            throw .usage("give at least 1 (Core Data's fetch limit 0 would mean no limit)", subject: "--limit")
        }
        if let sort = options.sortKey, let entity = try? inspection.entity(named: entityName) {
            try Self.checkSortKeys(sort, of: entity)
        }
        let request = ObjectFetch(
            entityName: entityName, predicate: options.wherePredicate, sort: options.sortKey, limit: options.limit,
            debugLevel: options.sqlDebugLevel)
        let outcome: FetchOutcome
        do {
            outcome = try request.run(on: inspection)
        } catch {
            // Naming an entity the store lacks is a usage error, as it is for `rows`.
            guard case .unknownEntity(let name, let known) = error else {
                throw CommandLineError.failure(error.message, subject: inspection.store.path)
            }
            let hint = EditDistance.suggestion(for: name, among: known)
            throw CommandLineError.usage(error.message + hint, subject: inspection.store.path)
        }
        let machineReadable = output.format == .json || output.format == .csv
        var preamble: [String] = []
        if let note = outcome.modelNote { preamble.append(note) }
        if machineReadable {
            output.flush()
            for line in preamble + outcome.trace { printError(TerminalSanitizer.sanitize(line)) }
        } else {
            output.write(traceSection(preamble: preamble, trace: outcome.trace))
            output.write(heading("Result"))
        }
        var columns: [TableColumn] = ["objectID"]
        if outcome.showsEntityColumn { columns.append("entity") }
        columns += outcome.columns.map { TableColumn($0) }
        // The objects are all in memory: a table sizes its columns from every one of them.
        var writer = output.tableWriter(
            columns: columns, kept: Set(0..<(outcome.showsEntityColumn ? 2 : 1)), expandsWhenTooWide: true)
        for row in outcome.rows {
            var cells: [TableCell] = [.text(row.objectID)]
            if outcome.showsEntityColumn { cells.append(.text(row.entityName)) }
            cells += row.values.map(Self.cell)
            writer.write(cells)
            if output.isClosed { break }
        }
        writer.finish()
        if !machineReadable {
            // A blank line first in Markdown, or the count would read as one more table row.
            let count = outcome.rows.count == 1 ? "(1 object)\n" : "(\(outcome.rows.count) objects)\n"
            output.write(output.format == .markdown ? "\n" + count : count)
        }
        return .success
    }

    /// The note (if any), then the "SQL" heading and the trace lines; in Markdown, a fenced block.
    private func traceSection(preamble: [String], trace: [String]) -> String {
        var text = preamble.map { TerminalSanitizer.sanitize($0) + "\n" }.joined()
        if !text.isEmpty { text += "\n" }
        text += heading("SQL")
        let lines = trace.isEmpty ? ["(nothing logged at --sql-debug \(options.sqlDebugLevel))"] : trace
        let body = lines.map { TerminalSanitizer.sanitize($0) + "\n" }.joined()
        text += output.format == .markdown ? "```text\n" + body + "```\n" : body
        return text + "\n"
    }

    private func heading(_ title: String) -> String {
        output.format == .markdown ? "## " + title + "\n\n" : title + "\n"
    }
}
