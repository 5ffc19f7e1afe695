import Foundation
import ObjectGraph
import StoreInspector
import TerminalKit

/// The store subcommands (`summary`, `schema`, `rows`, …), shared by the command line and the
/// shell's dot-commands. Each writes its report and returns the exit status: 0 clean, 1 findings.
struct StoreCommands {
    let inspection: StoreInspection
    let options: InspectOptions
    let output: InspectOutput

    /// Runs `command` with its positional arguments, checked against the shape
    /// ``StoreCommand/arguments`` gives it.
    func run(_ command: StoreCommand, _ arguments: [String]) throws(CommandLineError) -> ExitStatus {
        try Self.check(arguments, of: command)
        do {
            if command.needsCoreDataStore { try inspection.requireCoreDataStore() }
            switch command {
            case .summary: return try summary()
            case .schema: return try schema(arguments)
            case .tables: return try tables()
            case .indexes: return try indexes()
            case .metadata: return try metadata()
            case .model: return try model()
            case .rows: return try rows(arguments[0])
            case .fetch: return try fetch(arguments[0])
            case .check: return try check()
            case .diff: return try diff()
            case .history: return try history()
            case .trace:
                return try TraceCommand.run(
                    logPath: arguments[0], inspection: inspection, options: options, output: output)
            case .shell: return try InspectShell(inspection: inspection, options: options, output: output).run()
            }
        } catch let error as CommandLineError {
            throw error
        } catch let error as InspectorError {
            throw .inspector(error)
        } catch {
            throw .failure(String(describing: error), subject: command.name)
        }
    }

    /// Refuses arguments that do not fit `command`: extra words (an unquoted predicate, say) or a
    /// missing one, each one line saying which.
    static func check(_ arguments: [String], of command: StoreCommand) throws(CommandLineError) {
        switch command.arguments {
        case .names:
            return
        case .none:
            guard arguments.isEmpty else { throw .usage("takes no arguments", subject: command.name) }
        case .one:
            guard let first = arguments.first else {
                throw .usage("name one: " + command.synopsis, subject: command.name)
            }
            guard arguments.count == 1 else {
                let extra = arguments.dropFirst().map { "'\($0)'" }.joined(separator: " ")
                throw .usage(
                    "unexpected \(extra) after '\(first)' (\(command.synopsis); "
                        + "quote an option's value that has spaces, like --where \"name == 'Tea'\")",
                    subject: command.name)
            }
        }
    }

    // MARK: - summary

    func summary() throws -> ExitStatus {
        let facts = try StoreSummary(inspection)
        var report = InspectReport()
        // Each fact with the cell the table shows and, where JSON says more than that text, its JSON:
        // the version identifiers are the list they are.
        let identifiers = JSONValue.array(facts.versionIdentifiers.map(JSONValue.string))
        let store: [(name: String, cell: TableCell, json: JSONValue?)] = [
            ("file", .text(facts.path), nil),
            ("size (bytes)", .integer(facts.fileSize), nil),
            ("journal mode", .text(facts.journalMode), nil),
            ("WAL", facts.walSize.map { .text("present, \($0) bytes") } ?? .text("none"), nil),
            ("SQLite version", .text(facts.sqliteVersion), nil),
            ("Core Data store", .boolean(facts.isCoreDataStore), nil),
            ("framework version", facts.frameworkVersion.map { .integer($0) } ?? .null, nil),
            ("store UUID", facts.storeUUID.map { .text($0) } ?? .null, nil),
            (
                "model version identifiers",
                .text(facts.versionIdentifiers.map { "\"\($0)\"" }.joined(separator: ", ")), identifiers
            ),
            ("model", facts.modelSource.map { .text($0) } ?? .null, nil),
            ("model digest", facts.modelDigest.map { .text($0) } ?? .null, nil),
        ]
        report.properties("Store", key: "store", store.map { ($0.name, $0.cell) })
        report.json(.object(store.map { ($0.name, $0.json ?? JSONValue($0.cell)) }), forSection: "store")
        if facts.isCoreDataStore {
            report.table(
                "Entities", key: "entities",
                Table(
                    columns: ["Z_ENT", "entity", "parent", "table", "rows"],
                    rows: facts.entities.map { line in
                        [
                            .integer(line.number), .text(line.name), .text(line.parent ?? "-"),
                            line.table.map { .text($0) } ?? .null, line.rows.map { .integer($0) } ?? .null,
                        ]
                    }))
        } else {
            report.table("Tables", key: "tables", try tableListing())
        }
        if case .inferred(let ambiguities)? = inspection.storeModel?.source {
            report.messages("Inferred model: what the schema cannot say", key: "ambiguities", ambiguities, empty: "")
        }
        report.messages("Notes", key: "notes", facts.notes, empty: "none")
        report.messages("Problems", key: "problems", facts.problems, empty: "no problems found")
        output.write(report)
        return facts.problems.isEmpty ? .success : .failure
    }

