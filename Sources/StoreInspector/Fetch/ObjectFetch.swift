import Foundation
import ObjectGraph

/// `companion inspect STORE fetch ENTITY`: a fetch run the way Core Data runs it, through
/// ObjectGraph's coordinator, SQLite store and context, with the SQL debug log captured.
///
/// ObjectGraph never opens the user's files: they are copied (with their `-wal`, `-shm` and
/// `-journal`) into a private directory of their own (``PrivateCopy``: mode 0700, removed after the
/// fetch and on Ctrl-C) and ObjectGraph opens that copy, read-only, with the inspector's model.
/// (ObjectGraph's store opens files normally, and a normal open creates `-shm`/`-wal` beside them.) Only the fetch itself is traced, so the
/// trace shows exactly the statements the request cost. A model inferred from the schema cannot
/// reproduce the app's version hashes (it does not know every attribute's exact type or option), so
/// it is opened with `SQLiteStore.Options.ignoreVersioningKey` (Core Data's
/// `NSIgnorePersistentStoreVersioningOption`); a decoded or given model must match the store's hashes.
public struct ObjectFetch: Sendable {
    /// The entity to fetch (matched exactly, then case-insensitively).
    public var entityName: String
    /// `--where`: an `NSPredicate`-style format string.
    public var predicate: String?
    /// `--sort`: keys separated by commas, each `KEY`, `-KEY`, `KEY:asc` or `KEY:desc`.
    public var sort: String?
    /// `--limit`: the fetch limit; nil for none.
    public var limit: Int?
    /// `--sql-debug`: the SQLDebug level (1 statements and timings, 3 bind values, 4 query plans).
    public var debugLevel: Int

    /// Describes a fetch.
    public init(
        entityName: String, predicate: String? = nil, sort: String? = nil, limit: Int? = nil, debugLevel: Int = 1
    ) {
        self.entityName = entityName
        self.predicate = predicate
        self.sort = sort
        self.limit = limit
        self.debugLevel = debugLevel
    }

    /// The sort descriptors `--sort` text asks for.
    public static func sortDescriptors(_ text: String) throws(FetchError) -> [ObjectSortDescriptor] {
        let parts = text.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
        guard !parts.isEmpty, !parts.contains(where: \.isEmpty) else { throw .badSortKey(text: text) }
        var descriptors: [ObjectSortDescriptor] = []
        for part in parts {
            let parsed = RowQuery.parseSort(part)
            guard !parsed.key.isEmpty else { throw .badSortKey(text: text) }
            descriptors.append(ObjectSortDescriptor(key: parsed.key, ascending: parsed.ascending))
        }
        return descriptors
    }

