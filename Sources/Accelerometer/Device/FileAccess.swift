/// The file operations the IIO code needs, behind a protocol so tests can run on a fake tree and a
/// user can point the tool at a copied `/sys`.
public protocol FileAccess: Sendable {
    /// The whole text of a small file (sysfs attributes are a line each).
    func readText(_ path: String) throws(IIOError) -> String
    /// Replaces a file's contents, as `echo 1 > enable` does.
    func writeText(_ text: String, to path: String) throws(IIOError)
    /// The names in a directory, sorted.
    func contentsOfDirectory(_ path: String) throws(IIOError) -> [String]
    /// Whether something exists at `path`.
    func exists(_ path: String) -> Bool
    /// Whether `path` is a directory (following links, as sysfs device links need).
    func isDirectory(_ path: String) -> Bool
}

extension FileAccess {
    /// The trimmed text of `path`, or nil when the file does not exist.
    ///
    /// Any other failure, permission problems above all, is thrown: a missing optional attribute
    /// is normal, an unreadable one is not.
    public func readOptionalText(_ path: String) throws(IIOError) -> String? {
        do {
            return try readText(path).trimmingWhitespace()
        } catch .notFound {
            return nil
        }
    }
}