    // MARK: - schema, tables, indexes

    func schema(_ arguments: [String]) throws -> ExitStatus {
        var objects = inspection.schema.filter { $0.sql != nil && !$0.name.hasPrefix("sqlite_") }
        if !arguments.isEmpty {
            let wanted = Set(arguments.map { $0.uppercased() })
            objects = objects.filter {
                wanted.contains($0.tableName.uppercased()) || wanted.contains($0.name.uppercased())
            }
            let known = Set(objects.flatMap { [$0.tableName.uppercased(), $0.name.uppercased()] })
            if let unknown = arguments.first(where: { !known.contains($0.uppercased()) }) {
                throw InspectorError.unknownTable(name: unknown)
            }
        }
        if output.format == .table || output.format == .markdown && options.format == nil {
            // Like sqlite3 .schema: the statements themselves, one per line (or indented).
            var text = ""
            for object in objects {
                let statement = options.indent ? object.indentedStatement : object.statement
                text += TerminalSanitizer.sanitize(statement ?? "").replacingOccurrences(of: "␊", with: "\n") + "\n"
            }
            output.write(text)
            return .success
        }
        var report = InspectReport()
        report.table(
            "", key: "schema",
            Table(
                columns: ["type", "name", "table", "sql"],
                rows: objects.map { [.text($0.type), .text($0.name), .text($0.tableName), .text($0.statement ?? "")] }))
        output.write(report)
        return .success
    }

    func tables() throws -> ExitStatus {
        var report = InspectReport()
        report.table("", key: "tables", try tableListing())
        output.write(report)
        return .success
    }

    func tableListing() throws -> Table {
        var rows: [[TableCell]] = []
        for object in inspection.schema where object.type == "table" {
            let columns = try inspection.columns(of: object.name)
            let count = try inspection.store.scalar("SELECT count(*) FROM \(SQLIdentifier.quoted(object.name))")
            rows.append([
                .text(object.name), .integer(Int64(columns.count)), count?.int64Value.map { .integer($0) } ?? .null,
                .text(role(ofTable: object.name)),
            ])
        }
        return Table(columns: ["table", "columns", "rows", "holds"], rows: rows)
    }

    private func role(ofTable name: String) -> String {
        switch name.uppercased() {
        case "Z_PRIMARYKEY": return "entity numbers and last primary keys"
        case "Z_METADATA": return "store metadata"
        case "Z_MODELCACHE": return "compressed model"
        case "ATRANSACTION", "ACHANGE", "ATRANSACTIONSTRING": return "persistent history"
        default: break
        }
        guard let model = inspection.storeModel?.model else { return "" }
        let entities = model.entities.filter { inspection.table(of: $0)?.uppercased() == name.uppercased() }
        if !entities.isEmpty { return entities.map(\.name).sorted().joined(separator: ", ") }
        if let join = inspection.storeModel?.layout.joinTables.first(where: {
            $0.name.uppercased() == name.uppercased()
        }) {
            return "join table of \(join.entityName).\(join.relationshipName)"
        }
        return ""
    }

