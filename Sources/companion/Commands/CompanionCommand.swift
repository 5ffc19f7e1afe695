/// The top level of `companion`: picks a subcommand and turns every error into one line.
enum CompanionCommand {
    /// Every subcommand, in the order `--help` lists them.
    static var subcommands: [any Subcommand.Type] {
        [ModelCommand.self, InspectCommand.self, LessonsCommand.self, AccelCommand.self]
    }

    static var usage: String {
        """
        usage: companion <command> [arguments]

        Core Data Companion: Core Data's ideas on Linux, for a university iOS course.

        commands:
        \(subcommands.map { "  " + $0.name.padding(toLength: 10, withPad: " ", startingAt: 0) + $0.summary }.joined(separator: "\n"))

        Run 'companion <command> --help' for a command's options.
        Exit status: 0 ok, 1 failure or findings, 2 usage error.
        """
    }

    /// Runs `companion` with the arguments after the program name and returns the exit status.
    static func main(_ arguments: [String]) -> ExitStatus {
        guard let first = arguments.first else {
            print(usage)
            return .usage
        }
        if first == "--help" || first == "-h" || first == "help" {
            print(usage)
            return .success
        }
        guard let command = subcommands.first(where: { $0.name == first }) else {
            printError(CommandLineError.usage("unknown command (try 'companion --help')", subject: first).description)
            return .usage
        }
        let rest = Array(arguments.dropFirst())
        if rest.first == "--help" || rest.first == "-h" {
            print(command.usage)
            return .success
        }
        do {
            return try command.run(rest)
        } catch {
            printError(error.description)
            return error.status
        }
    }
}
