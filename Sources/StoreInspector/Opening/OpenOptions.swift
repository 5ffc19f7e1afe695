/// How hard the inspector guards itself when it opens a store.
public struct OpenOptions: Sendable {
    /// How much of the store `PRAGMA quick_check` reads right after opening.
    public enum QuickCheck: Equatable, Sendable {
        /// Not at all.
        case never
        /// The whole file, however large.
        case wholeStore
        /// The whole file when it (with its `-wal`) is at most this many bytes; above that only
        /// Core Data's own tables (`Z_PRIMARYKEY`, `Z_METADATA`, `Z_MODELCACHE`), and the
        /// inspection says so in its notes.
        case wholeStoreUpTo(bytes: Int64)
    }

    /// The size up to which opening checks the whole store: 64 MiB.
    ///
    /// `quick_check` reads every page, so its cost grows with the file: on the benchmark machine
    /// about 1.6 s for a 1 GB store, where `sqlite3` counts that store's rows in 0.04 s and the
    /// issue allows `summary` twice that. Every store of the corpus, and any student's store we have seen, is
    /// far below the bound, so they are checked whole on every open; for larger stores `check`
    /// runs the whole `quick_check` (``InspectedStore/completeQuickCheck()``).
    public static let wholeStoreQuickCheckLimit: Int64 = 64 << 20

    /// The longest any one query may run before it is stopped, in seconds.
    public var timeLimit: Double
    /// How much `quick_check` reads right after opening (DESIGN.md §4).
    public var quickCheck: QuickCheck

    /// The defaults: a 300-second time limit, and `quick_check` of the whole store up to 64 MiB.
    public init(timeLimit: Double = 300, quickCheck: QuickCheck = .wholeStoreUpTo(bytes: wholeStoreQuickCheckLimit)) {
        self.timeLimit = timeLimit
        self.quickCheck = quickCheck
    }
}
