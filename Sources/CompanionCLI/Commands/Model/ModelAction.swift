/// The actions of `companion model`: the one list its help, dispatch and "did you mean …?" are made from.
enum ModelAction: String, CaseIterable, Sendable {
    /// The model's outline: entities, attributes, relationships and the rest.
    case show
    /// The SQL Core Data runs to create a store for the model.
    case sql
    /// Swift classes for the model's entities, as Xcode's "Class Definition" code generation writes.
    case codegen

    /// What follows `companion model` in the usage line.
    var synopsis: String {
        switch self {
        case .show: "show MODEL"
        case .sql: "sql MODEL"
        case .codegen: "codegen MODEL [-o DIR]"
        }
    }

    /// The options it takes besides the model (others are usage errors).
    var options: [String] {
        switch self {
        case .show, .sql: []
        case .codegen: ["-o", "--output"]
        }
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
        }
    }
}
