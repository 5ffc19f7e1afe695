/// The top level of `companion`: picks a subcommand and turns every error into one line.
public enum CompanionCommand {
    /// `companion --help`, with the subcommands listed from ``CompanionSubcommand``.
    static var usage: String {
        let commands = CompanionSubcommand.allCases.map { subcommand in
            "  " + subcommand.name.padding(toLength: 10, withPad: " ", startingAt: 0) + subcommand.summary
        }
        return """
            usage: companion <command> [arguments]
                   companion help <command> [<action>]   (as: companion <command> --help)
                   companion --version

            Core Data Companion: Core Data's ideas on Linux, for a university iOS course.

            commands:
            \(commands.joined(separator: "\n"))

            Run '\(Invocation.companion("<command> --help"))' for a command's options.

            Exit status, the same for every command:
              0  ok, nothing found wrong
              1  a failure (a file that is missing or cannot be read, a damaged store or
                 recording) or findings (problems, check findings, model differences)
              2  a usage error (an unknown command, option or name, a missing argument)
            """
    }

    /// Runs `companion` with the arguments after the program name and returns the exit status.
    public static func main(_ arguments: [String]) -> ExitStatus {
        guard let first = arguments.first else {
            print(HelpText.fitted(usage))
            return .usage
        }
        switch first {
        case "--help", "-h":
            print(HelpText.fitted(usage))
            return .success
        case "--version", "-V":
            print(CompanionVersion.line)
            return .success
        default:
            break
        }
        do {
            if first == "help" { return try help(Array(arguments.dropFirst())) }
            let subcommand = try CompanionSubcommand.named(first)
            let rest = Array(arguments.dropFirst())
            if rest.first == "--help" || rest.first == "-h" {
                print(HelpText.fitted(subcommand.usage))
                return .success
            }
            return try subcommand.command.run(rest)
        } catch {
            printError(error.description)
            return error.status
        }
    }

    /// `companion help [COMMAND [ACTION]]`: the same text as `companion COMMAND [ACTION] --help`.
    static func help(_ topic: [String]) throws(CommandLineError) -> ExitStatus {
        guard let first = topic.first else {
            print(HelpText.fitted(usage))
            return .success
        }
        let subcommand = try CompanionSubcommand.named(first)
        guard topic.count > 1 else {
            print(HelpText.fitted(subcommand.usage))
            return .success
        }
        let actions = subcommand.actionNames
        guard topic.count == 2, !actions.isEmpty else {
            let form = actions.isEmpty ? "help \(first)" : "help \(first) ACTION"
            throw .usage("unexpected '\(topic.dropFirst().joined(separator: " "))' (try '\(form)')", subject: "help")
        }
        guard let text = subcommand.actionUsage(topic[1]) else {
            let hint = EditDistance.suggestion(for: topic[1], among: actions)
            throw .usage(
                "unknown action\(hint) (try '\(Invocation.companion("help " + first))')",
                subject: "\(first) \(topic[1])")
        }
        print(HelpText.fitted(text))
        return .success
    }
}
