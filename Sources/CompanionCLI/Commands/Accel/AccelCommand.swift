/// `companion accel`: record, import, describe, dump, plot and replay accelerometer data (DESIGN.md §6).
enum AccelCommand: Subcommand {
    static var name: String { CompanionSubcommand.accel.name }
    static let summary = "record, replay, filter and plot accelerometer data"

    /// The `tool:` value written into recordings.
    static let toolVersion = "companion 1.0"

    static var usage: String {
        """
        usage: companion accel <action> [arguments]

        Linux IIO accelerometers: recordings, the iPhone course's filters, terminal graphs.

        actions:
        \(AccelAction.allCases.map { "  " + $0.name.padding(toLength: 12, withPad: " ", startingAt: 0) + $0.summary }.joined(separator: "\n"))

        Run '\(Invocation.companion("accel <action> --help"))' for an action's options.
        """
    }

    static func run(_ arguments: [String]) throws(CommandLineError) -> ExitStatus {
        // Messages quote file content and typed arguments: nothing in them may reach the terminal raw.
        do {
            return try runAction(arguments)
        } catch {
            throw error.sanitizedForTerminal
        }
    }

    private static func runAction(_ arguments: [String]) throws(CommandLineError) -> ExitStatus {
        guard let first = arguments.first else {
            throw .usage("which action? (try 'companion accel --help')", subject: name)
        }
        guard let action = AccelAction(rawValue: first)?.command else {
            let hint = EditDistance.suggestion(for: first, among: AccelAction.allCases.map(\.name))
            throw .usage("unknown action\(hint) (try 'companion accel --help')", subject: "accel \(first)")
        }
        let rest = Array(arguments.dropFirst())
        if rest.first == "--help" || rest.first == "-h" {
            print(HelpText.fitted(action.usage))
            return .success
        }
        return try action.run(rest)
    }
}
