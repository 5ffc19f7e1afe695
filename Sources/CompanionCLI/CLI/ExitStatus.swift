/// The documented exit codes of `companion`, one rule for every subcommand (`companion --help`).
public enum ExitStatus: Int32, Sendable {
    /// Everything worked and nothing was found wrong.
    case success = 0
    /// The command failed (a file missing or unreadable, a damaged store or recording), or found
    /// problems (inspector findings, model differences, a recording's problems).
    case failure = 1
    /// The command line itself was wrong: an unknown command, option or name, a missing argument.
    case usage = 2
}
