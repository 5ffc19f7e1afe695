/// What one ObjectGraph fetch against a store produced: the SQL trace it wrote and the objects,
/// as rows in the same columns and value formatting as `companion inspect STORE rows`.
public struct FetchOutcome: Sendable {
    /// The `CoreData: sql:` / `annotation:` / `details:` lines the fetch logged, in order.
    public var trace: [String]
    /// The property names shown after `objectID` (and `entity`, see ``showsEntityColumn``).
    public var columns: [String]
    /// Whether objects of several entities can appear (the entity has sub-entities).
    public var showsEntityColumn: Bool
    /// The fetched objects, in the fetch's order.
    public var rows: [InspectedRow]
    /// One line to show before the result when the model is only inferred, else nil.
    public var modelNote: String?
}
