import Foundation

/// Where the package is on disk, for tests that read its files or run its products.
public enum PackagePaths {
    /// The package root (the directory holding `Package.swift`), found from this source file.
    public static var root: URL {
        var url = URL(fileURLWithPath: #filePath)
        while url.path != "/" {
            url.deleteLastPathComponent()
            if FileManager.default.fileExists(atPath: url.appendingPathComponent("Package.swift").path) {
                return url
            }
        }
        return URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
    }

    /// A file or folder of the package, by its path relative to the root
    /// (`"Samples/Theater/Theater.xcdatamodeld"`).
    public static func file(_ relativePath: String) -> URL {
        root.appendingPathComponent(relativePath)
    }
}
