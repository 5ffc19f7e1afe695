import Accelerometer
import TerminalKit

/// The samples `companion accel dump` prints, as listings for the shared writers: a table for
/// people (fixed decimals, columns left out to fit the width) and one for programs (every column,
/// every digit: `csv`, and the samples of the `json` document).
struct AccelDumpListing {
    /// One sample and the filter's output for it.
    struct Row {
        var sample: AccelerationSample
        var filtered: Vector3?
    }

    /// Columns shown or left out together in the table for people.
    private struct ColumnGroup {
        var columns: [TableColumn]
        var cells: (Row) -> [TableCell]
        /// Left out first when the table is too wide: m/s² (the same values as g), the raw counts,
        /// the kernel timestamp, then the time; 0 is never left out.
        var dropOrder: Int
    }

    /// The rows, in sample order.
    let rows: [Row]
    /// The filter's name (`lowpass`), when one ran.
    let filterName: String?

    // MARK: - For people

    /// The table for people: as many column groups as fit `width` (nil: all of them), headed by
    /// the filter's description when a filter ran. The `flag` column is there when a sample is
    /// beyond ±16 g (flagged, never hidden).
    func displayTable(width: Int?, nullText: String) -> Table {
        var groups = displayGroups
        var table = self.table(of: groups)
        var order = 1
        while let width, order <= 4, Self.boxWidth(of: table, nullText: nullText) > width {
            groups.removeAll { $0.dropOrder == order }
            table = self.table(of: groups)
            order += 1
        }
        return table
    }

    /// How wide a box table of `table` is when no cell is cut.
    private static func boxWidth(of table: Table, nullText: String) -> Int {
        var measure = ColumnMeasure(columns: table.columns, nullText: nullText)
        for row in table.rows { measure.add(row) }
        return measure.widths.reduce(0, +) + 3 * measure.widths.count + 1
    }

    private func table(of groups: [ColumnGroup]) -> Table {
        Table(
            columns: groups.flatMap(\.columns),
            rows: rows.map { row in groups.flatMap { $0.cells(row) } })
    }

    private var displayGroups: [ColumnGroup] {
        func right(_ names: String...) -> [TableColumn] { names.map { TableColumn($0, alignment: .right) } }
        func fixed(_ vector: Vector3, _ decimals: Int) -> [TableCell] {
            (0..<3).map { .text(RecordingFormat.fixed(vector[$0], decimals)) }
        }
        var groups = [
            ColumnGroup(columns: right("sample"), cells: { [.integer(Int64($0.sample.number))] }, dropOrder: 0),
            ColumnGroup(
                columns: right("time s"), cells: { [.text(RecordingFormat.fixed($0.sample.time, 4))] }, dropOrder: 4),
            ColumnGroup(
                columns: right("timestamp ns"),
                cells: { [$0.sample.timestampNanoseconds.map(TableCell.integer) ?? .null] },
                dropOrder: 3),
            ColumnGroup(
                columns: right("raw x", "raw y", "raw z"), cells: { $0.sample.raw.map(TableCell.integer) },
                dropOrder: 2),
            ColumnGroup(
                columns: right("x m/s²", "y m/s²", "z m/s²"), cells: { fixed($0.sample.acceleration, 4) },
                dropOrder: 1),
            ColumnGroup(
                columns: right("x g", "y g", "z g"), cells: { fixed($0.sample.accelerationInG, 5) }, dropOrder: 0),
        ]
        if filterName != nil {
            groups.append(
                ColumnGroup(
                    columns: right("x f", "y f", "z f"), cells: { fixed($0.filtered ?? .zero, 5) },
                    dropOrder: 0))
        }
        if rows.contains(where: \.sample.isBeyondRange) {
            groups.append(
                ColumnGroup(
                    columns: [TableColumn("flag", alignment: .left)],
                    cells: { [.text($0.sample.isBeyondRange ? ">16g" : "")] }, dropOrder: 0))
        }
        return groups
    }

    // MARK: - For programs

    /// Every column with every digit, under names a program can use (`x_m_s2`, `lowpass_x_g`).
    var dataTable: Table {
        var names = ["sample", "time_s", "timestamp_ns", "raw_x", "raw_y", "raw_z", "x_m_s2", "y_m_s2", "z_m_s2"]
        names += ["x_g", "y_g", "z_g"]
        if let filterName {
            let prefix = filterName.replacingOccurrences(of: "-", with: "_")
            names += ["x", "y", "z"].map { "\(prefix)_\($0)_g" }
        }
        names.append("beyond_16g")
        return Table(
            columns: names.map { TableColumn($0) },
            rows: rows.map { row in
                let sample = row.sample
                var cells: [TableCell] = [
                    .integer(Int64(sample.number)), .real(sample.time),
                    sample.timestampNanoseconds.map(TableCell.integer) ?? .null,
                ]
                cells += sample.raw.map(TableCell.integer)
                cells += Self.cells(sample.acceleration) + Self.cells(sample.accelerationInG)
                if let filtered = row.filtered { cells += Self.cells(filtered) }
                cells.append(.integer(sample.isBeyondRange ? 1 : 0))
                return cells
            })
    }

    /// The samples as the `samples` array of the JSON document: vectors as arrays of three.
    var jsonSamples: JSONValue {
        .array(
            rows.map { row in
                let sample = row.sample
                var fields: [(String, JSONValue)] = [
                    ("sample", .integer(Int64(sample.number))), ("time", .real(sample.time)),
                    ("timestampNanoseconds", sample.timestampNanoseconds.map(JSONValue.integer) ?? .null),
                    ("raw", .array(sample.raw.map(JSONValue.integer))),
                    ("metersPerSecondSquared", Self.json(sample.acceleration)),
                    ("g", Self.json(sample.accelerationInG)),
                ]
                if let filtered = row.filtered { fields.append(("filteredG", Self.json(filtered))) }
                fields.append(("beyond16g", .boolean(sample.isBeyondRange)))
                return .object(fields)
            })
    }

    private static func cells(_ vector: Vector3) -> [TableCell] {
        (0..<3).map { .real(vector[$0]) }
    }

    private static func json(_ vector: Vector3) -> JSONValue {
        .array((0..<3).map { .real(vector[$0]) })
    }
}
