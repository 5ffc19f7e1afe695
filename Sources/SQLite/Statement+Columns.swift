import CSQLite
import Foundation

extension Statement {
    /// The number of result columns.
    public var columnCount: Int {
        Int(sqlite3_column_count(pointer))
    }

    /// The names of the result columns, in order (`AS` names when given).
    public var columnNames: [String] {
        (0..<Int32(columnCount)).map { String(cString: sqlite3_column_name(pointer, $0)) }
    }

    /// The 0-based index of the column named `name` (case-insensitive, as SQL names are), or nil.
    public func columnIndex(named name: String) -> Int? {
        let lowered = name.lowercased()
        return columnNames.firstIndex { $0.lowercased() == lowered }
    }

    // The readers a store calls for every column of every row are inlinable: a call into
    // this module per value cost more than the C call it makes.

    /// The storage class of column `index` in the current row.
    @inlinable
    public func columnType(at index: Int) -> ColumnType {
        ColumnType(code: sqlite3_column_type(pointer, Int32(index)))
    }

    /// Whether column `index` of the current row is NULL.
    @inlinable
    public func isNull(at index: Int) -> Bool {
        sqlite3_column_type(pointer, Int32(index)) == SQLITE_NULL
    }

    /// Column `index` as an integer (SQLite converts; NULL reads as 0).
    @inlinable
    public func int64(at index: Int) -> Int64 {
        sqlite3_column_int64(pointer, Int32(index))
    }

    /// Column `index` as a double (SQLite converts; NULL reads as 0).
    @inlinable
    public func double(at index: Int) -> Double {
        sqlite3_column_double(pointer, Int32(index))
    }

    /// Column `index` as text, or nil when it is NULL.
    @inlinable
    public func string(at index: Int) -> String? {
        let column = Int32(index)
        guard let text = sqlite3_column_text(pointer, column) else { return nil }
        let count = Int(sqlite3_column_bytes(pointer, column))
        return String(decoding: UnsafeBufferPointer(start: text, count: count), as: UTF8.self)
    }

    /// Column `index` as bytes, or nil when it is NULL (an empty blob reads as empty `Data`).
    public func data(at index: Int) -> Data? {
        let column = Int32(index)
        if sqlite3_column_type(pointer, column) == SQLITE_NULL { return nil }
        guard let bytes = sqlite3_column_blob(pointer, column) else { return Data() }
        return Data(bytes: bytes, count: Int(sqlite3_column_bytes(pointer, column)))
    }

    /// Column `index` in its own storage class.
    public func value(at index: Int) -> SQLiteValue {
        switch columnType(at: index) {
        case .integer: return .integer(int64(at: index))
        case .real: return .real(double(at: index))
        case .text: return .text(string(at: index) ?? "")
        case .blob: return .blob(data(at: index) ?? Data())
        case .null: return .null
        }
    }

    /// Column `name` in its own storage class, or nil when there is no such column.
    public func value(named name: String) -> SQLiteValue? {
        columnIndex(named: name).map { value(at: $0) }
    }

    /// A copy of the current row, which stays valid after the next ``step()``.
    public var row: Row {
        Row(columnNames: columnNames, values: (0..<columnCount).map { value(at: $0) })
    }
}
