import Foundation

/// A store copied, with its `-wal`, `-shm` and `-journal` siblings, into a private temporary directory.
///
/// Used whenever a `-wal` or `-journal` with content lies beside the store (``InspectedStore``):
/// opening the original in place, even read-only, creates or rewrites its `-shm`/`-wal`
/// (DESIGN.md §4, verified), and `immutable=1` would silently ignore the WAL where many stores
/// keep their newest rows. The directory is created with mode 0700 and
/// removed by ``remove()``, at the latest when the process exits or is interrupted
/// (``TemporaryCopyRegistry``).
public final class PrivateCopy: @unchecked Sendable {
    /// The sibling suffixes copied along with the main file.
    public static let siblingSuffixes = StoreSiblings.suffixes

    /// The path the user gave.
    public let originalPath: String
    /// The private directory holding the copy.
    public let directory: String
    /// The copied main file inside ``directory``.
    public let path: String
    /// The siblings that were copied, by suffix, with their sizes in bytes.
    public let copiedSiblings: [(suffix: String, size: Int64)]
    /// Siblings that exist but were not copied (a link or other non-regular file), with the reason.
    public let refusedSiblings: [(suffix: String, reason: String)]

    private let lock = NSLock()
    private var removed = false

    /// Copies `originalPath` and its siblings. The main file must already have passed ``StoreFileCheck``.
    public init(of originalPath: String) throws(InspectorError) {
        self.originalPath = originalPath
        directory = try Self.makePrivateDirectory(for: originalPath)
        // Keep a name SQLite recognises the siblings by; the user's file name may hold anything.
        path = directory + "/store.sqlite"
        TemporaryCopyRegistry.shared.register(directory)
        var copied: [(String, Int64)] = []
        var refused: [(String, String)] = []
        do throws(InspectorError) {
            _ = try Self.copyFile(from: originalPath, to: path)
            for suffix in Self.siblingSuffixes {
                let sibling = originalPath + suffix
                switch FileKind(path: sibling) {
                case .missing:
                    continue
                case .regular:
                    let size = try Self.copyFile(from: sibling, to: path + suffix)
                    copied.append((suffix, size))
                case let other:
                    refused.append((suffix, "\(suffix) is \(other.phrase); not copied, its contents are ignored"))
                }
            }
        } catch {
            Self.removeDirectory(directory)
            TemporaryCopyRegistry.shared.unregister(directory)
            throw error
        }
        copiedSiblings = copied
        refusedSiblings = refused
    }

    deinit {
        remove()
    }

    /// Deletes the private directory and everything in it; safe to call more than once.
    public func remove() {
        let alreadyRemoved = lock.withLock { () -> Bool in
            defer { removed = true }
            return removed
        }
        guard !alreadyRemoved else { return }
        Self.removeDirectory(directory)
        TemporaryCopyRegistry.shared.unregister(directory)
    }

    // MARK: - File operations

    private static func makePrivateDirectory(for path: String) throws(InspectorError) -> String {
        var base = ProcessInfo.processInfo.environment["TMPDIR"] ?? "/tmp"
        if base.isEmpty { base = "/tmp" }
        while base.count > 1 && base.hasSuffix("/") { base.removeLast() }
        var template = Array((base + "/companion-inspect.XXXXXX").utf8CString)
        let made = template.withUnsafeMutableBufferPointer { buffer -> String? in
            guard let start = buffer.baseAddress, let result = mkdtemp(start) else { return nil }
            return String(cString: result)
        }
        guard let made else {
            throw .unreadable(
                path: path,
                reason: "cannot create a private temporary directory in \(base): "
                    + String(cString: strerror(errno)))
        }
        return made
    }

    /// Copies a regular file byte for byte into a new file (mode 0600) and returns the bytes copied.
    private static func copyFile(from source: String, to destination: String) throws(InspectorError) -> Int64 {
        let input = try StoreFileCheck.openRegularFile(source)
        defer { close(input) }
        let output = open(destination, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        guard output >= 0 else {
            throw .unreadable(
                path: source, reason: "cannot write the private copy: " + String(cString: strerror(errno)))
        }
        defer { close(output) }
        var buffer = [UInt8](repeating: 0, count: 1 << 20)
        var total: Int64 = 0
        while true {
            let got = buffer.withUnsafeMutableBytes { read(input, $0.baseAddress, $0.count) }
            if got < 0 {
                if errno == EINTR || errno == EAGAIN { continue }
                throw .unreadable(path: source, reason: String(cString: strerror(errno)))
            }
            if got == 0 { break }
            var written = 0
            while written < got {
                let wrote = buffer.withUnsafeBytes { write(output, $0.baseAddress! + written, got - written) }
                if wrote < 0 {
                    if errno == EINTR { continue }
                    throw .unreadable(
                        path: source,
                        reason: "cannot write the private copy: "
                            + String(cString: strerror(errno)))
                }
                written += wrote
            }
            total += Int64(got)
        }
        return total
    }

    static func removeDirectory(_ directory: String) {
        try? FileManager.default.removeItem(atPath: directory)
    }
}
