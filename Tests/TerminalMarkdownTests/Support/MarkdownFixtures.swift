import Foundation

/// Files in `Tests/TerminalMarkdownTests/Fixtures`.
enum MarkdownFixtures {
    /// The fixtures folder.
    static var directory: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Fixtures")
    }

    /// The example lesson that exercises the renderer, the reader and the lesson test harness.
    static var exampleLesson: URL {
        directory.appendingPathComponent("01-reading-in-the-terminal.md")
    }
}
