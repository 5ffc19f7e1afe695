/// What a save does when rows it is about to write changed in the store since the context read
/// them (an optimistic-locking conflict, Core Data error 133020). Core Data's merge policies.
///
/// ```swift
/// context.mergePolicy = .mergeByPropertyObjectTrump
/// try context.save()      // other writers' changes to other properties are kept
/// ```
public enum MergePolicy: Sendable, CaseIterable {
    /// The save fails with 133020 listing the conflicts, and nothing is written (the default).
    case error
    /// Property by property: where the store changed a property, the store's value wins;
    /// the context's other changes are saved.
    case mergeByPropertyStoreTrump
    /// Property by property: the context's changed properties win; properties only the store
    /// changed keep the store's value.
    case mergeByPropertyObjectTrump
    /// The context's whole object replaces the row; the store's changes are lost.
    case overwrite
    /// The context's changes to conflicting objects are thrown away; they take the store's state.
    case rollback
}
