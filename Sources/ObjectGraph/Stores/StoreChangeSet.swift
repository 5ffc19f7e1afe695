/// The changes one save writes to one store: what ``PersistentStoreCoordinator`` hands that
/// store in one transaction.
struct StoreChangeSet {
    /// The store the changes go to.
    let store: PersistentStore
    /// The rows to insert, update and delete there.
    var changes = StoreChanges()
}
