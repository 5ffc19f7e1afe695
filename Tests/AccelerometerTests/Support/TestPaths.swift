import Foundation

/// Where the tests find the package, the shared corpus and their golden files.
enum TestPaths {
    /// The package root (the directory holding Package.swift), found from this file.
    static var packageRoot: URL {
        var url = URL(fileURLWithPath: #filePath)
        while url.path != "/" {
            url.deleteLastPathComponent()
            if FileManager.default.fileExists(atPath: url.appendingPathComponent("Package.swift").path) { return url }
        }
        return URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
    }

    /// `<packageRoot>/../shared/corpus/iio` (CI's layout); a git worktree one level deeper
    /// (`/work/wt/<name>`) finds the same folder two levels up.
    static var iioCorpus: URL {
        let parent = packageRoot.deletingLastPathComponent()
        let candidates = [parent, parent.deletingLastPathComponent()].map {
            $0.appendingPathComponent("shared/corpus/iio")
        }
        return candidates.first { FileManager.default.fileExists(atPath: $0.path) } ?? candidates[0]
    }

    /// A corpus file's bytes.
    static func corpusBytes(_ name: String) throws -> [UInt8] {
        [UInt8](try Data(contentsOf: iioCorpus.appendingPathComponent(name)))
    }

    /// The iio-sensor-proxy scan.
    static let orientationScan = "maemo-leste-upstream-forks__iio-sensor-proxy__orientation-normal.bin"

    /// A fresh temporary directory, removed by the caller with `removeItem`.
    static func temporaryDirectory() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("accel-tests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }
}
