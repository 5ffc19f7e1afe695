#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Markdown read from a file or from standard input, refused when it is not UTF-8 text.
///
/// A file and standard input are read the same way, so `companion lessons notes.md` and
/// `companion lessons - < notes.md` agree on every answer. Regular files are read, and so are
/// pipes and character devices, as a stream to their end: `<(…)` process substitution,
/// `/dev/stdin`, `/dev/null` (an empty document). A directory, a block device or a socket is
/// refused with its own message. Reading stops at the first byte that is not text (see
/// `TextValidator`), so `/dev/urandom` or `/dev/zero` is refused at once.
///
/// ```swift
/// let markdown = try MarkdownInput.read(path: "notes.md")  // throws MarkdownInputError
/// ```
public enum MarkdownInput {
    /// Reads the file at `path` as UTF-8 text (symbolic links are followed).
    /// - Throws: ``MarkdownInputError`` naming what is wrong (the caller adds the path).
    public static func read(path: String) throws(MarkdownInputError) -> String {
        var info = stat()
        guard stat(path, &info) == 0 else { throw error(errno) }
        switch info.st_mode & S_IFMT {
        case S_IFREG, S_IFIFO, S_IFCHR: break
        case S_IFDIR: throw .isADirectory
        case S_IFBLK: throw .notARegularFile(kind: "a block device")
        case S_IFSOCK: throw .notARegularFile(kind: "a socket")
        default: throw .notARegularFile(kind: "a special file")
        }
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw error(errno) }
        defer { close(descriptor) }
        return try read(descriptor: descriptor)
    }

    /// Reads standard input to its end as UTF-8 text.
    /// - Throws: ``MarkdownInputError`` naming what is wrong.
    public static func readStandardInput() throws(MarkdownInputError) -> String {
        try read(descriptor: STDIN_FILENO)
    }

    /// The bytes as a string, when they are UTF-8 text.
    /// - Throws: ``MarkdownInputError`` for invalid UTF-8, a NUL byte or a UTF-16 byte order mark.
    public static func text(of bytes: [UInt8]) throws(MarkdownInputError) -> String {
        try checkByteOrderMark(bytes)
        var validator = TextValidator()
        try validator.check(bytes)
        try validator.finish()
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Reads a descriptor to its end, checking each chunk as it arrives.
    static func read(descriptor: Int32) throws(MarkdownInputError) -> String {
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 64 * 1024)
        var validator = TextValidator()
        while true {
            let count = chunk.withUnsafeMutableBytes { buffer in
                readSystem(descriptor, buffer.baseAddress, buffer.count)
            }
            if count < 0 {
                if errno == EINTR { continue }
                throw error(errno)
            }
            if count == 0 { break }
            bytes += chunk[..<count]
            try checkByteOrderMark(bytes)
            try validator.check(chunk[..<count])
        }
        try validator.finish()
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Refuses UTF-16 text up front (FF FE or FE FF), with a message that says how to convert it.
    private static func checkByteOrderMark(_ bytes: [UInt8]) throws(MarkdownInputError) {
        guard bytes.count >= 2 else { return }
        if (bytes[0], bytes[1]) == (0xFF, 0xFE) || (bytes[0], bytes[1]) == (0xFE, 0xFF) { throw .utf16 }
    }

    /// The error for a failed `stat`, `open` or `read`.
    private static func error(_ code: Int32) -> MarkdownInputError {
        switch code {
        case ENOENT, ENOTDIR: .noSuchFile
        case EISDIR: .isADirectory
        case EACCES, EPERM: .permissionDenied
        default: .readFailed(reason: String(cString: strerror(code)))
        }
    }
}

/// The system's `read(2)`, which ``MarkdownInput``'s own `read` methods hide inside the type.
private func readSystem(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int) -> Int {
    read(descriptor, buffer, count)
}
