import CSQLite

/// One column of a statement's current row as SQLite holds it (`sqlite3_column_value`), read
/// part by part (storage class, then value) with no further call into the connection.
///
/// A connection is opened in serialized mode (see ``Database``), so every `sqlite3_column_*`
/// call takes and releases the connection's mutex: a store reading a text column's storage
/// class, characters and length took it three times, where a hand-written reader takes it once.
/// `sqlite3_column_value` takes it once, and the `sqlite3_value_*` readers of the value it
/// returns take none — SQLite calls such a value *unprotected*.
///
/// So a `ColumnValue` follows the rules of its ``Statement``, and a stricter one: read it on the
/// thread that steps the statement, and only until the statement steps again, is reset or is
/// finalized.
///
/// ```swift
/// let column = statement.columnValue(at: 2)
/// let name = column.type == .null ? nil : column.string
/// ```
public struct ColumnValue {
    /// SQLite's value, owned by the statement.
    @usableFromInline let value: OpaquePointer

    /// Wraps the value SQLite returned for a column.
    @inlinable
    init(_ value: OpaquePointer) {
        self.value = value
    }

    /// The value's storage class.
    @inlinable
    public var type: ColumnType {
        ColumnType(code: sqlite3_value_type(value))
    }

    /// The value as an integer (SQLite converts; NULL reads as 0).
    @inlinable
    public var int64: Int64 {
        sqlite3_value_int64(value)
    }

    /// The value as a double (SQLite converts; NULL reads as 0).
    @inlinable
    public var double: Double {
        sqlite3_value_double(value)
    }

    /// The value as text, or nil when it is NULL.
    @inlinable
    public var string: String? {
        // Characters first, then their length: the length is that of the text just made.
        guard let text = sqlite3_value_text(value) else { return nil }
        let count = Int(sqlite3_value_bytes(value))
        return String(decoding: UnsafeBufferPointer(start: text, count: count), as: UTF8.self)
    }
}

extension Statement {
    /// Column `index` of the current row, to read its storage class and value with one call into
    /// the connection rather than one per part (see ``ColumnValue``); nil only when SQLite has no
    /// value to give (no current row).
    @inlinable
    public func columnValue(at index: Int) -> ColumnValue? {
        sqlite3_column_value(pointer, Int32(index)).map(ColumnValue.init)
    }
}
