import Foundation
import ObjectGraph
import SQLite

/// Everything the inspector knows about one opened store: schema, `Z_PRIMARYKEY`, metadata, the
/// model (decoded, inferred or given) and the problems noticed while gathering them. Every
/// subcommand starts from one of these.
public final class StoreInspection: @unchecked Sendable {
    /// The opened private copy.
    public let store: InspectedStore
    /// `sqlite_master`, in creation order.
    public let schema: [SchemaObject]
    /// `Z_PRIMARYKEY`, by entity number (empty for a store that is not Core Data's).
    public let primaryKeys: [PrimaryKeyEntry]
    /// The decoded `Z_METADATA`, when present.
    public let metadata: StoreMetadata?
    /// The model used to read rows, when there is one.
    public let storeModel: StoreModel?
    /// Whether the file has Core Data's system tables (`Z_PRIMARYKEY`, `Z_METADATA`).
    public let isCoreDataStore: Bool
    /// Which of Core Data's system tables (`Z_PRIMARYKEY`, `Z_METADATA`) the file lacks.
    public let missingCoreDataTables: [String]
    /// Problems found while opening (corruption, undecodable cache, schema disagreeing with the model…).
    /// `quick_check`'s findings first, as far as it has read the store.
    public var problems: [String] {
        store.quickCheckProblems.map { "quick_check: " + $0 } + openingProblems
    }
    /// Facts worth telling that are not problems (an empty `-wal`, a `quick_check` that read only part…).
    public var notes: [String] {
        guard case .tables(let checked) = store.quickCheckCoverage else { return openingNotes }
        return openingNotes + [Self.partialQuickCheckNote(store: store, checked: checked)]
    }

    /// The problems found while opening, but `quick_check`'s (which ``completeQuickCheck()`` may extend).
    private var openingProblems: [String] = []
    private var openingNotes: [String] = []

    private var columnCache: [String: [TableColumnInfo]] = [:]
    private var hasPredicateFunctions = false
    private let tablesByUppercasedName: [String: String]

    /// Opens and reads `path`.
    ///
    /// - Parameters:
    ///   - path: the store's main file.
    ///   - options: how the store is opened (time limit, `quick_check`).
    ///   - modelPath: a model file to read rows with instead of the store's own (`--model`).
    public init(path: String, options: OpenOptions = OpenOptions(), modelPath: String? = nil) throws(InspectorError) {
        let given = try modelPath.map { path throws(InspectorError) in try StoreModel.load(path: path) }
        store = try InspectedStore(path: path, options: options)
        schema = try SchemaObject.read(from: store)
        tablesByUppercasedName = Dictionary(
            schema.filter { $0.type == "table" }.map { ($0.name.uppercased(), $0.name) },
            uniquingKeysWith: { a, _ in a })
        primaryKeys = try PrimaryKeyEntry.read(from: store)
        metadata = try StoreMetadata.read(from: store)
        let missing = ["Z_PRIMARYKEY", "Z_METADATA"].filter { [tablesByUppercasedName] in
            tablesByUppercasedName[$0] == nil
        }
        missingCoreDataTables = missing
        isCoreDataStore = missing.isEmpty
        var problems: [String] = []
        var notes: [String] = []
        for refused in store.copy?.refusedSiblings ?? [] { problems.append(refused.reason) }
        for sibling in store.siblings.present where sibling.kind == .regular(size: 0) {
            notes.append("the \(sibling.suffix) file is empty (0 bytes): nothing waiting in it")
        }
        if store.rolledBackJournal {
            notes.append(
                "the -journal is not empty: a save the app never finished (killed while saving?) is rolled back "
                    + "on the private copy, as the app would on its next launch (your files are unchanged)")
        }
        if !missing.isEmpty {
            problems.append(InspectorError.notCoreData(path: path, missingTables: missing).message)
        } else if metadata == nil {
            problems.append(StoreMetadata.missingRowProblem)
        }
        if let problem = metadata?.plistProblem { problems.append(problem) }

        var model: StoreModel?
        var storedNumbers: [String: Int] = [:]
        for entry in primaryKeys where entry.entityNumber > 0 && entry.entityNumber < 16000 {
            storedNumbers[entry.name] = Int(entry.entityNumber)
        }
        if let given, let modelPath {
            model = StoreModel(model: given, source: .file(path: modelPath), storedEntityNumbers: storedNumbers)
        } else if isCoreDataStore {
            model = try Self.decodeCache(
                store: store, schema: schema, storedEntityNumbers: storedNumbers, problems: &problems)
        }
        if model == nil, isCoreDataStore {
            model = try ModelInference.infer(primaryKeys: primaryKeys, schema: schema, store: store)
        }
        self.storeModel = model
        openingProblems = problems
        openingNotes = notes
        try compareModelWithStore()
    }

