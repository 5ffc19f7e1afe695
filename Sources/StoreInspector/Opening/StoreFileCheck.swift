import Foundation

/// The checks made before a store is copied: what the path is, and whether its header is SQLite's.
///
/// Nothing here opens the file with SQLite. The header is read with `open(O_NOFOLLOW | O_NONBLOCK)`
/// and checked with `fstat` again, so a path swapped for a FIFO or a link between the `lstat` and
/// the `open` is still refused.
public enum StoreFileCheck {
    /// Checks `path` and returns its parsed header.
    ///
    /// - Throws: ``InspectorError`` `.missing`, `.notARegularFile`, `.emptyFile`, `.notSQLite`,
    ///   `.malformed` (shorter than a header), or `.unreadable`.
    public static func header(of path: String) throws(InspectorError) -> SQLiteHeader {
        let kind = FileKind(path: path)
        switch kind {
        case .missing: throw missingOrUnreachable(path)
        case .regular(let size) where size == 0: throw .emptyFile(path: path)
        case .regular: break
        default: throw .notARegularFile(path: path, kind: kind.phrase)
        }
        let bytes = try readPrefix(of: path, count: 100)
        if bytes.isEmpty { throw .emptyFile(path: path) }
        if !SQLiteHeader.hasMagic(bytes) {
            if let companion = SQLiteHeader.companionKind(of: path, prefix: bytes) {
                throw .companionFile(path: path, kind: companion.kind, store: companion.store)
            }
            throw .notSQLite(path: path)
        }
        guard let header = SQLiteHeader(bytes) else {
            throw .malformed(path: path, detail: "the file is only \(bytes.count) bytes, shorter than SQLite's header")
        }
        return header
    }

    /// Why `lstat` found nothing at `path`: truly nothing there (``InspectorError/missing(path:)``), or a
    /// directory on the way that may not be searched (`chmod 000`), which is a permission problem.
    static func missingOrUnreachable(_ path: String) -> InspectorError {
        var info = stat()
        guard lstat(path, &info) != 0 else { return .missing(path: path) }
        let code = errno
        switch code {
        case ENOENT, ENOTDIR: return .missing(path: path)
        case EACCES:
            return .unreadable(path: path, reason: "permission denied (a directory on its path may not be entered)")
        default: return .unreadable(path: path, reason: String(cString: strerror(code)))
        }
    }

    /// Whether `path` is a regular file starting with SQLite's magic string (used by the directory scan).
    public static func looksLikeSQLite(_ path: String) -> Bool {
        guard case .regular(let size) = FileKind(path: path), size >= 100 else { return false }
        guard let bytes = try? readPrefix(of: path, count: 16) else { return false }
        return SQLiteHeader.hasMagic(bytes)
    }

    /// Reads up to `count` bytes from the start of a regular file without following links.
    static func readPrefix(of path: String, count: Int) throws(InspectorError) -> [UInt8] {
        let descriptor = try openRegularFile(path)
        defer { close(descriptor) }
        var buffer = [UInt8](repeating: 0, count: count)
        var filled = 0
        while filled < count {
            let got = buffer.withUnsafeMutableBytes { raw in
                read(descriptor, raw.baseAddress! + filled, count - filled)
            }
            if got < 0 {
                if errno == EINTR { continue }
                throw .unreadable(path: path, reason: String(cString: strerror(errno)))
            }
            if got == 0 { break }
            filled += got
        }
        return Array(buffer[0..<filled])
    }

    /// Opens `path` for reading, refusing links, and confirms with `fstat` that it is a regular file.
    static func openRegularFile(_ path: String) throws(InspectorError) -> Int32 {
        let descriptor = open(path, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
        if descriptor < 0 {
            let code = errno
            if code == ELOOP { throw .notARegularFile(path: path, kind: "a symbolic link") }
            if code == ENOENT { throw .missing(path: path) }
            if code == EACCES { throw .unreadable(path: path, reason: "permission denied") }
            throw .unreadable(path: path, reason: String(cString: strerror(code)))
        }
        var info = stat()
        guard fstat(descriptor, &info) == 0, info.st_mode & S_IFMT == S_IFREG else {
            close(descriptor)
            throw .notARegularFile(path: path, kind: FileKind(path: path).phrase)
        }
        return descriptor
    }
}
