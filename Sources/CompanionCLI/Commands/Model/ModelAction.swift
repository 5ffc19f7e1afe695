/// The actions of `companion model`: the one list its help, dispatch and "did you mean …?" are made from.
enum ModelAction: String, CaseIterable, Sendable {
    /// The model's outline: entities, attributes, relationships and the rest.
    case show
    /// The SQL Core Data runs to create a store for the model.
    case sql
    /// Swift classes for the model's entities, as Xcode's "Class Definition" code generation writes.
    case codegen
    /// A store migrated to another model (lightweight migration), written to a new file or in place.
    case migrate

    /// What follows `companion model` in the usage line.
    var synopsis: String {
        switch self {
        case .show: "show MODEL"
        case .sql: "sql MODEL"
        case .codegen: "codegen MODEL [-o DIR]"
        case .migrate:
            "migrate STORE --to MODEL [--from MODEL] (-o OUT | --in-place | --dry-run) [--allow-data-loss]"
        }
    }

    /// The options it takes besides the model (others are usage errors).
    var options: [String] {
        switch self {
        case .show, .sql: []
        case .codegen: ["-o", "--output"]
        case .migrate: ["-o", "--output", "--to", "--from", "--in-place", "--dry-run", "--allow-data-loss"]
        }
    }

    /// Its options with what each does, for its own help (`companion model codegen --help`).
    var optionHelp: [String] {
        switch self {
        case .show, .sql: []
        case .codegen:
            ["-o, --output DIR   the folder the files are written to, made if missing (default: the current folder)"]
        case .migrate:
            [
                "--to MODEL         the model to migrate to (required)",
                "--from MODEL       the model the store was written with (default: its Z_MODELCACHE)",
                "-o, --output OUT   the migrated copy, a new file (STORE is not touched)",
                "--in-place         migrate STORE itself, after copying it to STORE.backup",
                "--dry-run          print the plan and the SQL; write nothing",
                "--allow-data-loss  accept a --to model that shares no entity with the store's",
            ]
        }
    }

    /// What exit status 1 means for it, after "1 ".
    var failures: String {
        switch self {
        case .show, .sql: "the model is missing or cannot be read"
        case .codegen:
            "the model is missing or cannot be read, two entities would generate the same class, "
                + "or a file cannot be written"
        case .migrate:
            "the store or a model is missing or cannot be read, no mapping can be inferred, "
                + "the migration failed (the store is left as it was), or OUT exists"
        }
    }

    /// Its own help: the synopsis, what it does, what MODEL may be, its options and exit statuses
    /// (`companion model codegen --help`, `companion help model codegen`).
    var usage: String {
        let summary = help.joined(separator: " ")
        let options = optionHelp.isEmpty ? "" : "\noptions:\n" + optionHelp.map { "  " + $0 + "\n" }.joined()
        return """
            \(Self.wrapped("usage: companion model " + synopsis))

            \(summary.prefix(1).uppercased() + summary.dropFirst()).

            \(ModelCommand.modelParagraph)
            \(options)
            Exit status: 0 ok, 1 \(failures), 2 usage error.
            """
    }

    /// What it does, for `companion model --help` (wrapped, without the action's name).
    var help: [String] {
        switch self {
        case .show:
            [
                "entities with their numbers and tables; attributes with type, optional, default",
                "and validation; relationships with destination, inverse, to-one/to-many, ordered,",
                "counts and delete rule; fetched properties, indexes, uniqueness constraints,",
                "fetch requests and configurations",
            ]
        case .sql:
            [
                "the CREATE TABLE and CREATE INDEX statements Core Data runs for a new SQLite",
                "store, one per line, in `sqlite3 STORE .schema` order and spelling",
                "(triggers for derived attributes are not included)",
            ]
        case .codegen:
            [
                "Swift classes like Xcode's \"Class Definition\" code generation:",
                "Movie+CoreDataClass.swift and Movie+CoreDataProperties.swift per",
                "entity, and <Model>Model.swift, whose registerClasses() makes fetches",
                "hand out the classes; written to DIR (default: the current folder),",
                "each file's path printed",
            ]
        case .migrate:
            [
                "the store migrated to the --to model as Core Data's lightweight migration does",
                "(inferred mapping, one SQLite transaction), written to OUT; STORE is not",
                "touched. --in-place migrates STORE itself after copying it to STORE.backup.",
                "The store's model is its Z_MODELCACHE unless --from names it. --dry-run",
                "prints the mappings and the SQL (exit 0), or why no mapping can be inferred",
                "(exit 1). A --to model sharing no entity with the store's is refused unless",
                "--allow-data-loss",
            ]
        }
    }

    /// `line` broken at spaces outside brackets and parentheses so that no line passes 80
    /// columns, continuation lines indented under the action.
    private static func wrapped(_ line: String, width: Int = 80) -> String {
        var lines: [String] = []
        var current = ""
        var group = ""
        var depth = 0
        func flush(_ piece: String) {
            if current.isEmpty {
                current = piece
            } else if current.count + 1 + piece.count <= width {
                current += " " + piece
            } else {
                lines.append(current)
                current = String(repeating: " ", count: 8) + piece
            }
        }
        for word in line.split(separator: " ") {
            group += group.isEmpty ? String(word) : " " + word
            depth += word.filter { "[(".contains($0) }.count - word.filter { "])".contains($0) }.count
            if depth <= 0 {
                flush(group)
                group = ""
                depth = 0
            }
        }
        if !group.isEmpty { flush(group) }
        lines.append(current)
        return lines.joined(separator: "\n")
    }
}
