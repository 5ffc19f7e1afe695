import Foundation

/// Finds the lecture samples' models (`Samples/<Name>/<Name>.xcdatamodeld`) wherever a program runs.
///
/// A lesson's program is built in a scratch package (`companion lessons run`) and may be run from
/// any folder, so a relative path such as `Samples/Theater/Theater.xcdatamodeld` would only work
/// from the repository root. This looks in the checkout this module was compiled from first
/// (its source path is fixed at build time), then in `COMPANION_PACKAGE`, then in the current folder.
///
/// ```swift
/// let model = try ManagedObjectModel(contentsOf: SampleModels.url(named: "Theater"))
/// ```
public enum SampleModels {
    /// No folder that was searched holds the model.
    public struct NotFound: Error, CustomStringConvertible {
        /// The model's name (`Theater`).
        public let name: String
        /// The paths that were tried, in order.
        public let searched: [String]

        /// One line naming the model and where it was looked for.
        public var description: String {
            "no sample model named \(name) (looked in \(searched.joined(separator: ", ")))"
        }
    }

    /// The folder of the package the samples belong to, as compiled (`…/Samples/SampleSupport/` up two).
    public static let compiledPackageDirectory: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The sample model `Samples/<name>/<name>.xcdatamodeld`.
    /// - Throws: ``NotFound`` when no candidate folder holds it.
    public static func url(named name: String) throws(NotFound) -> URL {
        let candidates = packageDirectories().map {
            $0.appendingPathComponent("Samples/\(name)/\(name).xcdatamodeld")
        }
        guard let found = candidates.first(where: { FileManager.default.fileExists(atPath: $0.path) }) else {
            throw NotFound(name: name, searched: candidates.map(\.path))
        }
        return found
    }

    /// A file shipped with the samples, `Samples/<relativePath>` (a recording, a preloaded store).
    /// - Throws: ``NotFound`` when no candidate folder holds it.
    public static func file(_ relativePath: String) throws(NotFound) -> URL {
        let candidates = packageDirectories().map { $0.appendingPathComponent("Samples/\(relativePath)") }
        guard let found = candidates.first(where: { FileManager.default.fileExists(atPath: $0.path) }) else {
            throw NotFound(name: relativePath, searched: candidates.map(\.path))
        }
        return found
    }

    /// The compiled-in checkout, then `COMPANION_PACKAGE`, then the current folder.
    private static func packageDirectories() -> [URL] {
        var directories = [compiledPackageDirectory]
        if let package = ProcessInfo.processInfo.environment["COMPANION_PACKAGE"], !package.isEmpty {
            directories.append(URL(fileURLWithPath: package))
        }
        directories.append(URL(fileURLWithPath: FileManager.default.currentDirectoryPath))
        return directories
    }
}
