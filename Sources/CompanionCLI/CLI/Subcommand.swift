/// One of `companion`'s subcommands (`model`, `inspect`, `lessons`, `accel`).
protocol Subcommand {
    /// The word that selects it on the command line.
    static var name: String { get }
    /// One line for `companion --help`.
    static var summary: String { get }
    /// The full help text, printed by `companion <name> --help`.
    static var usage: String { get }
    /// Runs with the arguments after the subcommand's name; throws for anything the user did wrong.
    static func run(_ arguments: [String]) throws(CommandLineError) -> ExitStatus
}
