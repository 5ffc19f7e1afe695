/// A copy of one result row: values by position and by column name.
public struct Row: Sendable, Hashable {
    /// The column names, in result order.
    public let columnNames: [String]
    /// The values, in result order.
    public let values: [SQLiteValue]

    /// Makes a row from parallel arrays of names and values.
    public init(columnNames: [String], values: [SQLiteValue]) {
        self.columnNames = columnNames
        self.values = values
    }

    /// The number of columns.
    public var count: Int { values.count }

    /// The value at 0-based `index`; `.null` when out of range.
    public subscript(index: Int) -> SQLiteValue {
        values.indices.contains(index) ? values[index] : .null
    }

    /// The value of the column named `name` (case-insensitive), or nil when there is none.
    public subscript(name: String) -> SQLiteValue? {
        let lowered = name.lowercased()
        guard let index = columnNames.firstIndex(where: { $0.lowercased() == lowered }) else { return nil }
        return values[index]
    }
}
