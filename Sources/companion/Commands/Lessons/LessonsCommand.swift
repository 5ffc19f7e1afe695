/// `companion lessons`: read the course's lessons in the terminal.
enum LessonsCommand: Subcommand {
    static let name = "lessons"
    static let summary = "read the course's lessons in the terminal"
    static let usage = "usage: companion lessons ..."

    static func run(_ arguments: [String]) throws(CommandLineError) -> ExitStatus {
        throw .failure("this command is being built", subject: name)
    }
}
