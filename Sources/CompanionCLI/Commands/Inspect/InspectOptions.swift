import TerminalKit

/// The options of `companion inspect`, parsed once and shared by every subcommand and the shell.
struct InspectOptions {
    /// `--format` (or `--json`, `--csv`, …); nil picks by terminal.
    var format: TableFormat?
    /// `--width N`.
    var width: Int?
    /// `--model MODEL`: read rows with this model instead of the store's own.
    var modelPath: String?
    /// `--expected MODEL`: the model `diff` and the batch summary compare against.
    var expectedPath: String?
    /// `--where PREDICATE` for `rows` and `fetch`.
    var wherePredicate: String?
    /// `--sort KEY[,KEY…]` (each `-KEY` or `KEY:desc` for descending).
    var sortKey: String?
    /// `--limit N`.
    var limit: Int?
    /// `--indent` for `schema`.
    var indent = false
    /// `--timeout SECONDS`: the longest one query may run.
    var timeout: Double = 300
    /// `--sql-debug N` for `fetch`.
    var sqlDebugLevel: Int = 1
    /// `-bail`: stop the non-interactive shell at the first error.
    var bail = false
    /// `--shell`: start the shell when no subcommand is given (reading a piped stdin like `shell`).
    var shell = false
    /// `--store STORE` for a stand-alone `trace`.
    var storePath: String?

    /// Takes every inspector option out of `arguments`.
    static func parse(_ arguments: inout ArgumentList) throws(CommandLineError) -> InspectOptions {
        var options = InspectOptions()
        options.format = try arguments.tableFormat()
        options.width = try arguments.integerOption("--width", in: 20...10_000)
        options.modelPath = try pathOption("--model", &arguments)
        options.expectedPath = try pathOption("--expected", &arguments)
        options.wherePredicate = try arguments.option("--where")
        options.sortKey = try arguments.option("--sort")
        options.limit = try arguments.integerOption("--limit", in: 0...Int(Int32.max))
        options.indent = arguments.flag("--indent")
        if let seconds = try arguments.doubleOption("--timeout") {
            guard seconds > 0 else { throw .usage("the time limit must be more than 0 seconds", subject: "--timeout") }
            options.timeout = seconds
        }
        options.sqlDebugLevel = try arguments.integerOption("--sql-debug", in: 0...4) ?? 1
        options.bail = arguments.flag("-bail", "--bail")
        options.shell = arguments.flag("--shell")
        options.storePath = try pathOption("--store", &arguments)
        return options
    }

    /// A file option's value; an empty one (an unset shell variable) is said to be empty, not missing.
    private static func pathOption(
        _ name: String, _ arguments: inout ArgumentList
    ) throws(CommandLineError) -> String? {
        let path = try arguments.option(name)
        if path?.isEmpty == true { throw .usage("the path given is empty (\"\"); name a file", subject: name) }
        return path
    }
}
