import StoreInspector
import TerminalKit

extension CommandLineError {
    /// An inspector error as one line with exit status 2; the subject is sanitised because file
    /// and entity names come from the user's disk and store.
    static func inspector(_ error: InspectorError) -> CommandLineError {
        CommandLineError(
            subject: TerminalSanitizer.sanitize(error.subject), message: TerminalSanitizer.sanitize(error.message),
            status: .usage)
    }
}
