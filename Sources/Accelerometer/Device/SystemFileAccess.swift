#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The real file system, through POSIX calls so that `errno` tells a permission problem apart
/// from a missing file.
public struct SystemFileAccess: FileAccess {
    /// Uses the process's own view of the file system.
    public init() {}

    /// Reads a whole file with `open`/`read`.
    public func readText(_ path: String) throws(IIOError) -> String {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw Self.error(errno, path: path, writing: false) }
        defer { close(descriptor) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                throw Self.error(errno, path: path, writing: false)
            }
            if count == 0 { break }
            bytes.append(contentsOf: chunk[0..<count])
            if bytes.count > 1 << 20 { break }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The most ``readBytes(_:)`` reads before giving up: far above any recording a course makes
    /// (ten million 16-byte scans are 160 MB), low enough that an endless pipe ends with a message.
    public static let readLimit = 1 << 30

    /// Reads a whole file as bytes (recordings, raw captures), with the same error mapping.
    ///
    /// A device such as `/dev/zero` or `/dev/iio:device0` never ends, so it is refused rather than
    /// read until memory runs out (`companion accel info /dev/zero` once hung); so is a pipe that
    /// delivers more than ``readLimit`` bytes.
    public func readBytes(_ path: String) throws(IIOError) -> [UInt8] {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw Self.error(errno, path: path, writing: false) }
        defer { close(descriptor) }
        var info = stat()
        if fstat(descriptor, &info) == 0 {
            switch info.st_mode & S_IFMT {
            case S_IFDIR: throw .ioFailure(path: path, reason: "this is a directory, not a file")
            case S_IFCHR, S_IFBLK: throw .ioFailure(path: path, reason: "this is a device, not a file")
            default: break
            }
        }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                throw Self.error(errno, path: path, writing: false)
            }
            if count == 0 { break }
            bytes.append(contentsOf: chunk[0..<count])
            if bytes.count > Self.readLimit {
                throw .ioFailure(
                    path: path, reason: "more than \(Self.readLimit >> 20) MB and still going; not a recording")
            }
        }
        return bytes
    }

    /// Writes a file with `open(O_WRONLY | O_TRUNC)`/`write`, the way sysfs attributes expect.
    public func writeText(_ text: String, to path: String) throws(IIOError) {
        let descriptor = open(path, O_WRONLY | O_TRUNC | O_CLOEXEC)
        guard descriptor >= 0 else { throw Self.error(errno, path: path, writing: true) }
        defer { close(descriptor) }
        let bytes = Array(text.utf8)
        var written = 0
        while written < bytes.count {
            let count = bytes.withUnsafeBytes { raw in
                raw.baseAddress.map { write(descriptor, $0 + written, raw.count - written) } ?? 0
            }
            if count < 0 {
                if errno == EINTR { continue }
                throw Self.error(errno, path: path, writing: true)
            }
            written += count
        }
    }

    /// Creates or replaces a whole file (a recording, an SVG) with `bytes`.
    public func writeBytes(_ bytes: [UInt8], to path: String) throws(IIOError) {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw Self.outputError(errno, path: path) }
        defer { close(descriptor) }
        var written = 0
        while written < bytes.count {
            let count = bytes.withUnsafeBytes { raw in
                raw.baseAddress.map { write(descriptor, $0 + written, raw.count - written) } ?? 0
            }
            if count < 0 {
                if errno == EINTR { continue }
                throw Self.outputError(errno, path: path)
            }
            written += count
        }
    }

    /// Lists a directory with `opendir`/`readdir`.
    public func contentsOfDirectory(_ path: String) throws(IIOError) -> [String] {
        guard let directory = opendir(path) else { throw Self.error(errno, path: path, writing: false) }
        defer { closedir(directory) }
        var names: [String] = []
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            }
            if name != "." && name != ".." { names.append(name) }
        }
        return names.sorted()
    }

    /// Whether `stat` succeeds (or fails for a reason other than absence).
    public func exists(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0 || (errno != ENOENT && errno != ENOTDIR)
    }

    /// Whether `stat` (which follows links) says directory.
    public func isDirectory(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFDIR
    }

    /// Turns an `errno` value into the matching ``IIOError`` for `path`.
    public static func error(_ code: Int32, path: String, writing: Bool) -> IIOError {
        switch code {
        case EACCES, EPERM:
            return .permissionDenied(path: path, writing: writing)
        case EISDIR:
            return .ioFailure(path: path, reason: "this is a directory, not a file")
        case ENOENT, ENOTDIR:
            // Writing creates a recording but never a sysfs attribute: say which one is missing.
            let folder = path.split(separator: "/", omittingEmptySubsequences: false).dropLast().joined(separator: "/")
            var info = stat()
            let folderExists = folder.isEmpty || stat(folder, &info) == 0
            return writing && !folderExists
                ? .ioFailure(path: path, reason: "its folder does not exist") : .notFound(path: path)
        default:
            return .ioFailure(path: path, reason: String(cString: strerror(code)))
        }
    }
}
