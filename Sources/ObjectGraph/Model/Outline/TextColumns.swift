/// Rows of cells printed as left-aligned columns, two spaces apart, without trailing spaces.
struct TextColumns {
    private var rows: [[String]] = []

    /// Adds a row; rows may have different numbers of cells.
    mutating func append(_ cells: [String]) { rows.append(cells) }

    /// The rows as lines, each starting with `indent`.
    func lines(indent: String) -> [String] {
        var widths: [Int] = []
        for row in rows {
            for (index, cell) in row.enumerated() {
                if widths.count <= index { widths.append(0) }
                widths[index] = max(widths[index], cell.count)
            }
        }
        return rows.map { row in
            var line = indent
            for (index, cell) in row.enumerated() {
                line += cell
                if index < row.count - 1 { line += String(repeating: " ", count: widths[index] - cell.count + 2) }
            }
            while line.hasSuffix(" ") { line.removeLast() }
            return line
        }
    }
}
