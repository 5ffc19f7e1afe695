/// The errors both stores give for a sort or filter key path that names nothing stored, so a
/// fetch fails alike on SQLite and in memory.
extension CoreDataError {
    /// 134070: `keyPath`, read from `entity`, reaches `owner`, which has no stored attribute or
    /// to-one relationship named `part`.
    static func noStoredProperty(_ part: String, of owner: String, in keyPath: String, from entity: String)
        -> CoreDataError
    {
        CoreDataError(
            code: .persistentStoreOperation,
            message: "Cannot sort or filter \(entity) by \"\(keyPath)\": \(owner) has no stored attribute or to-one "
                + "relationship named \"\(part)\".", key: keyPath)
    }

    /// 134070: `part`, in the middle of `keyPath`, is not a to-one relationship of `owner`.
    static func notToOne(_ part: String, of owner: String, in keyPath: String) -> CoreDataError {
        CoreDataError(
            code: .persistentStoreOperation,
            message: "Cannot follow \"\(part)\" in \"\(keyPath)\": it is not a to-one relationship of \(owner).",
            key: keyPath)
    }
}