    func indexes() throws -> ExitStatus {
        var rows: [[TableCell]] = []
        for object in inspection.schema where object.type == "index" {
            let columns = try inspection.store.rows("SELECT name FROM pragma_index_info(?)", [.text(object.name)])
                .map { $0[0].stringValue ?? "(expression)" }
            let unique = object.sql?.uppercased().hasPrefix("CREATE UNIQUE") ?? true
            rows.append([
                .text(object.name), .text(object.tableName), .text(columns.joined(separator: ", ")),
                .boolean(unique), .boolean(object.sql == nil),
            ])
        }
        var report = InspectReport()
        report.table(
            "", key: "indexes", Table(columns: ["index", "table", "columns", "unique", "automatic"], rows: rows))
        output.write(report)
        return .success
    }

    // MARK: - metadata

    func metadata() throws -> ExitStatus {
        guard let metadata = inspection.metadata else {
            var report = InspectReport()
            report.messages("Metadata", key: "metadata", [], empty: StoreMetadata.missingRowProblem)
            output.write(report)
            return .failure
        }
        var report = InspectReport()
        // Every key of the plist is shown: Apple's in this order, then any other key Core Data writes
        // (the hashes digest, the checksum, …); the version hashes and the app's keys get tables of their own.
        let plist = metadata.plist
        let keys: [String] = if case .dictionary(let entries) = plist { entries.map(\.key) } else { [] }
        let listed =
            Self.metadataKeyOrder
            + keys.filter { key in
                StoreMetadata.systemKeys.contains(key) && !Self.metadataKeyOrder.contains(key)
                    && key != "NSStoreModelVersionHashes"
            }
        let head: [(String, PropertyListValue)] = [
            ("Z_VERSION", .integer(metadata.version)), ("Z_UUID", metadata.storeUUID.map { .string($0) } ?? .null),
        ]
        let values = head + listed.map { ($0, plist[$0] ?? .null) }
        report.properties("Metadata", key: "metadata", values.map { ($0.0, Self.metadataCell($0.0, $0.1)) })
        report.json(.object(values.map { ($0.0, PropertyListJSON.value($0.1)) }), forSection: "metadata")
        report.table(
            "Version hashes", key: "versionHashes",
            Table(
                columns: ["entity", "hash (hex)"],
                rows: metadata.versionHashes.map {
                    [.text($0.entity), .text($0.hash.map { String(format: "%02x", $0) }.joined())]
                }))
        let application = metadata.applicationEntries.map { ($0.key, StoreMetadata.readableValue($0.value)) }
        report.table(
            "App-defined metadata", key: "application",
            Table(
                columns: ["key", "value"], rows: application.map { [.text($0.0), Self.cell($0.1)] }))
        report.json(
            .array(application.map { .object([("key", .string($0.0)), ("value", PropertyListJSON.value($0.1))]) }),
            forSection: "application")
        if let problem = metadata.plistProblem {
            report.messages("Problems", key: "problems", [problem], empty: "")
        }
        output.write(report)
        return metadata.plistProblem == nil ? .success : .failure
    }

    /// Apple's metadata keys in the order `metadata` lists them (present or not).
    static let metadataKeyOrder = [
        "NSStoreType", "NSPersistenceFrameworkVersion", "NSStoreModelVersionIdentifiers",
        "NSStoreModelVersionHashesVersion", "_NSAutoVacuumLevel",
    ]

    /// A metadata value's cell: version identifiers as a quoted list (`"1", "2"`), the rest as ``cell(_:)``.
    static func metadataCell(_ key: String, _ value: PropertyListValue) -> TableCell {
        if key == "NSStoreModelVersionIdentifiers", case .array(let items) = value {
            return .text(items.map(PropertyListText.text).joined(separator: ", "))
        }
        return Self.cell(value)
    }

    /// A plist value as one cell: scalars as themselves, containers as compact readable text.
    static func cell(_ value: PropertyListValue) -> TableCell {
        switch value {
        case .string(let text): return .text(text)
        case .integer(let number): return .integer(number)
        case .real(let number): return .real(number)
        case .boolean(let flag): return .boolean(flag)
        case .null: return .null
        default: return .text(PropertyListText.text(value))
        }
    }

    // MARK: - model

