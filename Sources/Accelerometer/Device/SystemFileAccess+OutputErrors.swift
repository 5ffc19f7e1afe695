#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

extension SystemFileAccess {
    /// The error for a file the program creates — a recording, an SVG plot — that could not be
    /// created or written, saying why in words that fit a file of one's own.
    ///
    /// ``error(_:path:writing:)`` speaks of sysfs attributes, which exist already and need root
    /// ("does not exist", "needs root … udev rule"). An output file is different: `-o /proc/x`
    /// fails with `ENOENT` although `/proc` exists, because that file system makes no new files,
    /// and a permission error means "choose another folder", not "use sudo".
    public static func outputError(_ code: Int32, path: String) -> IIOError {
        let folder = folder(of: path)
        let reason: String
        switch code {
        case ENOENT where !isFolder(folder):
            reason = "its folder does not exist"
        case ENOENT where isSymbolicLink(path):
            reason = "it is a symbolic link to a folder that does not exist"
        case ENOENT:
            reason = "cannot create a file in \(folder): its file system does not allow new files"
        case ENOTDIR:
            reason = "cannot create it: part of its folder path is a file, not a folder"
        case EACCES, EPERM:
            reason = "cannot create or replace it: permission denied (choose a folder you can write to)"
        case EROFS:
            reason = "cannot create it: \(folder) is on a read-only file system"
        case EISDIR:
            reason = "this is a directory, not a file"
        case ENOSPC, EDQUOT:
            reason = "cannot write it: no space left on the device"
        default:
            reason = "cannot write it: " + String(cString: strerror(code)).lowercased()
        }
        return .ioFailure(path: path, reason: reason)
    }

    /// The folder a path names a file in: `.` for a bare name, `/` for a file at the root.
    private static func folder(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        let folder = String(path[..<slash])
        return folder.isEmpty ? "/" : folder
    }

    private static func isFolder(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFDIR
    }

    private static func isSymbolicLink(_ path: String) -> Bool {
        var info = stat()
        return lstat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFLNK
    }
}
