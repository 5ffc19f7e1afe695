/// The form a fetch answers in: Core Data's `NSFetchRequestResultType`, with its case names.
///
/// ```swift
/// request.resultType = .dictionaryResultType
/// request.propertiesToFetch = ["name", "theater.name"]
/// if case .dictionaries(let rows) = try context.execute(request) { print(rows) }
/// ```
public enum FetchRequestResultType: Sendable, Equatable {
    /// Managed objects, registered in the context (the default).
    case managedObjectResultType
    /// Object IDs only: no object is made or registered in the context.
    case managedObjectIDResultType
    /// One `[String: Any]` per row holding the request's ``FetchRequest/propertiesToFetch``;
    /// reflects the store, not the context's unsaved changes.
    case dictionaryResultType
    /// The number of matching objects, counted without loading them.
    case countResultType
}