    /// Throws ``InspectorError/notCoreData(path:missingTables:)`` for an SQLite file that is not a
    /// Core Data store (the commands that read entities, metadata or the model need one).
    public func requireCoreDataStore() throws(InspectorError) {
        guard missingCoreDataTables.isEmpty else {
            throw .notCoreData(path: store.path, missingTables: missingCoreDataTables)
        }
    }

    /// The store's tables' real name for `name`, compared case-insensitively; nil when absent.
    public func tableName(_ name: String) -> String? {
        tablesByUppercasedName[name.uppercased()]
    }

    /// The columns of a table (cached).
    public func columns(of table: String) throws(InspectorError) -> [TableColumnInfo] {
        if let cached = columnCache[table] { return cached }
        let columns = try TableColumnInfo.read(table: table, from: store)
        columnCache[table] = columns
        return columns
    }

    /// Closes the store and removes its private copy.
    public func close() {
        store.close()
    }

    /// Installs the SQL functions compiled predicates call (`PredicateSQL`) on the store's
    /// connection, once.
    public func registerPredicateFunctions() throws(InspectorError) {
        guard !hasPredicateFunctions else { return }
        do {
            try ObjectGraph.registerPredicateFunctions(on: store.database)
        } catch {
            throw InspectedStore.translate(error, path: store.path)
        }
        hasPredicateFunctions = true
    }

    /// Runs the whole `quick_check` when opening checked only part of a large store, and puts
    /// what it finds among the ``problems`` (the `check` subcommand calls it first).
    public func completeQuickCheck() throws(InspectorError) {
        guard case .tables = store.quickCheckCoverage else { return }
        try store.completeQuickCheck()
    }

    /// Says what the bounded `quick_check` left out, and how to get the whole one.
    private static func partialQuickCheckNote(store: InspectedStore, checked: [String]) -> String {
        let mebibytes = OpenOptions.wholeStoreQuickCheckLimit >> 20
        let read =
            checked.isEmpty
            ? "quick_check read none of it (it has none of Core Data's own tables)"
            : "quick_check read only " + checked.joined(separator: ", ")
        return read + ": the store (\(store.fileSize) bytes) is larger than the \(mebibytes) MiB checked whole on "
            + "every open; `check` runs the whole quick_check"
    }

    // MARK: - Entities

    /// The entity number `Z_ENT` of an entity, from `Z_PRIMARYKEY` (the store's truth), else the layout.
    ///
    /// An entity renamed by a lightweight migration keeps its old `Z_NAME` (DESIGN.md §3.3.1), so
    /// its row is found by the entity's renaming identifier too.
    public func entityNumber(of name: String) -> Int64? {
        if let entry = primaryKeyEntry(ofEntity: name) { return entry.entityNumber }
        return storeModel?.layout.entity(named: name).map { Int64($0.entityNumber) }
    }

    /// The model's name of the entity numbered `number` in `Z_PRIMARYKEY` (else in the layout).
    public func entityName(number: Int64) -> String? {
        if let entry = primaryKeys.first(where: { $0.entityNumber == number }) {
            return renamedEntities.first { $0.oldName == entry.name }?.entity ?? entry.name
        }
        return storeModel?.layout.entity(number: Int(number))?.entityName
    }

    /// Entities of the model whose `Z_PRIMARYKEY` row still carries the name they had before a
    /// migration renamed them: no row has their name, one has their renaming identifier, and the
    /// model has no entity of that old name.
    public var renamedEntities: [(entity: String, oldName: String)] {
        guard let model = storeModel?.model else { return [] }
        let stored = Set(primaryKeys.map(\.name))
        return model.entities.sorted { $0.name < $1.name }.compactMap { entity in
            guard !stored.contains(entity.name), let old = entity.renamingIdentifier, old != entity.name,
                stored.contains(old), model.entitiesByName[old] == nil
            else { return nil }
            return (entity.name, old)
        }
    }

    private func primaryKeyEntry(ofEntity name: String) -> PrimaryKeyEntry? {
        if let entry = primaryKeys.first(where: { $0.name == name }) { return entry }
        guard let old = renamedEntities.first(where: { $0.entity == name })?.oldName else { return nil }
        return primaryKeys.first { $0.name == old }
    }

    /// The numbers of an entity and all its descendants.
    public func familyNumbers(of entity: EntityDescription) -> [Int64] {
        entity.selfAndDescendants.compactMap { entityNumber(of: $0.name) }
    }

    /// The table holding an entity's rows, as the store spells it.
    public func table(of entity: EntityDescription) -> String? {
        if let layout = storeModel?.layout.entity(named: entity.name), let name = tableName(layout.tableName) {
            return name
        }
        return tableName("Z" + entity.rootEntity.name.uppercased())
    }

