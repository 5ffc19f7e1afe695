/// The `-wal`, `-shm` and `-journal` files found beside a store, looked at with `lstat` (never followed).
///
/// They decide how the store may be opened (``InspectedStore``): SQLite reads content from a
/// `-wal` (committed transactions not yet copied into the main file) and from a hot `-journal`
/// (a transaction to roll back). When neither holds a single byte, the main file alone is the
/// whole store, so opening it with `immutable=1` loses nothing (DESIGN.md §4 gives the WAL as the
/// reason to copy; see <doc:OpeningAStore>).
public struct StoreSiblings: Equatable, Sendable {
    /// One sibling file.
    public struct Sibling: Equatable, Sendable {
        /// `-wal`, `-shm` or `-journal`.
        public var suffix: String
        /// What is at `<store><suffix>`.
        public var kind: FileKind
    }

    /// The suffixes SQLite gives a store's companion files.
    public static let suffixes = ["-wal", "-shm", "-journal"]

    /// The siblings that exist, in ``suffixes`` order.
    public let present: [Sibling]

    /// Looks beside `storePath`.
    public init(of storePath: String) {
        present = Self.suffixes.compactMap { suffix in
            let kind = FileKind(path: storePath + suffix)
            return kind == .missing ? nil : Sibling(suffix: suffix, kind: kind)
        }
    }

    /// Whether the main file holds the whole store: no `-wal` or `-journal` with content, and no
    /// sibling that is anything but a regular file (a link or FIFO is reported, which the copy does).
    ///
    /// An `-shm` of any size does not matter: it only indexes a `-wal`, and without one it is stale.
    public var mainFileIsComplete: Bool {
        present.allSatisfy { sibling in
            guard case .regular(let size) = sibling.kind else { return false }
            return sibling.suffix == "-shm" || size == 0
        }
    }

    /// The size of the `-wal`, when it is a regular file.
    public var walSize: Int64? {
        size(of: "-wal")
    }

    /// The size of the sibling with `suffix`, when it is a regular file.
    public func size(of suffix: String) -> Int64? {
        guard let sibling = present.first(where: { $0.suffix == suffix }), case .regular(let size) = sibling.kind
        else { return nil }
        return size
    }
}
