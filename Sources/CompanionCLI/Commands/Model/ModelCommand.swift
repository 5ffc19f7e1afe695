import Foundation
import ObjectGraph

/// `companion model`: show a Core Data model, the SQL Core Data would create for it, or Swift classes for it.
enum ModelCommand: Subcommand {
    static var name: String { CompanionSubcommand.model.name }
    static let summary = "show a Core Data model, its SQL, or Swift classes for its entities"
    static var usage: String {
        let synopses = ModelAction.allCases.enumerated().map { index, action in
            (index == 0 ? "usage: " : "       ") + "companion model " + action.synopsis
        }
        let width = (ModelAction.allCases.map(\.rawValue.count).max() ?? 0) + 3
        let actions = ModelAction.allCases.map { action in
            action.help.enumerated().map { index, line in
                "  "
                    + (index == 0
                        ? action.rawValue.padding(toLength: width, withPad: " ", startingAt: 0)
                        : String(repeating: " ", count: width)) + line
            }.joined(separator: "\n")
        }
        return synopses.joined(separator: "\n") + """


            \(modelParagraph)

            \(actions.joined(separator: "\n"))

            Run '\(Invocation.companion("model <action> --help"))' for an action's options.

            Exit status: 0 ok, 1 the model is missing or cannot be read (or, for codegen, two
            entities would generate the same class; for migrate, the store cannot be migrated),
            2 usage error.
            """
    }

    /// What MODEL may be, for the help of the command and of each action.
    static let modelParagraph = """
        MODEL is an Xcode .xcdatamodeld bundle (its .xccurrentversion picks the version), an
        .xcdatamodel directory, or a model's contents XML file.
        """

    static func run(_ arguments: [String]) throws(CommandLineError) -> ExitStatus {
        if let word = arguments.first, let action = ModelAction(rawValue: word),
            let next = arguments.dropFirst().first, next == "--help" || next == "-h"
        {
            print(HelpText.fitted(action.usage))
            return .success
        }
        var list = ArgumentList(arguments)
        let output = try list.option("-o", "--output")
        let migration = try MigrationRequest(taking: &list, output: output)
        let positionals = try list.positionals()
        guard let word = positionals.first else {
            throw .usage("say what to do: " + alternatives(ModelAction.allCases.map(\.synopsis)), subject: name)
        }
        guard let action = ModelAction(rawValue: word) else {
            let hint = EditDistance.suggestion(for: word, among: ModelAction.allCases.map(\.rawValue))
            let expected = alternatives(ModelAction.allCases.map(\.rawValue))
            throw .usage("unknown action (expected \(expected))\(hint)", subject: word)
        }
        for option in migration.given + (output == nil ? [] : ["-o"]) where !action.options.contains(option) {
            throw .usage("'model \(word)' takes no \(option) option", subject: option)
        }
        guard positionals.count == 2 else {
            throw .usage(
                positionals.count < 2
                    ? "name a \(action == .migrate ? "store" : "model") to read"
                    : "give exactly one \(action == .migrate ? "store" : "model")", subject: "model \(word)")
        }
        let path = positionals[1]
        if action == .migrate { return try migrate(storeAt: path, migration) }
        guard !path.isEmpty else { throw .usage("the model path is empty", subject: "model \(word)") }
        let model = try loadModel(at: path)
        switch action {
        case .show: print(ModelOutline(model: model).text, terminator: "")
        case .sql: print(SQLiteLayout(model: model).schema, terminator: "")
        case .codegen: try writeClasses(of: model, readFrom: path, into: output ?? ".")
        case .migrate: break  // handled above, before a model is read
        }
        return .success
    }

    /// `'a', 'b' or 'c'`: the words quoted, as one alternative.
    private static func alternatives(_ words: [String]) -> String {
        let quoted = words.map { "'\($0)'" }
        return quoted.count < 2
            ? quoted.joined() : quoted.dropLast().joined(separator: ", ") + " or " + quoted[quoted.count - 1]
    }

    /// Reads the model at `path`, turning every model error into one line naming the path.
    static func loadModel(at path: String) throws(CommandLineError) -> ManagedObjectModel {
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