    func model() throws -> ExitStatus {
        guard let storeModel = inspection.storeModel else {
            throw InspectorError.noModel(path: inspection.store.path)
        }
        var text = "# model " + storeModel.source.label + "\n"
        if case .inferred(let ambiguities) = storeModel.source {
            text += "# INFERRED: this model was reconstructed from the schema; what it cannot know:\n"
            for ambiguity in ambiguities { text += "#   - " + ambiguity + "\n" }
        }
        text += ModelOutline(model: storeModel.model).text
        if output.format == .csv {
            // CSV is one table (RFC 4180), so the outline becomes one row per property.
            var report = InspectReport()
            report.table("", key: "properties", Self.propertyTable(storeModel.model))
            output.write(report)
        } else if output.format == .json {
            output.write(
                JSONValue.object([
                    ("source", .string(storeModel.source.label)),
                    (
                        "outline",
                        .array(
                            text.split(separator: "\n", omittingEmptySubsequences: false).map { .string(String($0)) })
                    ),
                ]).text + "\n")
        } else {
            output.write(TerminalSanitizer.sanitize(text).replacingOccurrences(of: "␊", with: "\n"))
        }
        return .success
    }

    /// Every entity's own properties: entity, parent, property, kind, type or destination, flags.
    static func propertyTable(_ model: ManagedObjectModel) -> Table {
        var rows: [[TableCell]] = []
        for entity in model.entities.sorted(by: { $0.name < $1.name }) {
            for property in entity.properties {
                let kind: String
                let type: String
                switch property {
                case let attribute as AttributeDescription:
                    kind = attribute.isDerived ? "derived attribute" : "attribute"
                    type = attribute.attributeType.xcodeName
                case let relationship as RelationshipDescription:
                    kind = relationship.isToMany ? "to-many relationship" : "to-one relationship"
                    type = relationship.destinationEntityName
                default:
                    kind = "fetched property"
                    type = (property as? FetchedPropertyDescription)?.destinationEntityName ?? ""
                }
                rows.append([
                    .text(entity.name), entity.superentityName.map { .text($0) } ?? .null, .text(property.name),
                    .text(kind), .text(type), .boolean(property.isOptional), .boolean(property.isTransient),
                ])
            }
        }
        return Table(
            columns: ["entity", "parent", "property", "kind", "type or destination", "optional", "transient"],
            rows: rows)
    }

    // MARK: - rows

    func rows(_ entityName: String) throws -> ExitStatus {
        let entity = try inspection.entity(named: entityName)
        let reader = try RowReader(inspection: inspection, entity: entity)
        var query = RowQuery(limit: options.limit)
        if let text = options.wherePredicate {
            do {
                query.predicate = try ObjectPredicate(format: text)
            } catch {
                throw CommandLineError.usage("cannot read the predicate: \(error)", subject: "--where")
            }
        }
        if let sort = options.sortKey {
            query.sortKeys = try RowQuery.parseSortKeys(sort)
            try Self.checkSortKeys(sort, of: entity)
        }
        var columns: [TableColumn] = ["objectID"]
        if reader.showsEntityColumn { columns.append("entity") }
        columns += reader.columns.map { TableColumn($0) }
        func cells(_ row: InspectedRow) -> [TableCell] {
            [.text(row.objectID)] + (reader.showsEntityColumn ? [.text(row.entityName)] : [])
                + row.values.map(Self.cell)
        }
        // A table is sized from every row it shows: a first pass measures them, so the rows still
        // stream and a listing of millions holds one row at a time.
        var measure: ColumnMeasure?
        if output.format == .table {
            var first = ColumnMeasure(columns: columns, nullText: "NULL")
            try reader.read(query) { row in
                first.add(cells(row))
                return true
            }
            measure = first
        }
        var writer = output.tableWriter(
            columns: columns, kept: Set(0..<(reader.showsEntityColumn ? 2 : 1)), measured: measure,
            expandsWhenTooWide: true)
        let output = self.output
        try reader.read(query) { row in
            writer.write(cells(row))
            return !output.isClosed
        }
        writer.finish()
        return .success
    }

    static func cell(_ value: InspectedValue) -> TableCell {
        switch value {
        case .null: return .null
        case .integer(let number): return .integer(number)
        case .real(let number): return .real(number)
        case .boolean(let flag): return .boolean(flag)
        case .text(let text): return .text(text)
        }
    }
}
