import CSQLite
import Foundation

extension Statement {
    /// Binds an integer to the 1-based parameter `index`.
    public func bind(_ value: Int64, at index: Int) throws {
        try check(sqlite3_bind_int64(pointer, Int32(index), value))
    }

    /// Binds a double to the 1-based parameter `index`.
    public func bind(_ value: Double, at index: Int) throws {
        try check(sqlite3_bind_double(pointer, Int32(index), value))
    }

    /// Binds text to the 1-based parameter `index`; embedded NUL characters are kept.
    public func bind(_ value: String, at index: Int) throws {
        var text = value
        let code = text.withUTF8 { bytes -> Int32 in
            // An empty buffer may have no address, and a null pointer would bind NULL, not "".
            guard let base = bytes.baseAddress, bytes.count > 0 else {
                return sqlite3_bind_text(pointer, Int32(index), "", 0, csqlite_static())
            }
            return base.withMemoryRebound(to: CChar.self, capacity: bytes.count) {
                sqlite3_bind_text64(
                    pointer, Int32(index), $0, UInt64(bytes.count), csqlite_transient(),
                    UInt8(SQLITE_UTF8))
            }
        }
        try check(code)
    }

    /// Binds bytes to the 1-based parameter `index` (an empty `Data` binds an empty blob).
    public func bind(_ value: Data, at index: Int) throws {
        let code = value.withUnsafeBytes { bytes -> Int32 in
            guard let base = bytes.baseAddress, bytes.count > 0 else {
                return sqlite3_bind_zeroblob(pointer, Int32(index), 0)
            }
            return sqlite3_bind_blob64(pointer, Int32(index), base, UInt64(bytes.count), csqlite_transient())
        }
        try check(code)
    }

    /// Binds SQL NULL to the 1-based parameter `index`.
    public func bindNull(at index: Int) throws {
        try check(sqlite3_bind_null(pointer, Int32(index)))
    }

    /// Binds any ``SQLiteValue`` to the 1-based parameter `index`.
    public func bind(_ value: SQLiteValue, at index: Int) throws {
        switch value {
        case .integer(let integer): try bind(integer, at: index)
        case .real(let real): try bind(real, at: index)
        case .text(let text): try bind(text, at: index)
        case .blob(let data): try bind(data, at: index)
        case .null: try bindNull(at: index)
        }
    }

    /// Binds `values` to parameters 1, 2, … in order.
    ///
    /// - Throws: ``ResultCode/range`` when there are more values than parameters.
    public func bind(_ values: [SQLiteValue]) throws {
        for (offset, value) in values.enumerated() {
            try bind(value, at: offset + 1)
        }
    }

    private func check(_ code: Int32) throws {
        guard code != SQLITE_OK else { return }
        throw SQLiteError(database: sqlite3_db_handle(pointer), code: code, sql: sql, path: database.path)
    }
}
