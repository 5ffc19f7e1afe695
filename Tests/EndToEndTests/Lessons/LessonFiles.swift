import Foundation
import TestSupport

/// Every lesson the harness checks, found on disk when the tests start: a lesson added later is
/// covered with no change to any test.
///
/// That is each `NN-slug.md` in `Lessons/`, plus the example lesson in
/// `Tests/TerminalMarkdownTests/Fixtures/` that proves the harness itself works.
enum LessonFiles {
    /// Paths relative to the package root, sorted (stable test names).
    static let all: [String] = lessons(in: "Lessons") + lessons(in: "Tests/TerminalMarkdownTests/Fixtures")

    /// The example lesson in the fixtures.
    static let example = "Tests/TerminalMarkdownTests/Fixtures/01-reading-in-the-terminal.md"

    /// The absolute path of a lesson given relative to the package root.
    static func url(_ relative: String) -> URL {
        ProductRunner.packageRoot.appendingPathComponent(relative)
    }

    private static func lessons(in folder: String) -> [String] {
        let directory = ProductRunner.packageRoot.appendingPathComponent(folder)
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        return names.filter { name in
            name.hasSuffix(".md") && name.first?.isNumber == true && name.contains("-")
        }.sorted().map { folder + "/" + $0 }
    }
}
