/// The kind of change a fetched results controller reports for an object or a section.
///
/// The raw values are Apple's (`NSFetchedResultsChangeType`), so logs compare line for line.
public enum FetchedResultsChangeType: Int, Sendable, CustomStringConvertible {
    /// The object or section is new: apply it at the new index (path).
    case insert = 1
    /// The object or section is gone: remove it at the old index (path).
    case delete = 2
    /// The object left its old index path for a new one (its values may have changed as well).
    case move = 3
    /// The object's values changed without moving it relative to its neighbours.
    case update = 4

    /// The lower-case name, as the samples print it: `insert`, `delete`, `move`, `update`.
    public var description: String {
        switch self {
        case .insert: "insert"
        case .delete: "delete"
        case .move: "move"
        case .update: "update"
        }
    }
}
