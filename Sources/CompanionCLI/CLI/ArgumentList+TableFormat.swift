import TerminalKit

extension ArgumentList {
    /// Removes the output-format options every listing command shares: `--format NAME` (also
    /// spelled `--mode NAME`) and its shorthands `--table`, `--markdown`, `--json`, `--csv` and
    /// `--line`. Naming the same format twice is allowed; naming two different ones is a usage
    /// error, so `--csv --json` never silently means one of them.
    ///
    /// - Returns: the format named, or nil when none was.
    mutating func tableFormat() throws(CommandLineError) -> TableFormat? {
        var named: [TableFormat] = []
        if let name = try option("--format", "--mode") {
            guard let format = TableFormat(rawValue: name.lowercased()) else {
                throw .usage("unknown format '\(name)' (formats: \(TableFormat.names))", subject: "--format")
            }
            named.append(format)
        }
        for format in TableFormat.allCases where flag("--" + format.rawValue) {
            named.append(format)
        }
        guard Set(named).count <= 1 else {
            let given = Set(named).map { "--" + $0.rawValue }.sorted().joined(separator: ", ")
            throw .usage("give one output format, not \(given)", subject: "--format")
        }
        return named.first
    }
}
