/// The commands `companion inspect STORE COMMAND` runs on one store; all but `shell` are also the
/// shell's dot-commands (`.schema`).
///
/// This is the one list of them: `companion inspect --help`, the shell's `.help` and completion,
/// "did you mean …?", the check of each command's arguments and the dispatch are made from it.
enum StoreCommand: String, CaseIterable, Sendable {
    // In the order `companion inspect --help` lists them.
    case summary, schema, tables, indexes, metadata, model, rows, fetch, check, diff, history, trace, shell

    /// What a command takes after its name.
    enum Arguments: Equatable, Sendable {
        /// Nothing.
        case none
        /// Any number of table or index names (`schema`).
        case names
        /// Exactly one word, called `label` in messages (`ENTITY`, `LOGFILE`).
        case one(label: String)
    }

    /// The word that selects it.
    var name: String { rawValue }

    /// What follows the name.
    var arguments: Arguments {
        switch self {
        case .schema: .names
        case .rows, .fetch: .one(label: "ENTITY")
        case .trace: .one(label: "LOGFILE")
        case .summary, .tables, .indexes, .metadata, .model, .check, .diff, .history, .shell: .none
        }
    }

    /// Whether it needs Core Data's tables; the others read any SQLite file.
    var needsCoreDataStore: Bool {
        switch self {
        case .schema, .tables, .indexes, .trace, .shell: false
        case .summary, .metadata, .model, .rows, .fetch, .check, .diff, .history: true
        }
    }

    /// Whether the shell has it as a dot-command.
    var isDotCommand: Bool { self != .shell }

    /// The name and its arguments, as help shows them (`rows ENTITY`).
    var synopsis: String {
        switch arguments {
        case .none: name
        case .names: name + " [TABLE...]"
        case .one(let label): name + " " + label
        }
    }

    /// The options it reads, as help shows them after the synopsis ("" for none).
    var options: String {
        switch self {
        case .schema: "[--indent]"
        case .rows: "[--where P] [--sort K[,K...]] [--limit N]"
        case .fetch: "[--where P] [--sort K[,K...]] [--limit N] [--sql-debug N]"
        case .diff: "--expected MODEL"
        case .history: "[--limit N]"
        case .summary, .tables, .indexes, .metadata, .model, .check, .trace, .shell: ""
        }
    }

    /// One short line: what it shows.
    var summary: String {
        switch self {
        case .summary: "the store at a glance (the default)"
        case .schema: "the CREATE statements, like sqlite3 .schema"
        case .tables: "the tables with their row counts"
        case .indexes: "the indexes with their columns"
        case .metadata: "the decoded Z_METADATA"
        case .model: "the model (decoded, inferred or --model)"
        case .rows: "rows as objects"
        case .fetch: "the fetch through ObjectGraph: its SQL trace and objects"
        case .check: "consistency findings"
        case .diff: "differences from a model"
        case .history: "the persistent-history timeline"
        case .trace: "summary of a Core Data SQLDebug log"
        case .shell: "interactive shell: read-only SQL and dot-commands (.help)"
        }
    }

    /// More than the summary, for `companion inspect --help`.
    var details: [String] {
        switch self {
        case .summary:
            [
                "file, journal, framework version, store UUID, model,",
                "entities with numbers, parents and row counts, problems",
            ]
        case .metadata: ["version hashes in hex, app-defined keys"]
        case .model: ["from Z_MODELCACHE, else inferred from the schema"]
        case .fetch:
            [
                "the SQL trace on stdout under \"SQL\" (on stderr with",
                "--json/--csv), then the objects; --sql-debug N:",
                "1 statements and timings (default), 3 adds bind", "values, 4 query plans",
            ]
        case .check: ["each naming entity, object and key"]
        case .diff: ["entities, attributes, types, optionality,", "relationships, delete rules"]
        case .trace: ["statements, fetch time, N+1 patterns"]
        case .schema, .tables, .indexes, .rows, .history, .shell: []
        }
    }

    /// Every command's name, in help order.
    static var names: [String] { allCases.map(\.name) }

    /// The commands section of `companion inspect --help` (wrapped by ``HelpText``).
    static var helpSection: String {
        allCases.map { command in
            var text = command.summary
            if !command.details.isEmpty { text += ": " + command.details.joined(separator: " ") }
            if !command.options.isEmpty { text += "; " + command.options }
            return "  " + command.synopsis.padding(toLength: 19, withPad: " ", startingAt: 0) + text
        }.joined(separator: "\n")
    }

    /// The dot-commands part of the shell's `.help`.
    static var shellHelpSection: String {
        allCases.filter(\.isDotCommand).map { command in
            let usage = "." + command.synopsis + (command.options.isEmpty ? "" : " " + command.options)
            guard usage.count < 25 else { return usage + "\n" + String(repeating: " ", count: 25) + command.summary }
            return usage.padding(toLength: 25, withPad: " ", startingAt: 0) + command.summary
        }.joined(separator: "\n")
    }
}
