/// Why a Markdown file or standard input could not be read as text; the CLI prints the message
/// after the name of the input (`companion: notes.md: is a directory, not a file`).
public enum MarkdownInputError: Error, Equatable, Sendable, CustomStringConvertible {
    /// Nothing exists at the path (or a symbolic link points nowhere).
    case noSuchFile
    /// The path is a directory.
    case isADirectory
    /// The path is something that cannot be read as a stream of text: a block device or a socket.
    /// `kind` says which, with its article ("a socket").
    case notARegularFile(kind: String)
    /// The file exists but this user may not read it.
    case permissionDenied
    /// Reading failed for another reason; `reason` is the system's (`strerror`).
    case readFailed(reason: String)
    /// The bytes are not UTF-8; `offset` is where the first bad sequence starts, counted from 0
    /// as `xxd` and `hexdump` show offsets.
    case invalidUTF8(offset: Int)
    /// A NUL byte at `offset` (from 0): binary data, or text in UTF-16 or UTF-32.
    case nulByte(offset: Int)
    /// The input starts with a UTF-16 byte order mark (Windows Notepad's "Unicode").
    case utf16

    /// What is wrong, in one phrase that follows the input's name.
    public var description: String {
        switch self {
        case .noSuchFile:
            "no such file"
        case .isADirectory:
            "is a directory, not a file"
        case .notARegularFile(let kind):
            "is \(kind), not a regular file"
        case .permissionDenied:
            "cannot read this file: permission denied"
        case .readFailed(let reason):
            "cannot read this file: \(reason)"
        case .invalidUTF8(let offset):
            "not a text file (invalid UTF-8 at byte offset \(offset))"
        case .nulByte(let offset):
            "not a text file (a NUL byte at byte offset \(offset))"
        case .utf16:
            "not a UTF-8 text file (it is UTF-16; convert it with: iconv -f UTF-16 -t UTF-8)"
        }
    }
}
