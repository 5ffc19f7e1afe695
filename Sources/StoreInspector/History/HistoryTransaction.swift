/// One persistent-history transaction (`ATRANSACTION`) with a tally of its changes (`ACHANGE`).
public struct HistoryTransaction: Equatable, Sendable {
    /// One line of the tally: how many objects of an entity a change type touched.
    public struct ChangeCount: Equatable, Sendable {
        /// `insert`, `update` or `delete`.
        public var change: String
        /// The entity changed.
        public var entity: String
        /// How many objects.
        public var count: Int64
    }

    /// `ATRANSACTION.Z_PK`, the history token order.
    public var number: Int64
    /// When it was saved, ISO-8601 UTC.
    public var timestamp: String?
    /// The context's `transactionAuthor`.
    public var author: String?
    /// The app's bundle identifier.
    public var bundleID: String?
    /// The context's name.
    public var contextName: String?
    /// The process name.
    public var processID: String?
    /// The changes by type and entity.
    public var changes: [ChangeCount]
}