    /// Runs the fetch against `inspection`'s store and returns the trace and the objects.
    public func run(on inspection: StoreInspection) throws(FetchError) -> FetchOutcome {
        guard let storeModel = inspection.storeModel else { throw .noModel }
        let entity: EntityDescription
        do {
            entity = try inspection.entity(named: entityName)
        } catch {
            throw .unknownEntity(name: entityName, known: storeModel.model.entities.map(\.name).sorted())
        }
        let request = FetchRequest(entity: entity)
        if let predicate {
            do {
                request.predicate = try ObjectPredicate(format: predicate)
            } catch {
                throw .badPredicate(detail: String(describing: error))
            }
        }
        if let sort { request.sortDescriptors = try Self.sortDescriptors(sort) }
        if let limit { request.fetchLimit = limit }

        // ObjectGraph opens a store from its metadata, as Core Data does; say what is wrong with it
        // rather than what the coordinator makes of it.
        if let problem = inspection.metadata.map({ $0.plistProblem }) ?? StoreMetadata.missingRowProblem {
            throw .fetchFailed(detail: problem + "; Core Data cannot open the store to fetch from it")
        }
        let copy: PrivateCopy
        do {
            copy = try PrivateCopy(of: inspection.store.path)
        } catch {
            throw .copyFailed(reason: error.message)
        }
        defer { copy.remove() }
        let lines = SQLDebugLog.Lines()
        let log = SQLDebugLog(level: 0, sink: lines.append)
        let inferred: Bool
        if case .inferred = storeModel.source { inferred = true } else { inferred = false }
        let container = PersistentContainer(name: "inspect", managedObjectModel: storeModel.model)
        do {
            try container.loadPersistentStore(
                at: URL(fileURLWithPath: copy.path),
                options: [
                    SQLiteStore.Options.readOnlyKey: true, SQLiteStore.Options.debugLogKey: log,
                    SQLiteStore.Options.ignoreVersioningKey: inferred,
                ])
        } catch let error as CoreDataError where error.code == .persistentStoreIncompatibleVersionHash {
            throw .modelMismatch(
                detail: Self.clean(error.message, copy: copy, original: inspection.store.path), inferred: inferred)
        } catch {
            throw .fetchFailed(detail: Self.describe(error, copy: copy, original: inspection.store.path))
        }
        defer {
            for store in container.persistentStoreCoordinator.persistentStores { (store as? SQLiteStore)?.close() }
        }

        // The same columns as `rows`, so the two listings can be compared line by line.
        let reader: RowReader
        do {
            reader = try RowReader(inspection: inspection, entity: entity)
        } catch {
            throw .fetchFailed(detail: error.message)
        }
        let context = container.viewContext
        let objects: [ManagedObject]
        log.level = debugLevel
        do {
            objects = try context.performAndWait { try context.fetch(request) }
        } catch {
            log.level = 0
            throw .fetchFailed(detail: Self.describe(error, copy: copy, original: inspection.store.path))
        }
        // Reading to-many counts below may fire faults; those statements are not the fetch's.
        log.level = 0
        let rows = context.performAndWait { objects.map { Self.row(of: $0, columns: reader.columns) } }
        return FetchOutcome(
            trace: lines.all.map { Self.clean($0, copy: copy, original: inspection.store.path) },
            columns: reader.columns, showsEntityColumn: reader.showsEntityColumn, rows: rows,
            modelNote: inferred
                ? "note: the model was inferred from the schema (the store has no Z_MODELCACHE); attribute types may "
                    + "not match the app's model exactly"
                : nil)
    }

    // MARK: - Rows

    /// One object as a listing row: attributes formatted by ``ValueFormatter``, to-one
    /// relationships as `Entity/p3`, to-many relationships as counts, other entities' columns NULL.
    static func row(of object: ManagedObject, columns: [String]) -> InspectedRow {
        let values = columns.map { name -> InspectedValue in
            if let attribute = object.entity.attributesByName[name] {
                return ValueFormatter.format(objectValue: object.value(forKey: name), attribute: attribute)
            }
            guard let relationship = object.entity.relationshipsByName[name] else { return .null }
            let value = object.value(forKey: name)
            if relationship.isToMany {
                if let members = value as? Set<ManagedObject> { return .integer(Int64(members.count)) }
                if let members = value as? OrderedSet<ManagedObject> { return .integer(Int64(members.count)) }
                return .integer(0)
            }
            guard let destination = value as? ManagedObject else { return .null }
            return .text(reference(destination.objectID))
        }
        return InspectedRow(
            objectID: reference(object.objectID), entityName: object.entity.name,
            primaryKey: object.objectID.primaryKey ?? 0, values: values)
    }

    /// `Entity/p3`, as `rows` shows object references.
    static func reference(_ objectID: ManagedObjectID) -> String {
        "\(objectID.entity.name)/p\(objectID.primaryKey.map(String.init) ?? "?")"
    }

    // MARK: - Messages

    /// An ObjectGraph error as one sentence: a predicate's own message when it has one, and the
    /// user's path instead of the temporary copy's.
    static func describe(_ error: any Error, copy: PrivateCopy, original: String) -> String {
        if let predicateError = error as? ObjectPredicateError { return predicateError.description }
        guard let coreDataError = error as? CoreDataError else {
            return clean(String(describing: error), copy: copy, original: original)
        }
        if let predicateError = coreDataError.underlyingError as? ObjectPredicateError {
            return predicateError.description
        }
        return clean(coreDataError.message, copy: copy, original: original)
    }

    /// `text` with the copy's path replaced by the original's (the copy is gone after the run).
    static func clean(_ text: String, copy: PrivateCopy, original: String) -> String {
        text.replacingOccurrences(of: copy.path, with: original)
    }
}
