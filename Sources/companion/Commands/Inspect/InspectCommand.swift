/// `companion inspect`: look inside Core Data .sqlite stores, read-only.
enum InspectCommand: Subcommand {
    static let name = "inspect"
    static let summary = "look inside Core Data .sqlite stores, read-only"
    static let usage = "usage: companion inspect ..."

    static func run(_ arguments: [String]) throws(CommandLineError) -> ExitStatus {
        throw .failure("this command is being built", subject: name)
    }
}
