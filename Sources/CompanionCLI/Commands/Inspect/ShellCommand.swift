/// The inspector shell's own dot-commands; the others are ``StoreCommand``'s.
enum ShellCommand: String, CaseIterable, Sendable {
    /// `.help`: the list of dot-commands.
    case help
    /// `.quit` (also `.exit`, `.q`): leave the shell.
    case quit
    /// `.exit`: the same as `.quit`, as in sqlite3.
    case exit
    /// `.mode FORMAT`: the output format from now on.
    case mode
    /// `.width N`: the table width from now on.
    case width
}
