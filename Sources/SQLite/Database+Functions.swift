import CSQLite
import Foundation

/// Holds a user function's body for SQLite; released by SQLite's destructor callback.
private final class FunctionBox {
    let body: (FunctionArguments) throws -> SQLiteValue

    init(body: @escaping (FunctionArguments) throws -> SQLiteValue) {
        self.body = body
    }
}

extension Database {
    /// Registers a scalar SQL function implemented in Swift.
    ///
    /// ```swift
    /// try database.createFunction("reverse", argumentCount: 1) { arguments in
    ///     arguments[0].stringValue.map { .text(String($0.reversed())) } ?? .null
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - argumentCount: the number of arguments, or -1 for any number.
    ///   - deterministic: the same arguments always give the same result, which lets SQLite use
    ///     the function in indexes and factor it out of loops.
    ///   - body: computes the result; an error it throws fails the statement with its description.
    public func createFunction(
        _ name: String, argumentCount: Int32, deterministic: Bool = true,
        _ body: @escaping ([SQLiteValue]) throws -> SQLiteValue
    ) throws {
        try createInPlaceFunction(name, argumentCount: argumentCount, deterministic: deterministic) { arguments in
            try body((0..<arguments.count).map { arguments[$0] })
        }
    }

    /// Registers a scalar SQL function that reads its arguments in place (``FunctionArguments``),
    /// for functions called once per row where copying each text into a `String` would dominate.
    ///
    /// ```swift
    /// try database.createInPlaceFunction("utf8_length", argumentCount: 1) { arguments in
    ///     arguments.withUTF8(at: 0) { .integer(Int64($0.count)) } ?? .null
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - argumentCount: the number of arguments, or -1 for any number.
    ///   - deterministic: the same arguments always give the same result.
    ///   - body: computes the result; an error it throws fails the statement with its description.
    public func createInPlaceFunction(
        _ name: String, argumentCount: Int32, deterministic: Bool = true,
        _ body: @escaping (FunctionArguments) throws -> SQLiteValue
    ) throws {
        let handle = try requireHandle()
        let box = Unmanaged.passRetained(FunctionBox(body: body)).toOpaque()
        let flags = SQLITE_UTF8 | (deterministic ? SQLITE_DETERMINISTIC : 0)
        // SQLite calls the destructor when the function is replaced, the connection closes, or
        // registration fails, so the retained box is released exactly once.
        let code = sqlite3_create_function_v2(
            handle, name, argumentCount, flags, box,
            { context, count, arguments in
                guard let context, let user = sqlite3_user_data(context) else { return }
                let box = Unmanaged<FunctionBox>.fromOpaque(user).takeUnretainedValue()
                do {
                    setResult(try box.body(FunctionArguments(arguments, count: Int(count))), of: context)
                } catch {
                    sqlite3_result_error(context, String(describing: error), -1)
                }
            }, nil, nil,
            { user in
                guard let user else { return }
                Unmanaged<FunctionBox>.fromOpaque(user).release()
            })
        try check(code)
    }
}

/// Hands a Swift value back to SQLite as a function result (SQLite copies it).
private func setResult(_ value: SQLiteValue, of context: OpaquePointer) {
    switch value {
    case .integer(let integer):
        sqlite3_result_int64(context, integer)
    case .real(let real):
        sqlite3_result_double(context, real)
    case .text(let text):
        // A terminating NUL keeps the buffer's address valid even for the empty string.
        let bytes = Array(text.utf8CString)
        bytes.withUnsafeBufferPointer { buffer in
            sqlite3_result_text64(
                context, buffer.baseAddress, UInt64(buffer.count - 1), csqlite_transient(),
                UInt8(SQLITE_UTF8))
        }
    case .blob(let data):
        data.withUnsafeBytes { bytes in
            if let base = bytes.baseAddress, bytes.count > 0 {
                sqlite3_result_blob64(context, base, UInt64(bytes.count), csqlite_transient())
            } else {
                sqlite3_result_zeroblob(context, 0)
            }
        }
    case .null:
        sqlite3_result_null(context)
    }
}

extension SQLiteValue {
    /// Reads a function argument (`sqlite3_value`).
    init(_ value: OpaquePointer?) {
        guard let value else {
            self = .null
            return
        }
        switch sqlite3_value_type(value) {
        case SQLITE_INTEGER:
            self = .integer(sqlite3_value_int64(value))
        case SQLITE_FLOAT:
            self = .real(sqlite3_value_double(value))
        case SQLITE_TEXT:
            let count = Int(sqlite3_value_bytes(value))
            if let text = sqlite3_value_text(value) {
                self = .text(String(decoding: UnsafeBufferPointer(start: text, count: count), as: UTF8.self))
            } else {
                self = .text("")
            }
        case SQLITE_BLOB:
            let count = Int(sqlite3_value_bytes(value))
            if let bytes = sqlite3_value_blob(value) {
                self = .blob(Data(bytes: bytes, count: count))
            } else {
                self = .blob(Data())
            }
        default:
            self = .null
        }
    }
}
