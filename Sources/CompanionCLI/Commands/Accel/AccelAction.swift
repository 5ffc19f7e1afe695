/// The actions of `companion accel`: the one list its help, `companion help accel ACTION`,
/// "did you mean …?" and dispatch are made from.
enum AccelAction: String, CaseIterable, Sendable {
    // In the order `companion accel --help` lists them.
    case record, `import`, info, dump, graph, play, synthesize

    /// The type that parses and runs it.
    var command: any Subcommand.Type {
        switch self {
        case .record: AccelRecordCommand.self
        case .import: AccelImportCommand.self
        case .info: AccelInfoCommand.self
        case .dump: AccelDumpCommand.self
        case .graph: AccelGraphCommand.self
        case .play: AccelPlayCommand.self
        case .synthesize: AccelSynthesizeCommand.self
        }
    }

    /// The word that selects it.
    var name: String { rawValue }

    /// One line for the list of its family's help.
    var summary: String { command.summary }

    /// Its full help text (`--help`).
    var usage: String { command.usage }
}
