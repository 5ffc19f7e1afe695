extension SQLiteStore {
    /// How to open a store.
    public struct Options: @unchecked Sendable {
        /// Open without writing anything; saving fails with 513.
        public var isReadOnly: Bool
        /// Keys added to a new store's metadata (ignored for an existing store).
        public var metadata: [String: Any]
        /// Where the SQL trace goes (`SQLDebugLog.shared` follows `-com.apple.CoreData.SQLDebug`).
        public var log: SQLDebugLog
        /// Caps the file at this many pages (`PRAGMA max_page_count`), so a "disk full" can be
        /// produced on purpose (in a test, or to bound a store's size); nil for no cap.
        public var maximumPageCount: Int?

        /// Options for a read-write store with the shared log.
        public init(
            isReadOnly: Bool = false, metadata: [String: Any] = [:], log: SQLDebugLog = .shared,
            maximumPageCount: Int? = nil
        ) {
            self.isReadOnly = isReadOnly
            self.metadata = metadata
            self.log = log
            self.maximumPageCount = maximumPageCount
        }
    }
}
