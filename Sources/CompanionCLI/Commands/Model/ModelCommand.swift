import Foundation
import ObjectGraph

/// `companion model`: show a Core Data model, or the SQL Core Data would create for it.
enum ModelCommand: Subcommand {
    static var name: String { CompanionSubcommand.model.name }
    static let summary = "show a Core Data model, or the SQL Core Data would create for it"
    static let usage = """
        usage: companion model show MODEL
               companion model sql MODEL

        MODEL is an Xcode .xcdatamodeld bundle (its .xccurrentversion picks the version), an
        .xcdatamodel directory, or a model's contents XML file.

          show   entities with their numbers and tables; attributes with type, optional, default
                 and validation; relationships with destination, inverse, to-one/to-many, ordered,
                 counts and delete rule; fetched properties, indexes, uniqueness constraints,
                 fetch requests and configurations
          sql    the CREATE TABLE and CREATE INDEX statements Core Data runs for a new SQLite
                 store, one per line, in `sqlite3 STORE .schema` order and spelling
                 (triggers for derived attributes are not included)

        Exit status: 0 ok, 1 the model is missing or cannot be read, 2 usage error.
        """

    static func run(_ arguments: [String]) throws(CommandLineError) -> ExitStatus {
        let positionals = try ArgumentList(arguments).positionals()
        guard let word = positionals.first else {
            throw .usage("say what to do: 'show MODEL' or 'sql MODEL'", subject: name)
        }
        guard let action = ModelAction(rawValue: word) else {
            let hint = EditDistance.suggestion(for: word, among: ModelAction.allCases.map(\.rawValue))
            let expected = ModelAction.allCases.map { "'\($0.rawValue)'" }.joined(separator: " or ")
            throw .usage("unknown action (expected \(expected))\(hint)", subject: word)
        }
        guard positionals.count == 2 else {
            throw .usage(
                positionals.count < 2 ? "name a model to read" : "give exactly one model", subject: "model \(word)")
        }
        let path = positionals[1]
        guard !path.isEmpty else { throw .usage("the model path is empty", subject: "model \(word)") }
        let model = try loadModel(at: path)
        switch action {
        case .show: print(ModelOutline(model: model).text, terminator: "")
        case .sql: print(SQLiteLayout(model: model).schema, terminator: "")
        }
        return .success
    }

    /// Reads the model at `path`, turning every model error into one line naming the path.
    private static func loadModel(at path: String) throws(CommandLineError) -> ManagedObjectModel {
        do {
            return try ManagedObjectModel(contentsOf: URL(fileURLWithPath: path))
        } catch {
            throw .failure(message(for: error, path: path), subject: path)
        }
    }

    /// The error's message, without repeating the path the line already starts with.
    private static func message(for error: ModelError, path: String) -> String {
        if case .unreadable(let unreadablePath, let reason) = error, unreadablePath == URL(fileURLWithPath: path).path {
            return reason
        }
        return error.description
    }
}
