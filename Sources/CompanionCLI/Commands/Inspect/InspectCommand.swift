import Foundation
import StoreInspector
import TerminalKit

/// `companion inspect`: look inside Core Data .sqlite stores, read-only (DESIGN.md §4).
enum InspectCommand: Subcommand {
    static var name: String { CompanionSubcommand.inspect.name }
    static let summary = "look inside Core Data .sqlite stores, read-only"
    static var usage: String {
        """
        usage: companion inspect STORE [COMMAND [ARGUMENTS]] [OPTIONS]
               companion inspect DIR|STORE... [--expected MODEL] [--json]
               companion inspect trace LOGFILE [--store STORE]

        Reads a Core Data SQLite store without ever changing it, read-only and hardened. A store
        whose -wal or -journal holds content is copied with them into a private temporary
        directory (removed on exit and on Ctrl-C) and only the copy is opened; any other store is
        read in place with SQLite's immutable flag, which opens, creates or locks nothing beside it.
        quick_check reads stores up to 64 MiB whole on every open (larger ones: Core Data's own
        tables, and the check command reads the whole file).

        How the words are read (nothing is guessed from what exists on disk):
          - a first word 'trace' is the log summary; a store named trace is ./trace
          - a second word that is a command's name runs that command on the first
          - otherwise every word is a store or a directory, summarised in a batch; a
            word that is no file but one typo from a command is a usage error

        commands (each but shell is also a dot-command in the shell, like .schema):
        \(StoreCommand.helpSection)

        With several stores or a directory, every Core Data store below it (found by its SQLite
        header, not its name; links are not followed) is inspected in turn and one summary table
        is printed; --json writes one JSON object per store per line.

        options:
          --format table|markdown|json|csv|line   (also --json, --csv, --markdown, --line, --table)
                             default: table on a terminal, markdown otherwise
          --width N          fit tables to N columns (default: $COLUMNS, or the terminal's width,
                             followed when it is resized); long text is cut to fit, object IDs
                             and numbers never are, so a table of many columns may stay wider
          --model MODEL      read the store with this .xcdatamodeld / .xcdatamodel / contents file
          --expected MODEL   the model diff and the batch summary compare against
          --timeout SECONDS  stop any one query after this long (default 300)
          --shell            start the shell when no command is given (on a pipe, it reads
                             the commands from stdin, as `shell` does)
          -bail              in a non-interactive shell, stop at the first error

        Exit status: 0 clean; 1 findings (problems, check findings, differences) or a failure
        (a missing or unreadable file, not an SQLite file or not a Core Data store, a corrupt
        store); 2 a usage error (an unknown command, entity, table, key or option).
        """
    }

    static func run(_ arguments: [String]) throws(CommandLineError) -> ExitStatus {
        var list = ArgumentList(arguments)
        let options = try InspectOptions.parse(&list)
        let positionals = try list.positionals()
        guard !positionals.isEmpty else {
            throw .usage("name a store (or a directory of stores) to inspect", subject: name)
        }
        if positionals.contains("") {
            // An unset shell variable ("$STORE") arrives as an empty word: say so, not "no such file".
            throw .usage("a store path given is empty (\"\"); name a store file or a directory", subject: name)
        }
        TemporaryCopyRegistry.shared.installInterruptHandler()
        let output = InspectOutput(format: options.format, width: options.width)
        defer { output.flush() }

        switch try InspectWords(positionals, shell: options.shell) {
        case .trace(let log):
            return try TraceCommand.run(logPath: log, storePath: options.storePath, options: options, output: output)
        case .batch(let paths):
            return try BatchCommand.run(paths: paths, options: options, output: output)
        case .store(let path, let command, let commandArguments):
            let inspection = try open(path, options: options)
            defer { inspection.close() }
            let runner = StoreCommands(inspection: inspection, options: options, output: output)
            return try runner.run(command, commandArguments)
        }
    }

    /// Opens a store, turning every failure into one line (exit status 1; see ``CommandLineError/inspector(_:)``).
    static func open(_ path: String, options: InspectOptions) throws(CommandLineError) -> StoreInspection {
        do {
            return try StoreInspection(
                path: path, options: OpenOptions(timeLimit: options.timeout), modelPath: options.modelPath)
        } catch {
            throw .inspector(error)
        }
    }
}