    /// The entity with this name, from the model (exact, then case-insensitive).
    public func entity(named name: String) throws(InspectorError) -> EntityDescription {
        guard let model = storeModel?.model else { throw .noModel(path: store.path) }
        if let exact = model.entitiesByName[name] { return exact }
        if let loose = model.entities.first(where: { $0.name.lowercased() == name.lowercased() }) { return loose }
        throw .unknownEntity(name: name, known: model.entities.map(\.name).sorted())
    }

    /// The join table for a many-to-many layout, found by name or, when a migration or an older
    /// framework named it differently, by its two key columns (DESIGN.md §3.3: take join-table
    /// names from `sqlite_master`).
    public func joinTableName(_ layout: String, ownerColumn: String, destinationColumn: String) throws(InspectorError)
        -> String?
    {
        if let name = tableName(layout) { return name }
        for object in schema where object.type == "table" && object.name.hasPrefix("Z_") {
            let names = Set(try columns(of: object.name).map { $0.name.uppercased() })
            if names.contains(ownerColumn.uppercased()) && names.contains(destinationColumn.uppercased()) {
                return object.name
            }
        }
        return nil
    }

    // MARK: - Opening steps

    private static func decodeCache(
        store: InspectedStore, schema: [SchemaObject], storedEntityNumbers: [String: Int], problems: inout [String]
    ) throws(InspectorError) -> StoreModel? {
        guard schema.contains(where: { $0.type == "table" && $0.name.uppercased() == "Z_MODELCACHE" }) else {
            return nil
        }
        let rows = try store.rows("SELECT Z_CONTENT FROM Z_MODELCACHE LIMIT 1")
        let blob: Data
        switch rows.first?[0] {
        case nil:
            problems.append("Z_MODELCACHE has no row; the model was inferred instead")
            return nil
        case .null?:
            problems.append("Z_MODELCACHE.Z_CONTENT is NULL; the model was inferred instead")
            return nil
        case .blob(let bytes)? where bytes.isEmpty:
            problems.append("Z_MODELCACHE.Z_CONTENT is empty (0 bytes); the model was inferred instead")
            return nil
        case .blob(let bytes)?:
            blob = Data(bytes)
        case let other?:
            let kind = if case .text = other { "text" } else { "a number" }
            problems.append(
                "Z_MODELCACHE.Z_CONTENT holds \(kind), not a model cache (compressed data); "
                    + "the model was inferred instead")
            return nil
        }
        do {
            return StoreModel(
                model: try ModelCacheDecoder.decode(compressed: blob), source: .modelCache,
                storedEntityNumbers: storedEntityNumbers)
        } catch {
            problems.append(
                "Z_MODELCACHE.Z_CONTENT is not a model cache Core Data wrote (\(error)); "
                    + "the model was inferred instead")
            return nil
        }
    }

    /// Notes where the model and the store disagree: hashes, entities, tables and columns.
    private func compareModelWithStore() throws(InspectorError) {
        guard let storeModel, isCoreDataStore else { return }
        let model = storeModel.model
        if storeModel.source == .modelCache, let metadata {
            let hashes = Dictionary(
                metadata.versionHashes.map { ($0.entity, $0.hash) }, uniquingKeysWith: { a, _ in a })
            let differing = model.entitiesDiffering(fromVersionHashes: hashes)
            if !hashes.isEmpty, !differing.isEmpty {
                openingProblems.append(
                    "the model cache disagrees with the store's version hashes for: "
                        + differing.joined(separator: ", "))
            }
        }
        let renamed = renamedEntities
        for (entity, old) in renamed {
            openingNotes.append(
                "entity \(entity) is \(old) in Z_PRIMARYKEY: a migration renamed it (renaming identifier \(old)), "
                    + "and Core Data keeps the old name there")
        }
        let known = Set(primaryKeys.map(\.name)).union(renamed.map(\.entity))
        let oldNames = Set(renamed.map(\.oldName))
        for entity in model.entities where !known.contains(entity.name) {
            openingProblems.append("entity \(entity.name) of the model has no row in Z_PRIMARYKEY")
        }
        for entry in primaryKeys
        where entry.entityNumber < 16000 && model.entitiesByName[entry.name] == nil && !oldNames.contains(entry.name) {
            openingProblems.append(
                "Z_PRIMARYKEY names entity \(entry.name) (Z_ENT \(entry.entityNumber)), which the model lacks")
        }
        for entity in model.entities where entity.superentity == nil {
            guard let table = table(of: entity) else {
                openingProblems.append(
                    "entity \(entity.name) has no table (expected \(storeModel.layout.entity(named: entity.name)?.tableName ?? "?"))"
                )
                continue
            }
            let present = Set(try columns(of: table).map { $0.name.uppercased() })
            for member in entity.selfAndDescendants {
                guard let layout = storeModel.layout.entity(named: member.name) else { continue }
                for column in layout.columns where !present.contains(column.column.uppercased()) {
                    openingProblems.append(
                        "\(member.name).\(column.propertyName): column \(table).\(column.column) is missing")
                }
            }
        }
    }
}
