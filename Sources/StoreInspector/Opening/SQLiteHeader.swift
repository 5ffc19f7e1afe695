/// The first 100 bytes of an SQLite database file, read before anything opens it.
///
/// Layout from sqlite.org/fileformat.html §1.3: the 16-byte magic string, the page size at offset
/// 16 (big-endian; 1 means 65536), the write/read format versions at 18/19 (2 = WAL), the page
/// count at 28, the text encoding at 56 and the SQLite version that last wrote it at 96.
public struct SQLiteHeader: Equatable, Sendable {
    /// `"SQLite format 3\0"`, which every SQLite 3 database starts with.
    public static let magic: [UInt8] = Array("SQLite format 3".utf8) + [0]

    /// The database page size in bytes.
    public var pageSize: Int
    /// 1 = rollback journal, 2 = WAL (offset 18).
    public var writeVersion: UInt8
    /// 1 = rollback journal, 2 = WAL (offset 19).
    public var readVersion: UInt8
    /// The size in pages the header claims (offset 28); 0 in very old files.
    public var pageCount: UInt32
    /// 1 = UTF-8, 2 = UTF-16le, 3 = UTF-16be (offset 56).
    public var textEncoding: UInt32
    /// `SQLITE_VERSION_NUMBER` of the library that last wrote the file (offset 96).
    public var sqliteVersionNumber: UInt32

    /// Whether the header says the database is in WAL mode.
    public var isWAL: Bool { writeVersion == 2 || readVersion == 2 }

    /// The SQLite version that last wrote the file, like `3.39.5`.
    public var sqliteVersion: String {
        let n = sqliteVersionNumber
        // Libraries before 3.7.0 left the field zero.
        guard n > 0 else { return "unknown (before 3.7.0)" }
        return "\(n / 1_000_000).\(n / 1000 % 1000).\(n % 1000)"
    }

    /// Whether `bytes` starts with SQLite's magic string.
    public static func hasMagic(_ bytes: some Collection<UInt8>) -> Bool {
        bytes.count >= magic.count && zip(bytes, magic).allSatisfy { $0 == $1 }
    }

    /// Parses a header; nil when `bytes` is shorter than 100 bytes or lacks the magic string.
    public init?(_ bytes: [UInt8]) {
        guard bytes.count >= 100, Self.hasMagic(bytes) else { return nil }
        func u16(_ at: Int) -> Int { Int(bytes[at]) << 8 | Int(bytes[at + 1]) }
        func u32(_ at: Int) -> UInt32 {
            UInt32(bytes[at]) << 24 | UInt32(bytes[at + 1]) << 16 | UInt32(bytes[at + 2]) << 8 | UInt32(bytes[at + 3])
        }
        let rawPageSize = u16(16)
        pageSize = rawPageSize == 1 ? 65536 : rawPageSize
        writeVersion = bytes[18]
        readVersion = bytes[19]
        pageCount = u32(28)
        textEncoding = u32(56)
        sqliteVersionNumber = u32(96)
    }
}
