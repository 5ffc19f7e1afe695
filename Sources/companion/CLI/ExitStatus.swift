/// The documented exit codes of `companion` (STYLE.md: 0 ok, 1 findings or failure, 2 usage error).
enum ExitStatus: Int32 {
    /// Everything worked and nothing was found wrong.
    case success = 0
    /// The command ran but failed, or found problems (inspector findings).
    case failure = 1
    /// The command line itself was wrong, or (for `inspect` over many stores) a store could not be opened.
    case usage = 2
}
