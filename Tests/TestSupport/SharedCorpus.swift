import Foundation

/// The CommonMark and cmark specification examples, which are prose under their own licence and
/// so are not copied into the repository: they are read from `../shared/corpus` when a checkout
/// has it beside it, and the tests that need them are skipped, visibly, when it does not.
///
/// `COMPANION_SHARED_CORPUS` names the folder instead; pointing it at a folder that does not exist
/// shows what a bare clone sees (CI runs the tests that way once).
public enum SharedCorpus {
    /// The environment variable that overrides where the corpus is looked for.
    public static let variable = "COMPANION_SHARED_CORPUS"

    /// The corpus folder, or nil when there is none.
    public static var directory: URL? {
        if let explicit = ProcessInfo.processInfo.environment[variable], !explicit.isEmpty {
            return FileManager.default.fileExists(atPath: explicit) ? URL(fileURLWithPath: explicit) : nil
        }
        // `../shared/corpus` beside the checkout; a git worktree nested deeper finds it further up.
        var folder = PackagePaths.root.deletingLastPathComponent()
        for _ in 0..<3 {
            let candidate = folder.appendingPathComponent("shared/corpus")
            if FileManager.default.fileExists(atPath: candidate.path) { return candidate }
            folder.deleteLastPathComponent()
        }
        return nil
    }

    /// Whether the specification examples can be read.
    public static var isAvailable: Bool {
        guard let directory else { return false }
        return FileManager.default.fileExists(atPath: directory.appendingPathComponent("commonmark").path)
    }

    /// A file of the corpus by its relative path, or nil when the corpus is absent.
    public static func file(_ relativePath: String) -> URL? {
        directory?.appendingPathComponent(relativePath)
    }
}
