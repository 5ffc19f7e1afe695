import CSQLite

/// The arguments of one call of a function registered with
/// ``Database/createInPlaceFunction(_:argumentCount:deterministic:_:)``, read in place.
///
/// Text is handed over as the UTF-8 bytes SQLite holds, without building a Swift `String`, so a
/// function called once per row can stay allocation-free. The arguments are only valid during the
/// call that received them: do not keep this value or the buffers it lends.
public struct FunctionArguments {
    // The accessors are inlinable, so that a function called once per row reads its arguments
    // with C calls alone (and `withUTF8` is specialized for its result type).

    /// SQLite's argument values.
    @usableFromInline let values: UnsafeMutablePointer<OpaquePointer?>?

    /// The number of arguments.
    public let count: Int

    init(_ values: UnsafeMutablePointer<OpaquePointer?>?, count: Int) {
        self.values = values
        self.count = values == nil ? 0 : max(count, 0)
    }

    /// Argument `index`'s value, or nil out of range.
    @inlinable
    func handle(_ index: Int) -> OpaquePointer? {
        guard index >= 0, index < count else { return nil }
        return values?[index]
    }

    /// The storage class of argument `index`; `.null` for an index out of range.
    @inlinable
    public func type(at index: Int) -> ColumnType {
        guard let value = handle(index) else { return .null }
        return ColumnType(code: sqlite3_value_type(value))
    }

    /// Argument `index` as an integer (SQLite's conversion), or nil when it is NULL or out of range.
    @inlinable
    public func int64(at index: Int) -> Int64? {
        guard let value = handle(index), sqlite3_value_type(value) != SQLITE_NULL else { return nil }
        return sqlite3_value_int64(value)
    }

    /// Argument `index` as an integer by SQLite's conversion, NULL (and an index out of range)
    /// reading as 0: one C call where ``int64(at:)`` makes two, for arguments whose NULL means 0.
    @inlinable
    public func integer(at index: Int) -> Int64 {
        guard let value = handle(index) else { return 0 }
        return sqlite3_value_int64(value)
    }

    /// Lends the UTF-8 bytes of text argument `index` to `body` (the buffer lives only during
    /// `body`); nil, without calling `body`, when the argument is not text.
    @inlinable
    public func withUTF8<Result>(at index: Int, _ body: (UnsafeBufferPointer<UInt8>) throws -> Result) rethrows
        -> Result?
    {
        guard let value = handle(index), sqlite3_value_type(value) == SQLITE_TEXT else { return nil }
        // sqlite3_value_text must come before sqlite3_value_bytes (SQLite's documented order).
        let text = sqlite3_value_text(value)
        let count = Int(sqlite3_value_bytes(value))
        guard let text, count > 0 else { return try body(UnsafeBufferPointer(start: nil, count: 0)) }
        return try body(UnsafeBufferPointer(start: text, count: count))
    }

    /// Argument `index` converted to a ``SQLiteValue`` (text and blobs are copied); `.null` out of range.
    public subscript(index: Int) -> SQLiteValue {
        SQLiteValue(handle(index))
    }
}
