import Foundation

/// Finds SQLite stores below directories by their magic bytes, not their extension.
///
/// Students' stores are named `Model.sqlite`, `Default.store`, `CoreDataBooks.CDBStore` or
/// nothing at all, so every regular file is judged by its first 16 bytes. `-wal`, `-shm` and
/// `-journal` siblings belong to their store and are skipped (a WAL file does not start with
/// SQLite's magic anyway, but a `-journal` can). Symbolic links are never followed, neither to
/// files nor to directories, so a link loop or a link out of the tree cannot lead the scan astray.
public enum StoreScanner {
    /// What a scan found.
    public struct Result: Sendable {
        /// Paths of files that start with SQLite's magic, sorted.
        public var stores: [String]
        /// Paths skipped because they are symbolic links.
        public var skippedLinks: [String]
        /// Directories that could not be read, with the reason.
        public var unreadableDirectories: [(path: String, reason: String)]
    }

    /// Walks `directory` recursively. The path itself may not be a link either.
    public static func scan(_ directory: String) -> Result {
        var stores: [String] = []
        var links: [String] = []
        var unreadable: [(String, String)] = []
        var pending = [directory]
        var visited = Set<String>()
        while let current = pending.popLast() {
            var info = stat()
            guard lstat(current, &info) == 0 else { continue }
            let identity = "\(info.st_dev):\(info.st_ino)"
            guard visited.insert(identity).inserted else { continue }
            let names: [String]
            do {
                names = try FileManager.default.contentsOfDirectory(atPath: current)
            } catch {
                unreadable.append((current, "cannot list the directory"))
                continue
            }
            for name in names.sorted() {
                // `stores/` as given by shell completion names its files `stores/x.sqlite`, not `stores//x.sqlite`.
                let path = current.hasSuffix("/") ? current + name : current + "/" + name
                switch FileKind(path: path) {
                case .directory:
                    pending.append(path)
                case .symbolicLink:
                    links.append(path)
                case .regular:
                    let owner = PrivateCopy.siblingSuffixes.first { name.hasSuffix($0) }
                        .map { String(path.dropLast($0.count)) }
                    if let owner, case .regular = FileKind(path: owner) { continue }
                    if StoreFileCheck.looksLikeSQLite(path) { stores.append(path) }
                default:
                    continue
                }
            }
        }
        return Result(stores: stores.sorted(), skippedLinks: links.sorted(), unreadableDirectories: unreadable)
    }
}
