import Foundation

/// What a SQLDebug log says about an app's use of Core Data: how many statements of each kind
/// touched each table, how long fetches took, and where faults were fired one row at a time.
public struct TraceSummary: Sendable {
    /// Statements counted by kind (`SELECT`, `INSERT`, …) and table (`ZMOVIE`; `-` when none).
    public struct StatementCount: Equatable, Sendable {
        /// The first keyword of the statement.
        public var kind: String
        /// The table it names first, like `ZMOVIE`.
        public var table: String
        /// How many such statements the log holds.
        public var count: Int
    }

    /// A run of single-object fault fetches for one entity or relationship: the N+1 pattern.
    public struct RepeatedFault: Equatable, Sendable {
        /// The entity (or `Entity.relationship` for to-many faults).
        public var subject: String
        /// How many single-row fetches the log shows.
        public var count: Int
    }

    /// Statements by kind and table, most frequent first.
    public var statements: [StatementCount]
    /// The total of `total fetch execution time` lines, in seconds.
    public var totalFetchSeconds: Double
    /// How many fetches reported a time.
    public var fetchCount: Int
    /// The total rows those fetches returned.
    public var fetchedRows: Int
    /// The total of count-request times, in seconds.
    public var totalCountSeconds: Double
    /// Faults fulfilled one object (or one relationship) at a time, at least ``repeatThreshold`` of them.
    public var repeatedFaults: [RepeatedFault]
    /// The database files the log connected to.
    public var databases: [String]
    /// The entities the log itself shows each table holding (table → entity names, sorted): a
    /// `fault fulfilled … <x-coredata://…/Movie/p4>` line names the entity of the `SELECT` before it.
    public var entitiesByTable: [String: [String]]
    /// Lines read, and lines that were Core Data's.
    public var lineCount: Int
    /// Core Data's lines.
    public var coreDataLineCount: Int

    /// Fewer single-row fetches than this are not reported as an N+1 pattern.
    public static let repeatThreshold = 3

    /// Summarises a parsed log.
    public init(_ log: SQLDebugTranscript) {
        var counts: [String: [String: Int]] = [:]
        var fetchSeconds = 0.0
        var fetches = 0
        var rows = 0
        var countSeconds = 0.0
        var faults: [String: Int] = [:]
        var faultOrder: [String] = []
        var databases: [String] = []
        var singleRowSelects: [String: Int] = [:]
        var entities: [String: Set<String>] = [:]
        var lastSelectedTable: String?
        for event in log.events {
            switch event {
            case .statement(let sql):
                let (kind, table) = Self.classify(sql)
                lastSelectedTable = kind == "SELECT" && table != "-" ? table : nil
                counts[kind, default: [:]][table, default: 0] += 1
                if kind == "SELECT", Self.selectsOneRowByPrimaryKey(sql) {
                    singleRowSelects[table, default: 0] += 1
                }
            case .fetchExecution(let seconds, let count):
                fetchSeconds += seconds
                fetches += 1
                rows += count
            case .countExecution(let seconds, _):
                countSeconds += seconds
            case .faultFulfilled(let entity, _):
                if let table = lastSelectedTable { entities[table, default: []].insert(entity) }
                if faults[entity] == nil { faultOrder.append(entity) }
                faults[entity, default: 0] += 1
            case .toManyFaultFulfilled(let relationship, let entity, _):
                let key = entity + "." + relationship
                if faults[key] == nil { faultOrder.append(key) }
                faults[key, default: 0] += 1
            case .connecting(let path):
                if !databases.contains(path) { databases.append(path) }
            default:
                break
            }
        }
        var statementCounts: [StatementCount] = []
        for (kind, tables) in counts {
            for (table, count) in tables {
                statementCounts.append(StatementCount(kind: kind, table: table, count: count))
            }
        }
        statements = statementCounts.sorted {
            ($0.count, $1.kind, $1.table) > ($1.count, $0.kind, $0.table)
        }
        totalFetchSeconds = fetchSeconds
        fetchCount = fetches
        fetchedRows = rows
        totalCountSeconds = countSeconds
        var repeated = faultOrder.compactMap { key -> RepeatedFault? in
            let count = faults[key] ?? 0
            return count >= Self.repeatThreshold ? RepeatedFault(subject: key, count: count) : nil
        }
        // Without fault annotations (level 1 logs of some OS versions), repeated primary-key
        // SELECTs against one table show the same pattern.
        if repeated.isEmpty {
            repeated = singleRowSelects.filter { $0.value >= Self.repeatThreshold }
                .map { RepeatedFault(subject: $0.key, count: $0.value) }
                .sorted { ($0.count, $1.subject) > ($1.count, $0.subject) }
        }
        repeatedFaults = repeated
        self.databases = databases
        entitiesByTable = entities.mapValues { $0.sorted() }
        lineCount = log.lineCount
        coreDataLineCount = log.coreDataLineCount
    }

    /// The first keyword and the first table a statement names.
    static func classify(_ sql: String) -> (kind: String, table: String) {
        let words = sql.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "(" || $0 == "," })
        let kind = words.first.map { $0.uppercased() } ?? "?"
        var table = "-"
        let marker: Set<String>
        switch kind {
        case "INSERT": marker = ["INTO"]
        case "UPDATE": marker = ["UPDATE", "FAIL", "OR"]
        case "SELECT", "DELETE": marker = ["FROM"]
        default: marker = []
        }
        if kind == "UPDATE" {
            // UPDATE [OR FAIL] <table> SET …
            let rest = words.dropFirst().drop {
                ["OR", "FAIL", "ROLLBACK", "ABORT", "REPLACE", "IGNORE"].contains($0.uppercased())
            }
            if let name = rest.first { table = String(name) }
        } else if !marker.isEmpty, let index = words.firstIndex(where: { marker.contains($0.uppercased()) }),
            index + 1 < words.count
        {
            table = String(words[index + 1])
        }
        return (kind, table)
    }

    /// `… WHERE t0.Z_PK = ?` with nothing else in the condition: Core Data fulfilling one fault.
    static func selectsOneRowByPrimaryKey(_ sql: String) -> Bool {
        guard let range = sql.range(of: "WHERE", options: .backwards) else { return false }
        let condition = sql[range.upperBound...].trimmingCharacters(in: .whitespaces)
        return condition == "t0.Z_PK = ?" || condition == "Z_PK = ?"
    }
}
