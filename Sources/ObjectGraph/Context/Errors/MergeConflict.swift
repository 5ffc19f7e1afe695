/// One row that changed in the store after a context read it, found while saving (133020).
///
/// The store fills in what it knows (the object, the version the context read, the row as it is
/// now); the context's merge policy uses ``persistedRow`` to resolve the conflict. Core Data calls
/// this `NSMergeConflict`.
public struct MergeConflict: CustomStringConvertible, @unchecked Sendable {
    /// The object whose save was refused.
    public var objectID: ManagedObjectID
    /// The version (`Z_OPT`) the context read the row at.
    public var oldVersion: Int64
    /// The row as it is in the store now, or nil when someone else deleted it.
    public var persistedRow: StoreRow?

    /// Makes a conflict record.
    public init(objectID: ManagedObjectID, oldVersion: Int64, persistedRow: StoreRow?) {
        self.objectID = objectID
        self.oldVersion = oldVersion
        self.persistedRow = persistedRow
    }

    /// The version the row has in the store now (0 when it was deleted).
    public var newVersion: Int64 { persistedRow?.version ?? 0 }

    /// `<x-coredata://…/Movie/p3>: read at version 1, now 2` (or `… now deleted`).
    public var description: String {
        let now = persistedRow.map { "now \($0.version)" } ?? "now deleted"
        return "\(objectID): read at version \(oldVersion), \(now)"
    }
}
