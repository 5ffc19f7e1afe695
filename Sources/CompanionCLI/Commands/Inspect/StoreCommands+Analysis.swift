import Foundation
import ObjectGraph
import StoreInspector
import TerminalKit

extension StoreCommands {
    // MARK: - check

    func check() throws -> ExitStatus {
        // Opening a large store checks only part of it; `check` reads the whole file.
        try inspection.completeQuickCheck()
        let findings = try ConsistencyChecker.check(inspection)
        var report = InspectReport()
        report.table(
            "Findings", key: "findings",
            Table(
                columns: ["kind", "entity", "object", "key", "finding"],
                rows: findings.map {
                    [.text($0.kind.rawValue), .text($0.entity), .text($0.object), .text($0.key), .text($0.message)]
                }))
        let problems = inspection.problems
        report.messages("Problems found while opening", key: "problems", problems, empty: "none")
        report.messages(
            "Result", key: "result",
            [
                findings.isEmpty && problems.isEmpty
                    ? "no findings"
                    : "\(findings.count) finding\(findings.count == 1 ? "" : "s"), \(problems.count) problem\(problems.count == 1 ? "" : "s")"
            ], empty: "")
        output.write(report)
        return findings.isEmpty && problems.isEmpty ? .success : .failure
    }

    // MARK: - diff

    func diff() throws -> ExitStatus {
        guard let path = options.expectedPath else {
            throw CommandLineError.usage("name the model to compare with: diff --expected MODEL", subject: "diff")
        }
        let expected = try StoreModel.load(path: path)
        let hashes = Dictionary(
            (inspection.metadata?.versionHashes ?? []).map { ($0.entity, $0.hash) }, uniquingKeysWith: { a, _ in a })
        let result = ModelDiff(storeHashes: hashes, storeModel: inspection.storeModel?.model, expected: expected)
        var report = InspectReport()
        let verdict: String
        if !result.hashesCompared {
            verdict = "the store has no version hashes to compare (not a Core Data store?)"
        } else if result.isCompatible {
            verdict = "compatible: every entity's version hash matches \(path)"
        } else {
            verdict =
                "incompatible: Core Data would refuse to open this store with \(path) without a migration "
                + "(entities differing: \(result.mismatchedEntities.joined(separator: ", ")))"
        }
        var verdicts = [verdict]
        if result.hashesCompared && !result.isCompatible {
            verdicts.append(Self.migrationVerdict(from: inspection.storeModel?.model, to: expected))
        }
        report.messages("Verdict", key: "verdict", verdicts, empty: "")
        report.table(
            "Differences", key: "differences",
            Table(
                columns: ["entity", "property", "difference"],
                rows: result.differences.map { [.text($0.entity), .text($0.property ?? "-"), .text($0.message)] }))
        // A difference is a sentence: on a narrow terminal it wraps in records, never cut.
        report.wrapInRecordsWhenTooWide(section: "differences")
        output.write(report)
        return result.isCompatible && result.differences.isEmpty ? .success : .failure
    }

    /// Whether Core Data could migrate the store to `expected` without a mapping model of its own.
    static func migrationVerdict(from storeModel: ManagedObjectModel?, to expected: ManagedObjectModel) -> String {
        guard let storeModel else {
            return "lightweight migration: unknown (the store has no model cache to infer a mapping from)"
        }
        let problems = MappingModel.inferenceProblems(forSourceModel: storeModel, destinationModel: expected)
        return problems.isEmpty
            ? "lightweight migration possible (companion model migrate)"
            : "lightweight migration not possible because " + problems.joined(separator: "; ")
    }

    // MARK: - history

    func history() throws -> ExitStatus {
        guard HistoryReader.hasHistory(inspection) else {
            var report = InspectReport()
            report.messages(
                "History", key: "history", [],
                empty: "no persistent history in this store (no ATRANSACTION/ACHANGE tables)")
            output.write(report)
            return .success
        }
        let transactions = try HistoryReader.transactions(inspection, limit: options.limit)
        var report = InspectReport()
        report.table(
            "Transactions", key: "transactions",
            Table(
                columns: ["#", "timestamp", "author", "bundle", "context", "process", "changes"],
                rows: transactions.map { transaction in
                    let changes = transaction.changes.map { "\($0.change) \($0.entity) ×\($0.count)" }.joined(
                        separator: "; ")
                    return [
                        .integer(transaction.number), transaction.timestamp.map { .text($0) } ?? .null,
                        transaction.author.map { .text($0) } ?? .null, transaction.bundleID.map { .text($0) } ?? .null,
                        transaction.contextName.map { .text($0) } ?? .null,
                        transaction.processID.map { .text($0) } ?? .null,
                        .text(changes),
                    ]
                }))
        output.write(report)
        return .success
    }
}
