/// The one error type of ObjectGraph: Apple's Core Data error code, a readable message and the
/// object, key and nested errors it concerns.
///
/// Match on ``code`` the way Core Data code matches on `NSError.code`:
///
/// ```swift
/// do { try context.save() }
/// catch let error as CoreDataError where error.code == .validationMissingMandatoryProperty {
///     print(error.message)   // Movie <x-coredata:///Movie/t…>: "name" is required but has no value.
/// }
/// ```
///
/// When a save finds several problems, ``code`` is ``Code/validationMultipleErrors`` (1560) and
/// ``underlyingErrors`` holds one error per problem. An optimistic-locking failure (133020) lists
/// each row that changed underneath in ``conflicts``.
public struct CoreDataError: Error, CustomStringConvertible, @unchecked Sendable {
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
    public var underlyingError: (any Error)?

    /// Makes an error; only the code and message are required.
    public init(
        code: Code, message: String, objectID: ManagedObjectID? = nil, key: String? = nil,
        underlyingErrors: [CoreDataError] = [], conflicts: [MergeConflict] = [], underlyingError: (any Error)? = nil
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
