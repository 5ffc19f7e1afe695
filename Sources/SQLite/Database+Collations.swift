import CSQLite
import Foundation

/// Holds a collation's comparison for SQLite; released by SQLite's destructor callback.
private final class CollationBox {
    let compare: (String, String) -> ComparisonResult

    init(compare: @escaping (String, String) -> ComparisonResult) {
        self.compare = compare
    }
}

extension Database {
    /// Registers a collating sequence implemented in Swift, for `ORDER BY x COLLATE name`.
    ///
    /// ```swift
    /// try database.createCollation("NOCASE_UNICODE") { $0.caseInsensitiveCompare($1) }
    /// ```
    public func createCollation(_ name: String, _ compare: @escaping (String, String) -> ComparisonResult) throws {
        let handle = try requireHandle()
        let box = Unmanaged.passRetained(CollationBox(compare: compare)).toOpaque()
        // SQLite calls the destructor when the collation is replaced or the connection closes;
        // when registration fails it does not, so the box is released here instead.
        let code = sqlite3_create_collation_v2(
            handle, name, SQLITE_UTF8, box,
            { context, leftCount, left, rightCount, right in
                guard let context else { return 0 }
                let box = Unmanaged<CollationBox>.fromOpaque(context).takeUnretainedValue()
                let lhs = text(left, count: leftCount)
                let rhs = text(right, count: rightCount)
                switch box.compare(lhs, rhs) {
                case .orderedAscending: return -1
                case .orderedSame: return 0
                case .orderedDescending: return 1
                }
            },
            { context in
                guard let context else { return }
                Unmanaged<CollationBox>.fromOpaque(context).release()
            })
        if code != SQLITE_OK {
            Unmanaged<CollationBox>.fromOpaque(box).release()
            try check(code)
        }
    }
}

/// The UTF-8 text SQLite hands a collation (not NUL-terminated).
private func text(_ bytes: UnsafeRawPointer?, count: Int32) -> String {
    guard let bytes, count > 0 else { return "" }
    return String(decoding: UnsafeRawBufferPointer(start: bytes, count: Int(count)), as: UTF8.self)
}
