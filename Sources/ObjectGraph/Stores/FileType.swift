import Foundation

/// Whether a path is an ordinary file, for everything ObjectGraph reads or writes by path (a
/// model's `contents`, a store): a device, a pipe or a socket is none of those, and a store
/// created or deleted there would take the device with it.
enum FileType {
    /// Whether `path` (its target, for a symbolic link) is a regular file; true when that cannot
    /// be told, so opening it reports the reason.
    static func isRegular(atPath path: String) -> Bool {
        var info = stat()
        guard stat(path, &info) == 0 else { return true }
        return info.st_mode & S_IFMT == S_IFREG
    }
}
