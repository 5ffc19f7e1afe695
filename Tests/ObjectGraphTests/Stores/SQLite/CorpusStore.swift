import Foundation

@testable import ObjectGraph

/// Opens a private copy of a real corpus store (with its `-wal`/`-shm`) through ``SQLiteStore``.
struct CorpusStore {
    let scratch: URL
    let store: SQLiteStore
    let model: ManagedObjectModel
    let copy: URL

    init(_ pair: ModelCorpus.Pair, log: SQLDebugLog = SQLDebugLog(level: 0)) throws {
        scratch = try ModelCorpus.scratchDirectory()
        model = try ModelCorpus.model(of: pair, scratch: scratch)
        copy = try ModelCorpus.copyOfStore(pair.store, in: scratch)
        // The corpus files are read-only and the copies keep their mode; a student's store is not.
        for suffix in ["", "-wal", "-shm"] where FileManager.default.fileExists(atPath: copy.path + suffix) {
            try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: copy.path + suffix)
        }
        store = try SQLiteStore(url: copy, model: model, options: .init(log: log))
    }

    static var sampleModel: ModelCorpus.Pair { ModelCorpus.pairs[0] }
    static var bookmarks: ModelCorpus.Pair { ModelCorpus.pairs[1] }
    static var migrationExample: ModelCorpus.Pair { ModelCorpus.pairs[2] }

    func entity(_ name: String) -> EntityDescription {
        guard let entity = model.entitiesByName[name] else {
            preconditionFailure("no entity \(name) in the test model")
        }
        return entity
    }

    func fetch(_ name: String, subentities: Bool = true, sortedBy keys: [String] = ["Z_PK"]) throws -> [StoreRow] {
        let request = StoreFetchRequest(entity: entity(name), includesSubentities: subentities)
        return try store.fetchRows(request).sorted { ($0.objectID.primaryKey ?? 0) < ($1.objectID.primaryKey ?? 0) }
    }

    func row(_ name: String, _ primaryKey: Int64) throws -> StoreRow? {
        try store.row(for: store.objectID(entity(name), primaryKey))
    }

    func remove() {
        store.close()
        try? FileManager.default.removeItem(at: scratch)
    }
}

extension StoreRow {
    /// The primary key of a to-one value, for comparisons.
    func key(_ name: String) -> Int64? {
        (values[name] as? ManagedObjectID)?.primaryKey
    }
}
