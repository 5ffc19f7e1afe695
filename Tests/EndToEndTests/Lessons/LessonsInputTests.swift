import Foundation
import TestSupport
import Testing

/// What `companion lessons FILE` and `companion lessons -` do with input that is not a lesson:
/// binary data, empty files, directories, devices, pipes and paths that do not exist. Every
/// failure is one line on standard error naming the input, and exit 1.
@Suite struct LessonsInputTests {
    /// A fresh folder for the files a test makes; removed by the test.
    private func folder() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("lessons-input-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    /// `companion lessons ARGUMENTS` with the fixture lessons, run in `directory`.
    private func lessons(_ arguments: [String], directory: URL? = nil) throws -> ProcessOutcome {
        let lessonsPath = LessonFiles.url(LessonFiles.example).deletingLastPathComponent().path
        return try ProductRunner.run(
            "companion", ["lessons"] + arguments, environment: ["LESSONS_PATH": lessonsPath], directory: directory)
    }

    /// A shell command line (for redirections and `<(…)`), with `companion` standing for the built binary.
    private func shell(_ script: String, directory: URL) throws -> ProcessOutcome {
        let companion = ProductRunner.binDirectory.appendingPathComponent("companion").path
        return try ProductRunner.run(
            executable: URL(fileURLWithPath: "/bin/bash"),
            ["-c", script.replacingOccurrences(of: "companion", with: "'\(companion)'")], directory: directory)
    }

    /// Bytes that look random, the same on every run (a linear congruential sequence).
    private static func noise(count: Int) -> Data {
        var state: UInt32 = 2_463_534_242
        return Data(
            (0..<count).map { _ in
                state = state &* 1_664_525 &+ 1_013_904_223
                return UInt8(truncatingIfNeeded: state >> 24)
            })
    }

    private func expectOneLineFailure(
        _ outcome: ProcessOutcome, _ line: String, sourceLocation: SourceLocation = #_sourceLocation
    ) {
        #expect(outcome.status == 1, sourceLocation: sourceLocation)
        #expect(outcome.standardError == line + "\n", sourceLocation: sourceLocation)
        #expect(outcome.standardOutput.isEmpty, sourceLocation: sourceLocation)
    }

    @Test func randomBytesAreNotTextFromAFileOrStandardInput() throws {
        let directory = try folder()
        defer { try? FileManager.default.removeItem(at: directory) }
        try Self.noise(count: 5000).write(to: directory.appendingPathComponent("garbage.md"))
        let file = try lessons(["garbage.md"], directory: directory)
        #expect(file.status == 1)
        #expect(file.standardError.hasPrefix("companion: garbage.md: not a text file (invalid UTF-8 at byte offset "))
        #expect(file.standardError.split(separator: "\n").count == 1)
        #expect(file.standardOutput.isEmpty)
        let piped = try shell("companion lessons - < garbage.md", directory: directory)
        let expected = file.standardError.replacingOccurrences(of: "garbage.md", with: "standard input")
        #expect(piped.standardError == expected)
        #expect(piped.status == 1)
    }

    @Test func partOfAnExecutableIsNotText() throws {
        let directory = try folder()
        defer { try? FileManager.default.removeItem(at: directory) }
        let binary = try Data(contentsOf: ProductRunner.binDirectory.appendingPathComponent("companion")).prefix(3000)
        try binary.write(to: directory.appendingPathComponent("elf.md"))
        // An ELF file starts 7F 'E' 'L' 'F', class, byte order, version, then zeros.
        expectOneLineFailure(
            try lessons(["elf.md"], directory: directory),
            "companion: elf.md: not a text file (a NUL byte at byte offset 7)")
    }

    @Test func textWithUnusualCharactersStillRenders() throws {
        let directory = try folder()
        defer { try? FileManager.default.removeItem(at: directory) }
        let text = "# Ünïcödé 語\n\nemoji 🙂, combining e\u{301}, a BOM \u{FEFF}here, math ∑∫, ESC \u{1B}[2J\n"
        try Data(text.utf8).write(to: directory.appendingPathComponent("unusual.md"))
        let outcome = try lessons(["unusual.md", "--width", "80"], directory: directory)
        #expect(outcome.status == 0)
        #expect(outcome.standardError.isEmpty)
        #expect(outcome.standardOutput.contains("# Ünïcödé 語\n\nemoji 🙂, combining e\u{301}"))
        #expect(outcome.standardOutput.contains("␛[2J"), "the escape is shown, not obeyed")
    }

    @Test func anEmptyFileDevNullAndEmptyStandardInputAgree() throws {
        let directory = try folder()
        defer { try? FileManager.default.removeItem(at: directory) }
        try Data().write(to: directory.appendingPathComponent("empty.md"))
        let inputs = [(["empty.md"], "empty.md"), (["/dev/null"], "/dev/null"), (["-"], "standard input")]
        for (arguments, subject) in inputs {
            let outcome = try lessons(arguments, directory: directory)
            #expect(outcome.status == 0, "\(arguments)")
            #expect(outcome.standardOutput.isEmpty, "\(arguments)")
            #expect(outcome.standardError == "companion: \(subject): warning: the document is empty; nothing to show\n")
        }
    }

    @Test func aDirectoryIsNotAFile() throws {
        let directory = try folder()
        defer { try? FileManager.default.removeItem(at: directory) }
        try FileManager.default.createDirectory(
            at: directory.appendingPathComponent("notes.md"), withIntermediateDirectories: true)
        expectOneLineFailure(
            try lessons(["notes.md"], directory: directory),
            "companion: notes.md: is a directory, not a file")
        expectOneLineFailure(try lessons([directory.path]), "companion: \(directory.path): is a directory, not a file")
    }

    @Test func aNameNoLessonHasIsReadFromTheFolderWhenItExists() throws {
        let directory = try folder()
        defer { try? FileManager.default.removeItem(at: directory) }
        try Data("# Read me\n".utf8).write(to: directory.appendingPathComponent("README"))
        let readme = try lessons(["README"], directory: directory)
        #expect(readme.status == 0)
        #expect(readme.standardOutput == "# Read me\n")
        expectOneLineFailure(try lessons(["."], directory: directory), "companion: .: is a directory, not a file")
    }

    @Test func aPipeIsReadLikeStandardInput() throws {
        let directory = try folder()
        defer { try? FileManager.default.removeItem(at: directory) }
        let outcome = try shell("companion lessons <(printf '# From a pipe\\n\\n*text*\\n')", directory: directory)
        #expect(outcome.status == 0)
        #expect(outcome.standardOutput == "# From a pipe\n\n*text*\n")
    }

    @Test func aMissingPathIsNoSuchFileAndAMissingNameIsNoLesson() throws {
        expectOneLineFailure(try lessons(["nothere.md"]), "companion: nothere.md: no such file")
        expectOneLineFailure(try lessons(["notes.markdown"]), "companion: notes.markdown: no such file")
        expectOneLineFailure(try lessons(["/nonexistent/notes"]), "companion: /nonexistent/notes: no such file")
        expectOneLineFailure(
            try lessons(["nothere"]),
            "companion: lessons: no lesson 'nothere'; lessons: 01-reading-in-the-terminal")
        // A lesson's file name still finds the lesson when no such file is in the current folder.
        let byFileName = try lessons(["01-reading-in-the-terminal.md"])
        #expect(byFileName.status == 0)
        #expect(byFileName.standardOutput.hasPrefix("*Lesson 1 · 3 min · samples: Theater*\n"))
    }

    @Test func boldAndEmphasisInATableCellAreStyledWithoutAsterisks() throws {
        let directory = try folder()
        defer { try? FileManager.default.removeItem(at: directory) }
        try Data("| a | b |\n|---|---|\n| **bold** | __under__ |\n| ***both*** | *em* |\n".utf8)
            .write(to: directory.appendingPathComponent("t3.md"))
        let outcome = try lessons(["--color", "always", "t3.md"], directory: directory)
        #expect(outcome.status == 0)
        #expect(outcome.standardOutput.contains("\u{1B}[1mbold\u{1B}[0m"))
        #expect(outcome.standardOutput.contains("\u{1B}[1;3mboth\u{1B}[0m"))
        #expect(outcome.standardOutput.contains("\u{1B}[3mem\u{1B}[0m"))
        #expect(!outcome.standardOutput.contains("*"))
    }
}
