import TerminalKit

/// Commands the lecture samples print for a student to copy, spelled so they run as printed.
public enum SampleCommand {
    /// `companion ARGUMENTS` when `companion` is installed on `PATH`, else
    /// `swift run companion ARGUMENTS` (run from the clone the samples are built in).
    public static func companion(_ arguments: String) -> String {
        RunnableCommand.spelled("companion", arguments)
    }

    /// `PROGRAM ARGUMENTS` when `PROGRAM` (a sample) is installed on `PATH`, else
    /// `swift run PROGRAM ARGUMENTS`.
    public static func spelled(_ program: String, _ arguments: String) -> String {
        RunnableCommand.spelled(program, arguments)
    }
}
