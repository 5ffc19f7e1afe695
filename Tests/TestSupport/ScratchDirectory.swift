import Foundation

/// A private folder for one test's files, removed with everything in it when the value goes away.
public final class ScratchDirectory {
    /// The folder.
    public let url: URL

    /// The folder's path.
    public var path: String { url.path }

    /// Makes a new, empty folder under the temporary directory, its name starting with `prefix`.
    public init(prefix: String = "companion-test") throws {
        url = try Self.makeFolder(prefix: prefix)
    }

    deinit {
        try? FileManager.default.removeItem(at: url)
    }

    /// Makes a new, empty folder under the temporary directory that the caller removes.
    public static func makeFolder(prefix: String = "companion-test") throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("\(prefix)-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    /// The path of `name` inside the folder.
    public func path(_ name: String) -> String {
        url.appendingPathComponent(name).path
    }

    /// Copies the fixture store `name` with its siblings into the folder (writable) and returns its
    /// path.
    @discardableResult
    public func copyCorpusStore(_ name: String) throws -> String {
        try Fixtures.copyStore(name, into: url).path
    }

    /// Writes `bytes` to a new file in the folder and returns its path.
    @discardableResult
    public func write(_ name: String, _ bytes: Data) throws -> String {
        let target = url.appendingPathComponent(name)
        try FileManager.default.createDirectory(
            at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
        try bytes.write(to: target)
        return target.path
    }

    /// Every file directly in the folder with its contents, for before/after comparisons.
    public func snapshot() throws -> [String: Data] {
        var result: [String: Data] = [:]
        for name in try FileManager.default.contentsOfDirectory(atPath: path) {
            result[name] = FileManager.default.contents(atPath: url.appendingPathComponent(name).path)
        }
        return result
    }
}
