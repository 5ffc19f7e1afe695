import Foundation
import ObjectGraph
import StoreInspector
import TerminalKit

/// `companion inspect DIR|STORE...`: every store in turn, one summary line each.
///
/// One store is open at a time and closed (its private copy removed) before the next, so a batch of
/// hundreds of stores holds no more than one copy. A store that cannot be opened (or an SQLite file
/// that is not a Core Data store) is a line with its error, also said on stderr, never the end of the
/// run. Identical models (same version hashes) share a group letter.
enum BatchCommand {
    /// One store's line.
    struct Line {
        var path: String
        var error: String?
        var entities: [(String, Int64?)] = []
        var digest: String?
        var differences: Int?
        var findings = 0
        var problems: [String] = []
    }

    static func run(paths: [String], options: InspectOptions, output: InspectOutput) throws(CommandLineError)
        -> ExitStatus
    {
        let expected: ManagedObjectModel?
        do {
            expected = try options.expectedPath.map { path throws(InspectorError) in try StoreModel.load(path: path) }
        } catch {
            throw .inspector(error)
        }
        var stores: [String] = []
        var emptyDirectories: [String] = []
        var notes: [String] = []
        for path in paths {
            switch FileKind(path: path) {
            case .directory:
                let found = StoreScanner.scan(path)
                if found.stores.isEmpty { emptyDirectories.append(path) }
                stores += found.stores
                notes += found.skippedLinks.map { "\($0): symbolic link, not followed" }
                notes += found.unreadableDirectories.map { "\($0.path): \($0.reason)" }
            default:
                stores.append(path)
            }
        }
        if stores.isEmpty {
            // One line: the directories searched, and what was passed over in them.
            let skipped = notes.isEmpty ? "" : " (skipped: " + notes.joined(separator: "; ") + ")"
            throw .failure(
                "no SQLite stores found below this directory" + skipped,
                subject: emptyDirectories.joined(separator: ", "))
        }
        notes = emptyDirectories.map { "\($0): no SQLite stores found below this directory" } + notes
        var lines: [Line] = []
        var groups: [String: String] = [:]
        for path in stores {
            let line = inspect(path, options: options, expected: expected)
            if let error = line.error {
                // Each store that cannot be read is also one line on stderr, as a single store's error is.
                output.flush()
                let line = CommandLineError.failure(error, subject: path)
                printError(line.description)
            }
            if let digest = line.digest, groups[digest] == nil {
                groups[digest] = groupLabel(groups.count)
            }
            if output.format == .json {
                output.write(json(line, group: line.digest.flatMap { groups[$0] }).text + "\n")
                output.flush()
            }
            lines.append(line)
        }
        if output.format != .json {
            var report = InspectReport()
            // The differences column only means something with --expected.
            let compares = expected != nil
            // On a terminal too narrow for the paths, the folder every store shares is said once,
            // below, and each row shows the rest: what tells the stores apart.
            var shownPath: (String) -> String = { $0 }
            if output.format == .table, let width = output.width, lines.count > 1,
                let longest = lines.map({ $0.path.count }).max(), longest > width / 3,
                let folder = Self.commonFolder(lines.map(\.path))
            {
                shownPath = { String($0.dropFirst(folder.count + 1)) }
                notes.insert("paths are relative to \(folder)/", at: 0)
            }
            report.table(
                "Stores", key: "stores",
                Table(
                    // Each count is one command's: `summary`'s problems, `check`'s findings.
                    columns: [TableColumn("path"), "open", "entities (rows)", "model"]
                        + (compares ? ["differences"] : []) + ["problems", "check findings"],
                    rows: lines.map { line in
                        var cells: [TableCell] = [
                            .text(shownPath(line.path)), .text(line.error.map { "error: " + $0 } ?? "ok"),
                            .text(
                                line.entities.map { "\($0.0) \($0.1.map(String.init) ?? "?")" }.joined(separator: ", ")),
                            line.digest.map { .text((groups[$0] ?? "?") + " " + $0) } ?? .null,
                        ]
                        if compares { cells.append(line.differences.map { .integer(Int64($0)) } ?? .null) }
                        cells.append(.integer(Int64(line.problems.count)))
                        cells.append(.integer(Int64(line.findings)))
                        return cells
                    }))
            // The start of a path is what stores in one folder share; the end tells them apart.
            report.elideInTheMiddle(columns: [0], forSection: "stores")
            report.messages("Notes", key: "notes", notes, empty: "none")
            output.write(report)
        } else {
            for note in notes { printError("companion: " + TerminalSanitizer.sanitize(note)) }
        }
        if lines.contains(where: { $0.error != nil }) { return .failure }
        if lines.contains(where: { $0.findings + $0.problems.count + ($0.differences ?? 0) > 0 }) { return .failure }
        return .success
    }

    /// Opens, summarises, checks and compares one store, then closes it.
    static func inspect(_ path: String, options: InspectOptions, expected: ManagedObjectModel?) -> Line {
        var line = Line(path: path)
        do {
            let inspection = try StoreInspection(
                path: path, options: OpenOptions(timeLimit: options.timeout), modelPath: options.modelPath)
            defer { inspection.close() }
            try inspection.requireCoreDataStore()
            // The batch reports `check`'s findings, so it also runs `check`'s whole quick_check.
            try inspection.completeQuickCheck()
            let summary = try StoreSummary(inspection)
            line.entities = summary.entities.map { ($0.name, $0.rows) }
            line.digest = summary.modelDigest
            line.problems = summary.problems
            line.findings = try ConsistencyChecker.check(inspection).count
            if let expected {
                let hashes = Dictionary(
                    (inspection.metadata?.versionHashes ?? []).map { ($0.entity, $0.hash) },
                    uniquingKeysWith: { a, _ in a })
                let diff = ModelDiff(storeHashes: hashes, storeModel: inspection.storeModel?.model, expected: expected)
                line.differences = diff.hashesCompared ? diff.mismatchedEntities.count : nil
            }
        } catch {
            line.error = error.message
        }
        return line
    }

    /// The deepest folder holding every path (component by component), or nil when they share none.
    static func commonFolder(_ paths: [String]) -> String? {
        let split = paths.map { $0.split(separator: "/", omittingEmptySubsequences: false).dropLast() }
        guard var common = split.first.map(Array.init) else { return nil }
        for components in split.dropFirst() {
            common = Array(zip(common, components).prefix { $0 == $1 }.map(\.0))
        }
        let folder = common.joined(separator: "/")
        return folder.isEmpty || folder == "." ? nil : folder
    }

    private static func groupLabel(_ index: Int) -> String {
        let letters = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZ")
        return index < letters.count ? String(letters[index]) : "G\(index + 1)"
    }

    private static func json(_ line: Line, group: String?) -> JSONValue {
        var fields: [(String, JSONValue)] = [
            ("path", .string(line.path)),
            ("ok", .boolean(line.error == nil)),
        ]
        if let error = line.error { fields.append(("error", .string(error))) }
        fields.append(("entities", .object(line.entities.map { ($0.0, $0.1.map { .integer($0) } ?? .null) })))
        fields.append(("modelDigest", line.digest.map { .string($0) } ?? .null))
        fields.append(("modelGroup", group.map { .string($0) } ?? .null))
        fields.append(("differences", line.differences.map { .integer(Int64($0)) } ?? .null))
        fields.append(("findings", .integer(Int64(line.findings))))
        fields.append(("problems", .array(line.problems.map(JSONValue.string))))
        return .object(fields)
    }
}
