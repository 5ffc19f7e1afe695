import Foundation

extension SQLiteHeader {
    /// The write-ahead log's magic number, big-endian at offset 0 (0x377f0682, or …83 for
    /// big-endian checksums; sqlite.org/fileformat.html §4.1).
    static let walMagic: [[UInt8]] = [[0x37, 0x7F, 0x06, 0x82], [0x37, 0x7F, 0x06, 0x83]]
    /// A rollback journal's header magic (sqlite.org/fileformat.html §3).
    static let journalMagic: [UInt8] = [0xD9, 0xD5, 0x05, 0xF9, 0x20, 0xA1, 0x63, 0xD7]

    /// What a file that is not a database is, when it is one of a store's companions: a `-wal` (by
    /// its magic number), a `-journal` (by its magic, or by name once a commit zeroed the header) or
    /// a `-shm` (by name: its header is the machine's own byte order). Nil for anything else.
    ///
    /// - Returns: the kind in words and the name of the store file beside it.
    static func companionKind(of path: String, prefix bytes: [UInt8]) -> (kind: String, store: String)? {
        let name = (path as NSString).lastPathComponent
        func store(dropping suffix: String) -> String {
            name.hasSuffix(suffix) ? String(name.dropLast(suffix.count)) : "the file without its \(suffix)"
        }
        if walMagic.contains(where: { bytes.starts(with: $0) }) {
            return ("a write-ahead log (-wal)", store(dropping: "-wal"))
        }
        if bytes.starts(with: journalMagic) || name.hasSuffix("-journal") {
            return ("a rollback journal (-journal)", store(dropping: "-journal"))
        }
        if name.hasSuffix("-shm") {
            return ("a WAL shared-memory index (-shm)", store(dropping: "-shm"))
        }
        return nil
    }
}
