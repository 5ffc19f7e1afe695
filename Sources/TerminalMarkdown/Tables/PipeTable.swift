/// A GitHub-style pipe table found in Markdown source (GFM spec, "Tables (extension)").
///
/// Cells hold their Markdown source, with `\|` already turned into `|`; their inline content is
/// parsed by libcmark when the table is drawn.
struct PipeTable: Equatable {
    /// How a column's cells line up, from the delimiter row (`:--`, `:-:`, `--:`).
    enum Alignment: Equatable {
        case unspecified, left, center, right
    }

    /// One alignment per column.
    var alignments: [Alignment]
    /// The header cells, one per column.
    var header: [String]
    /// The body rows, each padded or cut to one cell per column.
    var rows: [[String]]
}
