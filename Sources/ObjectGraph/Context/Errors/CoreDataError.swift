/// The error of contexts, coordinators and stores: Apple's Core Data error code, a readable
/// message and the object, key and nested errors it concerns.
///
/// Match on its code with ``code(_:_:)`` in a `catch` or `case`, the way GRDB's result codes
/// match its errors (or test ``code`` the way Core Data code tests `NSError.code`):
///
/// ```swift
/// do { try context.save() }
/// catch CoreDataError.code(.validationMissingMandatoryProperty) {
///     …   // Movie <x-coredata:///Movie/t…>: "name" is required but has no value.
/// }
/// catch let error as CoreDataError where error.code == .managedObjectMerge {
///     print(error.conflicts)
/// }
/// ```
///
/// **The error family.** Everything that saves, fetches or opens a store throws a
/// `CoreDataError`. A few steps that come before a context exists throw a small error of their
/// own, each an `Equatable` enum with a message a student can read, and typed where the API
/// allows (`throws(ModelError)`):
///
/// - ``ModelError``: reading a model (`.xcdatamodeld`, `.mom`) failed;
/// - ``ObjectPredicateError``: a predicate format string did not parse, or names an unknown key
///   (a fetch that meets one throws a `CoreDataError` with it as ``underlyingError``);
/// - ``ModelCacheError``: a store's cached model could not be encoded or decoded;
/// - ``FetchedResultsControllerError``: a fetched results controller was set up wrongly;
/// - ``SQLDebugLog/LevelRequestError``: a requested trace level was not one;
/// - ``BinaryPropertyListError``: a binary property list read on its own with
///   ``BinaryPropertyListReader`` (a store's metadata or model cache, as the inspector reads them)
///   is malformed or past its limits (opening a store wraps it in a `CoreDataError`).
///
/// When a save finds several problems, ``code`` is ``Code/validationMultipleErrors`` (1560) and
/// ``underlyingErrors`` holds one error per problem. An optimistic-locking failure (133020) lists
/// each row that changed underneath in ``conflicts``.
public struct CoreDataError: Error, CustomStringConvertible, Sendable {
    /// Apple's numeric code for the kind of failure.
    public var code: Code
    /// What went wrong, for a person: names the entity, object and key where there is one.
    public var message: String
    /// The object the error is about, when there is one.
    public var objectID: ManagedObjectID?
    /// The property the error is about, when there is one.
    public var key: String?
    /// For ``Code/validationMultipleErrors`` (1560): every individual error.
    public var underlyingErrors: [CoreDataError]
    /// For ``Code/managedObjectMerge`` (133020): every row that changed since it was read.
    public var conflicts: [MergeConflict]
    /// A lower-level cause (an SQLite or file-system error), when there is one.
    public var underlyingError: (any Error & Sendable)?

    /// Makes an error; only the code and message are required.
    public init(
        code: Code, message: String, objectID: ManagedObjectID? = nil, key: String? = nil,
        underlyingErrors: [CoreDataError] = [], conflicts: [MergeConflict] = [],
        underlyingError: (any Error & Sendable)? = nil
    ) {
        self.code = code
        self.message = message
        self.objectID = objectID
        self.key = key
        self.underlyingErrors = underlyingErrors
        self.conflicts = conflicts
        self.underlyingError = underlyingError
    }

    /// The message followed by the code: `… (Core Data error 1570)`.
    public var description: String { "\(message) (Core Data error \(code.rawValue))" }
}
