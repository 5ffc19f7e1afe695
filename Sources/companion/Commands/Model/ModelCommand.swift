/// `companion model`: show a Core Data model, or the SQL Core Data would create for it.
enum ModelCommand: Subcommand {
    static let name = "model"
    static let summary = "show a Core Data model, or the SQL Core Data would create for it"
    static let usage = "usage: companion model ..."

    static func run(_ arguments: [String]) throws(CommandLineError) -> ExitStatus {
        throw .failure("this command is being built", subject: name)
    }
}
