import StoreInspector

extension CommandLineError {
    /// An inspector error as one line (its file and entity names, which come from the user's disk
    /// and store, are made harmless when the line is printed).
    ///
    /// A name the user typed that the store lacks (an entity, a table, a key) is a usage error,
    /// exit 2, with the closest name suggested; a file that cannot be read or a damaged store is a
    /// failure, exit 1, as in every subcommand.
    static func inspector(_ error: InspectorError) -> CommandLineError {
        switch error {
        case .unknownEntity(let name, let known):
            return .usage(error.message + EditDistance.suggestion(for: name, among: known), subject: error.subject)
        case .unknownTable, .invalidQuery:
            return .usage(error.message, subject: error.subject)
        case .missing, .notARegularFile, .emptyFile, .notSQLite, .unreadable, .malformed, .sqlite, .timeLimitExceeded,
            .interrupted, .badModel, .noModel, .notATrace, .notCoreData, .companionFile:
            return .failure(error.message, subject: error.subject)
        }
    }
}
