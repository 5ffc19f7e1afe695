import Foundation
import TestSupport
import Testing

/// The lesson notes never drift from the code: every `swift` block of every lesson compiles
/// against the library (and runs, when tagged `swift run`), and every `companion …` or
/// `swift run …` command shown in a lesson succeeds. Lessons are discovered when the tests
/// start (``LessonFiles``).
@Suite struct LessonHarnessTests {
    @Test(arguments: LessonFiles.all)
    func everySwiftBlockCompilesAndRuns(lesson: String) throws {
        let markdown = try String(contentsOf: LessonFiles.url(lesson), encoding: .utf8)
        // The `swift run` blocks of the course's lessons are run by `companion lessons run`
        // (LessonsRunTests), exactly as the reader prints them; here they would only be compiled twice.
        let runsElsewhere = lesson.hasPrefix("Lessons/")
        let snippets = LessonSnippet.snippets(in: markdown)
        for snippet in snippets where snippet.isSwift && !snippet.isExcerpt && !(snippet.runs && runsElsewhere) {
            do {
                try SnippetCompiler.check(snippet, lesson: lesson)
            } catch {
                Issue.record("\(error)")
            }
        }
    }

    @Test(arguments: LessonFiles.all)
    func everyExcerptOfGeneratedCodeIsWhatCodegenWrites(lesson: String) throws {
        let markdown = try String(contentsOf: LessonFiles.url(lesson), encoding: .utf8)
        let scratch = try ScratchDirectory(prefix: "lesson-excerpts")
        var generatedModels: Set<String> = []
        for snippet in LessonSnippet.snippets(in: markdown) where snippet.isExcerpt {
            let excerpt = try #require(
                GeneratedCodeExcerpt(snippet),
                "\(lesson):\(snippet.line): an excerpt starts with the generated file's two header lines")
            let folder = scratch.url.appendingPathComponent(excerpt.modelName)
            if generatedModels.insert(excerpt.modelName).inserted {
                let model = "Samples/\(excerpt.modelName)/\(excerpt.modelName).xcdatamodeld"
                let outcome = try ProductRunner.run("companion", ["model", "codegen", model, "-o", folder.path])
                #expect(outcome.status == 0, "\(lesson):\(snippet.line): \(outcome.standardError)")
            }
            let generated = try String(
                contentsOf: folder.appendingPathComponent(excerpt.fileName), encoding: .utf8)
            let missing = excerpt.firstMissingLine(in: generated)
            #expect(
                missing == nil, "\(lesson):\(snippet.line): \(excerpt.fileName) has no line '\(missing ?? "")' here")
        }
    }

    @Test(arguments: LessonFiles.all)
    func everyCommandShownSucceeds(lesson: String) throws {
        let markdown = try String(contentsOf: LessonFiles.url(lesson), encoding: .utf8)
        for snippet in LessonSnippet.snippets(in: markdown) where snippet.isShell {
            for command in LessonCommand.commands(in: snippet) {
                let outcome = try run(command, lesson: lesson)
                #expect(
                    outcome.status == 0,
                    "\(lesson):\(command.line): '\(command.text)' exited \(outcome.status):\n\(outcome.output)")
                if Self.listsRows(command) {
                    // A lesson shows `rows` to let the student see objects: a store the samples
                    // emptied (Theater deletes its theater at the end) would show only a header.
                    let tableLines = outcome.output.split(separator: "\n").filter { $0.hasPrefix("|") }
                    #expect(
                        tableLines.count > 2,
                        "\(lesson):\(command.line): '\(command.text)' shows no rows:\n\(outcome.output)")
                }
            }
        }
    }

    // MARK: - The harness itself

    @Test func harnessFindsTheExampleLesson() {
        #expect(LessonFiles.all.contains(LessonFiles.example))
    }

    @Test func harnessFindsEveryBlockAndCommandOfTheExampleLesson() throws {
        let markdown = try String(contentsOf: LessonFiles.url(LessonFiles.example), encoding: .utf8)
        let snippets = LessonSnippet.snippets(in: markdown)
        #expect(snippets.filter(\.isSwift).count == 2)
        #expect(snippets.filter(\.runs).count == 1)
        let commands = snippets.filter(\.isShell).flatMap(LessonCommand.commands(in:)).map(\.text)
        #expect(
            commands == [
                "companion lessons", "companion lessons 1 --toc", "companion lessons search \"wide characters\"",
            ])
    }

    @Test func aSwiftRunBlockRunsAndItsOutputIsSeen() throws {
        let markdown = try String(contentsOf: LessonFiles.url(LessonFiles.example), encoding: .utf8)
        let runnable = LessonSnippet.snippets(in: markdown).filter(\.runs)
        let snippet = try #require(runnable.first)
        let output = try SnippetCompiler.check(snippet, lesson: LessonFiles.example)
        #expect(output == "␛[2J\n")
    }

    @Test func aBlockThatDoesNotCompileIsReported() {
        let broken = LessonSnippet(
            info: ["swift"], code: "import TerminalKit\nlet width: String = DisplayWidth.of(\"x\")", line: 1)
        #expect(throws: LessonHarnessError.self) { try SnippetCompiler.check(broken, lesson: "broken.md") }
    }

    @Test func anExcerptIsCheckedLineByLineInOrderWithElisionsSkipped() throws {
        let code = """
            // Movie+CoreDataClass.swift
            // Generated by `companion model codegen` from Theater.xcdatamodeld.
            // …
            public final class Movie: ManagedObject {
                // …
            }
            """
        let excerpt = try #require(
            GeneratedCodeExcerpt(LessonSnippet(info: ["swift", "excerpt"], code: code, line: 1)))
        #expect(excerpt.fileName == "Movie+CoreDataClass.swift")
        #expect(excerpt.modelName == "Theater")
        let header =
            "// Movie+CoreDataClass.swift\n// Generated by `companion model codegen` from Theater.xcdatamodeld.\n"
        #expect(
            excerpt.firstMissingLine(in: header + "import ObjectGraph\npublic final class Movie: ManagedObject {\n}")
                == nil)
        #expect(excerpt.firstMissingLine(in: header + "}\npublic final class Movie: ManagedObject {") == "}")
        #expect(
            excerpt.firstMissingLine(in: header + "public class Movie: ManagedObject {\n}")
                == "public final class Movie: ManagedObject {")
        #expect(GeneratedCodeExcerpt(LessonSnippet(info: ["swift", "excerpt"], code: "let x = 1", line: 1)) == nil)
    }

    @Test func aCommandThatFailsIsReported() throws {
        let outcome = try run(LessonCommand(text: "companion lessons 99", line: 1), lesson: LessonFiles.example)
        #expect(outcome.status == 1)
    }

    @Test func consoleBlocksRunOnlyPromptedLinesAndJoinContinuations() throws {
        let snippet = LessonSnippet(
            info: ["console"],
            code: """
                $ companion lessons \\
                    search fetch
                01-stack  The Core Data stack
                $ swift run -c release theater --trace
                $ ls
                """, line: 10)
        let commands = LessonCommand.commands(in: snippet)
        #expect(commands.map(\.text) == ["companion lessons search fetch", "swift run -c release theater --trace"])
        #expect(commands.map(\.line) == [11, 14])
        let shellCommands = try commands.map { try $0.shellCommand() }
        #expect(shellCommands == ["companion lessons search fetch", "theater --trace"])
    }

    @Test func aRowsCommandIsRecognised() {
        #expect(Self.listsRows(LessonCommand(text: "companion inspect /tmp/a.sqlite rows Power --limit 5", line: 1)))
        #expect(!Self.listsRows(LessonCommand(text: "companion inspect /tmp/a.sqlite summary", line: 1)))
        #expect(!Self.listsRows(LessonCommand(text: "companion lessons search rows", line: 1)))
    }

    /// Whether `command` is `companion inspect STORE rows …`, which lists a store's objects.
    private static func listsRows(_ command: LessonCommand) -> Bool {
        let words = command.text.split(separator: " ")
        return words.starts(with: ["companion", "inspect"]) && words.dropFirst(3).first == "rows"
    }

    /// Runs a command from a lesson in the package root, with the built products first on PATH,
    /// the lesson's own folder as LESSONS_PATH, a fresh state folder, no colour and no pager.
    private func run(_ command: LessonCommand, lesson: String) throws -> Subprocess.Outcome {
        let state = FileManager.default.temporaryDirectory.appendingPathComponent("lesson-state-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: state) }
        let path =
            ProductRunner.binDirectory.path + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin")
        return try Subprocess.run(
            "/bin/sh", ["-c", try command.shellCommand()], directory: ProductRunner.packageRoot,
            environment: [
                "PATH": path, "LESSONS_PATH": LessonFiles.url(lesson).deletingLastPathComponent().path,
                "XDG_STATE_HOME": state.path, "NO_COLOR": "1", "PAGER": "cat",
            ])
    }
}
