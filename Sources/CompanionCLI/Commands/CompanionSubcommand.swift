/// `companion`'s subcommands: the one list that `companion --help`, `companion help TOPIC`,
/// "did you mean …?" and dispatch are all made from.
enum CompanionSubcommand: String, CaseIterable, Sendable {
    // In the order `companion --help` lists them.
    case model, inspect, lessons, accel

    /// The type that parses and runs it.
    var command: any Subcommand.Type {
        switch self {
        case .model: ModelCommand.self
        case .inspect: InspectCommand.self
        case .lessons: LessonsCommand.self
        case .accel: AccelCommand.self
        }
    }

    /// The word that selects it.
    var name: String { rawValue }

    /// One line for the list of its family's help.
    var summary: String { command.summary }

    /// Its full help text (`--help`).
    var usage: String { command.usage }

    /// The names of its nested actions (`accel dump`, `model codegen`), for `companion help accel dump`; empty
    /// when it has none.
    var actionNames: [String] {
        switch self {
        case .accel: AccelAction.allCases.map(\.name)
        case .model: ModelAction.allCases.map(\.rawValue)
        case .inspect, .lessons: []
        }
    }

    /// The help of its action `name`, or nil when it has no such action.
    func actionUsage(_ name: String) -> String? {
        switch self {
        case .accel: AccelAction(rawValue: name)?.command.usage
        case .model: ModelAction(rawValue: name)?.usage
        case .inspect, .lessons: nil
        }
    }

    /// The subcommand `word` names, or a usage error suggesting the closest one.
    static func named(_ word: String) throws(CommandLineError) -> CompanionSubcommand {
        if let found = CompanionSubcommand(rawValue: word) { return found }
        let hint = EditDistance.suggestion(for: word, among: allCases.map(\.name))
        throw .usage("unknown command\(hint) (try '\(Invocation.companion("--help"))')", subject: word)
    }
}
