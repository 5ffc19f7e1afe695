import StoreInspector

/// What the words after `companion inspect` ask for, read by rules `companion inspect --help`
/// states; nothing is guessed from which files exist (beyond refusing a directory with a command).
enum InspectWords: Equatable {
    /// `trace LOGFILE`: a SQLDebug log on its own.
    case trace(log: String)
    /// `STORE [COMMAND [ARGUMENTS]]`: one command on one store (`summary` when none is named).
    case store(path: String, command: StoreCommand, arguments: [String])
    /// `DIR|STORE...`: every store summarised in one table.
    case batch(paths: [String])

    /// Reads the positional words (options already taken out); `shell` is `--shell`.
    ///
    /// - Throws: a usage error for `trace` without one log file, a command after a directory, or
    ///   a word that names no file but is one typo from a command (`row` for `rows`).
    init(_ words: [String], shell: Bool = false) throws(CommandLineError) {
        guard let first = words.first else {
            throw .usage("name a store (or a directory of stores) to inspect", subject: "inspect")
        }
        if first == StoreCommand.trace.name {
            guard words.count == 2 else {
                throw .usage("give one log file: trace LOGFILE (a store named trace: ./trace)", subject: "trace")
            }
            self = .trace(log: words[1])
            return
        }
        let isDirectory = FileKind(path: first) == .directory
        if words.count > 1, let command = StoreCommand(rawValue: words[1]) {
            if isDirectory {
                throw .usage(
                    "is a directory; '\(command.name)' reads one store (companion inspect STORE \(command.name) …), "
                        + "while a directory is summarised store by store (companion inspect DIR)",
                    subject: first)
            }
            self = .store(path: first, command: command, arguments: Array(words.dropFirst(2)))
            return
        }
        if words.count == 1, !isDirectory {
            // `--shell` reads a piped stdin as `shell` does, never silently printing the summary instead.
            self = .store(path: first, command: shell ? .shell : .summary, arguments: [])
            return
        }
        for word in words.dropFirst() where FileKind(path: word) == .missing {
            if let command = EditDistance.closest(to: word, among: StoreCommand.names) {
                throw .usage(
                    "unknown inspect command (commands: \(StoreCommand.names.sorted().joined(separator: ", "))); "
                        + "did you mean '\(command)'? (to inspect several stores, name files that exist)",
                    subject: word)
            }
        }
        self = .batch(paths: words)
    }
}
