import TerminalKit

/// An error the CLI reports as one line on standard error: `companion: <subject>: <message>`.
///
/// Every failure a user can cause ends here, so a student sees one readable sentence naming the
/// input and what was wrong, never a stack trace.
struct CommandLineError: Error, CustomStringConvertible {
    /// What the message is about: a file path, an option, a subcommand. Empty when nothing in particular.
    var subject: String
    /// What went wrong, in words a student understands.
    var message: String
    /// The exit status the process ends with.
    var status: ExitStatus

    /// A usage error (exit 2): a bad flag, a missing argument, an unknown subcommand.
    static func usage(_ message: String, subject: String = "") -> CommandLineError {
        CommandLineError(subject: subject, message: message, status: .usage)
    }

    /// A failure while doing the work (exit 1): a bad file, a corrupt store, an I/O error.
    static func failure(_ message: String, subject: String = "") -> CommandLineError {
        CommandLineError(subject: subject, message: message, status: .failure)
    }

    /// The line printed, with control characters, escapes and bidi overrides of a file name, an
    /// argument or a store's text made visible (DESIGN.md §4), whichever message carries them.
    var description: String {
        TerminalSanitizer.sanitize(subject.isEmpty ? "companion: \(message)" : "companion: \(subject): \(message)")
    }
}
