import Foundation
import StoreInspector
import TerminalKit

/// `companion inspect`: look inside Core Data .sqlite stores, read-only (DESIGN.md §4).
enum InspectCommand: Subcommand {
    static let name = "inspect"
    static let summary = "look inside Core Data .sqlite stores, read-only"
    static let usage = """
        usage: companion inspect STORE [COMMAND [ARGUMENTS]] [OPTIONS]
               companion inspect DIR|STORE... [--expected MODEL] [--json]
               companion inspect trace LOGFILE [--store STORE]

        Reads a Core Data SQLite store without ever changing it, read-only and hardened. A store
        whose -wal or -journal holds content is copied with them into a private temporary
        directory (removed on exit and on Ctrl-C) and only the copy is opened; any other store is
        read in place with SQLite's immutable flag, which opens, creates or locks nothing beside it.
        quick_check reads stores up to 64 MiB whole on every open (larger ones: Core Data's own
        tables, and the check command reads the whole file).

        commands (each is also a dot-command in the shell, like .schema):
          summary            file, journal, framework version, store UUID, model, entities with
                             their numbers, parents and row counts, problems (the default)
          schema [--indent]  the CREATE statements, like sqlite3 .schema
          tables, indexes    the tables with row counts; the indexes with their columns
          metadata           the decoded Z_METADATA plist, version hashes in hex, app-defined keys
          model              the model from Z_MODELCACHE (or inferred, or --model MODEL)
          rows ENTITY        rows as objects [--where PREDICATE] [--sort KEY[,KEY...]] [--limit N]
          fetch ENTITY       the fetch run as Core Data runs it (through ObjectGraph): the SQL trace
                             on stdout under "SQL" (on stderr with --json/--csv), then the objects
                             [--where PREDICATE] [--sort KEY[,KEY...]] [--limit N] [--sql-debug N]
                             (N: 1 statements and timings, 3 adds bind values, 4 query plans;
                             default 1); errors exit 1, an unknown entity 2
          check              consistency findings, each naming entity, object and key
          diff               differences from --expected MODEL (entities, attributes, types,
                             optionality, relationships, delete rules)
          history            the persistent-history transactions and changes as a timeline
          trace LOGFILE      summary of a Core Data SQLDebug log (statements, fetch time, N+1)
          shell              interactive shell: read-only SQL and dot-commands (.help)

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

        Exit status: 0 clean, 1 findings (problems, check findings, differences), 2 errors
        (a missing or unreadable file, not an SQLite file or not a Core Data store, a corrupt
        store, a usage error).
        """

    /// The words that select a store subcommand.
    static let storeCommands: Set<String> = [
        "summary", "schema", "tables", "indexes", "metadata", "model", "rows", "fetch", "check", "diff", "history",
        "trace",
        "shell",
    ]

    static func run(_ arguments: [String]) throws(CommandLineError) -> ExitStatus {
        var list = ArgumentList(arguments)
        let options = try InspectOptions.parse(&list)
        let positionals = try list.positionals()
        guard let first = positionals.first else {
            throw .usage("name a store (or a directory of stores) to inspect", subject: name)
        }
        if positionals.contains("") {
            // An unset shell variable ("$STORE") arrives as an empty word: say so, not "no such file".
            throw .usage("a store path given is empty (\"\"); name a store file or a directory", subject: name)
        }
        TemporaryCopyRegistry.shared.installInterruptHandler()
        let output = InspectOutput(format: options.format, width: options.width)
        defer { output.flush() }

        if first == "trace", FileKind(path: first) == .missing {
            guard positionals.count == 2 else { throw .usage("give one log file: trace LOGFILE", subject: "trace") }
            return try TraceCommand.run(
                logPath: positionals[1], storePath: options.storePath, options: options, output: output)
        }
        let firstIsDirectory = FileKind(path: first) == .directory
        if positionals.count > 1, storeCommands.contains(positionals[1]), firstIsDirectory {
            throw .usage(
                "is a directory; '\(positionals[1])' reads one store (companion inspect STORE \(positionals[1]) …), "
                    + "while a directory is summarised store by store (companion inspect DIR)",
                subject: first)
        }
        if positionals.count == 2, !firstIsDirectory, Self.looksLikeCommand(positionals[1]) {
            throw .usage(
                "unknown inspect command (commands: \(storeCommands.sorted().joined(separator: ", ")); "
                    + "to inspect several stores, name files that exist)",
                subject: positionals[1])
        }
        let isBatch = positionals.count > 1 && !storeCommands.contains(positionals[1]) || firstIsDirectory
        if isBatch {
            return try BatchCommand.run(paths: positionals, options: options, output: output)
        }
        var command = positionals.count > 1 ? positionals[1] : "summary"
        // `--shell` reads a piped stdin as `shell` does, never silently printing the summary instead.
        if positionals.count == 1, options.shell { command = "shell" }
        let commandArguments = Array(positionals.dropFirst(2))
        let inspection = try open(first, options: options)
        defer { inspection.close() }
        if command == "shell" {
            guard commandArguments.isEmpty else { throw .usage("shell takes no arguments", subject: "shell") }
            return try InspectShell(inspection: inspection, options: options, output: output).run()
        }
        let runner = StoreCommands(inspection: inspection, options: options, output: output)
        return try runner.run(command, commandArguments)
    }

    /// Whether the word after a store is a mistyped command rather than a second store: nothing
    /// exists at that path and it has neither a `/` nor a `.` (no file name or path of a store).
    static func looksLikeCommand(_ word: String) -> Bool {
        !storeCommands.contains(word) && FileKind(path: word) == .missing
            && !word.contains("/") && !word.contains(".")
    }

    /// Opens a store, turning every failure into one line and exit status 2.
    static func open(_ path: String, options: InspectOptions) throws(CommandLineError) -> StoreInspection {
        do {
            return try StoreInspection(
                path: path, options: OpenOptions(timeLimit: options.timeout), modelPath: options.modelPath)
        } catch {
            throw .inspector(error)
        }
    }
}
