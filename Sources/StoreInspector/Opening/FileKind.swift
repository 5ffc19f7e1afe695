import Foundation

/// What a path is, judged with `lstat` so a symbolic link is seen as a link and never followed.
public enum FileKind: Equatable, Sendable {
    /// Nothing exists at the path.
    case missing
    /// A regular file of `size` bytes.
    case regular(size: Int64)
    /// A directory.
    case directory
    /// A symbolic link (not followed).
    case symbolicLink
    /// A character or block device.
    case device
    /// A named pipe; opening one could block forever.
    case fifo
    /// A Unix-domain socket.
    case socket

    /// Looks at `path` without following links.
    public init(path: String) {
        var info = stat()
        guard lstat(path, &info) == 0 else {
            self = .missing
            return
        }
        switch info.st_mode & S_IFMT {
        case S_IFREG: self = .regular(size: Int64(info.st_size))
        case S_IFDIR: self = .directory
        case S_IFLNK: self = .symbolicLink
        case S_IFCHR, S_IFBLK: self = .device
        case S_IFIFO: self = .fifo
        case S_IFSOCK: self = .socket
        default: self = .device
        }
    }

    /// The words used in messages: "a symbolic link", "a FIFO (named pipe)", ….
    public var phrase: String {
        switch self {
        case .missing: return "missing"
        case .regular: return "a regular file"
        case .directory: return "a directory"
        case .symbolicLink: return "a symbolic link"
        case .device: return "a device"
        case .fifo: return "a FIFO (named pipe)"
        case .socket: return "a socket"
        }
    }
}
