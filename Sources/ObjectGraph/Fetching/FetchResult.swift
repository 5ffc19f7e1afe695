/// What ``ManagedObjectContext/execute(_:)`` answers: one case per
/// ``FetchRequestResultType``.
///
/// Core Data's `fetch` returns `[Any]` and leaves the cast to the caller; here the result type
/// is in the case, so a `switch` covers every form.
public enum FetchResult {
    /// The objects (``FetchRequestResultType/managedObjectResultType``).
    case objects([ManagedObject])
    /// The object IDs (``FetchRequestResultType/managedObjectIDResultType``).
    case objectIDs([ManagedObjectID])
    /// The dictionaries (``FetchRequestResultType/dictionaryResultType``).
    case dictionaries([[String: Any]])
    /// The count (``FetchRequestResultType/countResultType``).
    case count(Int)
}
