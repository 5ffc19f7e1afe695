#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Which file a path names on disk: the device and inode `stat` reports after following links.
///
/// Two spellings of one file — `x` and `./x`, a relative and an absolute path, a symbolic or a hard
/// link — have the same identity, so comparing identities (never strings) tells whether writing an
/// output would replace an input.
///
/// ```swift
/// if let input = FileIdentity(path: "shaking.iiorec"), input == FileIdentity(path: "./link.svg") {
///     // writing link.svg would destroy the recording
/// }
/// ```
public struct FileIdentity: Hashable, Sendable {
    /// The file system's device number.
    public let device: UInt64
    /// The file's inode number on that device.
    public let inode: UInt64

    /// The identity of whatever `path` names, links followed; nil when nothing is there (yet).
    public init?(path: String) {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        device = UInt64(info.st_dev)
        inode = UInt64(info.st_ino)
    }
}
