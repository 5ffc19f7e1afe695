import StoreInspector

extension CommandLineError {
    /// An inspector error as one line with exit status 2 (its file and entity names, which come from
    /// the user's disk and store, are made harmless when the line is printed).
    static func inspector(_ error: InspectorError) -> CommandLineError {
        CommandLineError(subject: error.subject, message: error.message, status: .usage)
    }
}
