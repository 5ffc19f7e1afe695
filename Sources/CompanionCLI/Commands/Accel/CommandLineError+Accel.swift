import Accelerometer
import TerminalKit

extension CommandLineError {
    /// A failure from the IIO layer, naming its file once: `companion: <file>: <problem>`.
    ///
    /// The error's own description already names the file; putting the same path in front again
    /// read `nothere.xml: nothere.xml does not exist`. Errors about no file go under `subject`.
    static func failure(_ error: IIOError, subject: String = "") -> CommandLineError {
        guard let path = error.path else { return .failure(error.description, subject: subject) }
        return .failure(error.problem, subject: path)
    }

    /// The same error with every control character shown visibly (`␛` for ESC, `<U+009B>`…).
    ///
    /// Messages quote what files hold (a recording's first line, a CSV cell, a device name) and the
    /// paths a user typed; a terminal would obey an escape sequence among them, recolouring or
    /// retitling itself, so nothing reaches standard error raw.
    var sanitizedForTerminal: CommandLineError {
        CommandLineError(
            subject: TerminalSanitizer.sanitize(subject), message: TerminalSanitizer.sanitize(message), status: status)
    }
}
