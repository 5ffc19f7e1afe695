import Foundation
import TestSupport
import Testing

/// `companion lessons run`: every runnable block of every lesson is built and run exactly the way
/// the reader tells a student to, so the lesson text and the code can never drift apart.
///
/// The blocks are built in the checkout's `.build/lesson-programs` scratch package: the first run of these
/// tests builds the libraries there (minutes), later runs reuse it.
@Suite(.serialized) struct LessonsRunTests {
    /// The lessons of `Lessons/`, as numbers (`05`).
    static let lessonNumbers: [String] = LessonFiles.all.filter { $0.hasPrefix("Lessons/") }.map {
        String(($0 as NSString).lastPathComponent.prefix { $0.isNumber })
    }

    /// The reader's text of a lesson, plain, with `companion` on PATH as installed.
    private func shown(_ number: String) throws -> String {
        let state = FileManager.default.temporaryDirectory.appendingPathComponent("state-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: state) }
        let outcome = try ProductRunner.run(
            "companion", ["lessons", number, "--plain", "--no-pager", "--width", "200"],
            environment: [
                "PATH": ProductRunner.binDirectory.path + ":/usr/bin:/bin", "XDG_STATE_HOME": state.path,
                "LESSONS_PATH": ProductRunner.packageRoot.appendingPathComponent("Lessons").path,
            ])
        #expect(outcome.status == 0, "\(outcome.standardError)")
        return outcome.standardOutput
    }

    /// The commands the reader prints above runnable blocks, in order.
    private func runCommands(in text: String) -> [String] {
        text.split(separator: "\n").compactMap { line in
            let trimmed = line.drop { $0 == " " }
            guard trimmed.hasPrefix("▶ `") else { return nil }
            return trimmed.dropFirst(2).trimmingCharacters(in: CharacterSet(charactersIn: "` "))
        }
    }

    @Test(arguments: lessonNumbers)
    func everyLessonShowsARunCommandAboveEachRunnableBlock(lesson: String) throws {
        let commands = runCommands(in: try shown(lesson))
        #expect(!commands.isEmpty, "lesson \(lesson) has no runnable block")
        #expect(commands == commands.indices.map { "companion lessons run \(lesson) \($0 + 1)" })
    }

    @Test(arguments: lessonNumbers)
    func everyRunnableBlockRunsAsTheReaderPrintsIt(lesson: String) throws {
        for command in runCommands(in: try shown(lesson)) {
            let words = command.split(separator: " ").dropFirst().map(String.init)
            // From a folder that is not the checkout, so paths in the programs must resolve anywhere.
            let outcome = try ProductRunner.run(
                "companion", words + ["--package", ProductRunner.packageRoot.path],
                directory: FileManager.default.temporaryDirectory)
            #expect(outcome.status == 0, "'\(command)' failed:\n\(outcome.standardError)\(outcome.standardOutput)")
            #expect(!outcome.standardOutput.isEmpty, "'\(command)' printed nothing")
        }
    }

    @Test func aBlockNumberTheLessonLacksIsAUsageError() throws {
        let outcome = try ProductRunner.run(
            "companion", ["lessons", "run", "05", "9", "--package", ProductRunner.packageRoot.path])
        #expect(outcome.status == 2)
        #expect(outcome.standardError.contains("has blocks 1 to 2, not '9'"))
    }
}
