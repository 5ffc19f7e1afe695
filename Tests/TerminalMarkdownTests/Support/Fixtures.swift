import Foundation

/// Files in `Tests/TerminalMarkdownTests/Fixtures`, and golden files compared byte for byte.
enum Fixtures {
    /// The fixtures folder.
    static var directory: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Fixtures")
    }

    /// The example lesson that exercises the renderer, the reader and the lesson test harness.
    static var exampleLesson: URL {
        directory.appendingPathComponent("01-reading-in-the-terminal.md")
    }

    /// The contents of a golden file, or nil when it does not exist yet.
    ///
    /// With `UPDATE_GOLDEN=1` in the environment, `actual` is written as the new golden file
    /// (then review the diff) and returned.
    static func golden(_ name: String, actual: String) -> String? {
        let url = directory.appendingPathComponent("Golden").appendingPathComponent(name)
        if ProcessInfo.processInfo.environment["UPDATE_GOLDEN"] == "1" {
            try? FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(),
                withIntermediateDirectories: true)
            try? Data(actual.utf8).write(to: url)
            return actual
        }
        return (try? Data(contentsOf: url)).map { String(decoding: $0, as: UTF8.self) }
    }
}
