/// The kinds of persistent store a coordinator can open.
///
/// The raw values are the names Core Data writes as `NSStoreType` in a store's metadata.
public enum PersistentStoreType: String, Sendable, CaseIterable {
    /// A file in Apple's SQLite layout (DESIGN.md §3.3), shared with Core Data on Apple platforms.
    case sqlite = "SQLite"
    /// Rows kept in memory only; gone when the store is released. Handy for tests and previews.
    case inMemory = "InMemory"
}
