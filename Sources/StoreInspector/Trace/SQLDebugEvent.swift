/// One meaningful line of a Core Data SQLDebug log (DESIGN.md §3.6).
public enum SQLDebugEvent: Equatable, Sendable {
    /// `CoreData: sql: <statement>`.
    case statement(String)
    /// `sql connection fetch time: 0.0004s`.
    case connectionFetchTime(seconds: Double)
    /// `total fetch execution time: 0.0009s for 3 rows.`
    case fetchExecution(seconds: Double, rows: Int)
    /// `total count request execution time: 0.0002s for count of 3.`
    case countExecution(seconds: Double, count: Int)
    /// `fault fulfilled from database for : <x-coredata://UUID/Movie/p4>`.
    case faultFulfilled(entity: String, primaryKey: Int64)
    /// `to-many relationship fault "movies" for objectID … fulfilled from database.  Got 3 rows`.
    case toManyFaultFulfilled(relationship: String, entity: String, rows: Int)
    /// `Connecting to sqlite database file at "/path"`.
    case connecting(path: String)
    /// `CoreData: details: SQLite bind[0] = …` (level 3 and above).
    case bind(String)
    /// Any other `CoreData:` line, kept for completeness.
    case other(String)
}
