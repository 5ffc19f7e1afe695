import Foundation
import TestSupport
import Testing

/// `companion lessons` through a pipe, as scripts and the tests of other lessons use it.
@Suite struct LessonsCommandTests {
    /// The fixture folder as LESSONS_PATH and a fresh state folder for every run.
    private func lessons(
        _ arguments: [String], input: String? = nil, environment: [String: String] = [:], state: URL? = nil
    ) throws -> ProcessOutcome {
        let stateFolder =
            state ?? FileManager.default.temporaryDirectory.appendingPathComponent("state-\(UUID().uuidString)")
        var env = [
            "LESSONS_PATH": LessonFiles.url(LessonFiles.example).deletingLastPathComponent().path,
            "XDG_STATE_HOME": stateFolder.path,
        ]
        for (key, value) in environment { env[key] = value }
        defer { if state == nil { try? FileManager.default.removeItem(at: stateFolder) } }
        return try ProductRunner.run("companion", ["lessons"] + arguments, input: input, environment: env)
    }

    @Test func listShowsNumberTitleReadingTimeAndSamples() throws {
        let outcome = try lessons([])
        #expect(outcome.status == 0)
        #expect(outcome.standardOutput.hasPrefix("1  Reading lessons in the terminal    3 min  Theater\n"))
        #expect(!outcome.standardOutput.contains("title:"))
    }

    @Test func aNarrowListWrapsTheTitleUnderItsNumberWithTheReadingTimeBelow() throws {
        let outcome = try lessons(["--width", "40"])
        #expect(outcome.status == 0)
        #expect(
            outcome.standardOutput == """
                1  Reading lessons in the terminal
                   3 min  Theater
                   How companion lessons draws Markdown
                   — widths, colour, tables and code.

                """)
        let narrowest = try lessons(["--width", "20"])
        #expect(narrowest.standardOutput.hasPrefix("1  Reading lessons\n   in the terminal\n   3 min  Theater\n"))
    }

    @Test(arguments: [20, 27, 40, 60, 79])
    func noRowOfTheCourseListIsWiderThanTheWidth(_ width: Int) throws {
        let course = LessonFiles.url("Lessons/01-core-data-stack.md").deletingLastPathComponent().path
        let outcome = try lessons(["--width", String(width)], environment: ["LESSONS_PATH": course])
        #expect(outcome.status == 0)
        let rows = outcome.standardOutput.split(separator: "\n")
        #expect(rows.count > 10)
        for row in rows {
            #expect(row.count <= width, "\(row.count) columns of \(width): \(row)")
        }
    }

    @Test func aLessonIsShownByNumberSlugOrFileWithoutItsFrontMatter() throws {
        let byNumber = try lessons(["1", "--width", "60"])
        #expect(byNumber.status == 0)
        #expect(
            byNumber.standardOutput.hasPrefix(
                "*Lesson 1 · 3 min · samples: Theater*\n\n# Reading lessons in the terminal\n"))
        #expect(!byNumber.standardOutput.contains("minutes: 3"))
        #expect(try lessons(["reading-in-the-terminal", "--width", "60"]).standardOutput == byNumber.standardOutput)
        let file = try lessons([LessonFiles.example, "--width", "60"])
        #expect(file.status == 0)
        #expect(file.standardOutput.hasPrefix("# Reading lessons in the terminal\n"))
    }

    @Test func standardInputIsRenderedTheSameWay() throws {
        let outcome = try lessons(["-", "--width", "20"], input: "# Hi\n\nsome *text* here to wrap around\n")
        #expect(outcome.status == 0)
        #expect(outcome.standardOutput == "# Hi\n\nsome *text* here to\nwrap around\n")
    }

    @Test func widthLimitsEveryLineExceptCode() throws {
        let outcome = try lessons(["1", "--width", "30"])
        let code = [
            "import TerminalKit", "DisplayWidth.of", "precondition(", "TerminalSanitizer", "let hostile",
            "companion lessons",
        ]
        for line in outcome.standardOutput.split(separator: "\n") where !code.contains(where: line.contains) {
            #expect(line.count <= 30 || line.unicodeScalars.count <= 30, "\(line)")
        }
    }

    @Test func colourFollowsThePolicy() throws {
        #expect(!(try lessons(["1"])).standardOutput.contains("\u{1B}"), "NO_COLOR and a pipe: no escapes")
        #expect(try lessons(["1", "--color", "always"]).standardOutput.contains("\u{1B}[1;4;35m"))
        #expect(
            try lessons(["1"], environment: ["NO_COLOR": "", "CLICOLOR_FORCE": "1"]).standardOutput.contains("\u{1B}["))
        #expect(
            !(try lessons(["1", "--plain"], environment: ["CLICOLOR_FORCE": "1"])).standardOutput.contains("\u{1B}"))
    }

    @Test func nextAndPrevFollowTheLastLessonRead() throws {
        let state = FileManager.default.temporaryDirectory.appendingPathComponent("state-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: state) }
        let prevFirst = try lessons(["prev"], state: state)
        #expect(prevFirst.status == 1)
        #expect(prevFirst.standardError.contains("no lesson read yet"))
        let next = try lessons(["next"], state: state)
        #expect(next.status == 0)
        #expect(next.standardOutput.contains("Reading lessons in the terminal"))
        #expect(
            try String(contentsOf: state.appendingPathComponent("companion/last-lesson"), encoding: .utf8)
                == "reading-in-the-terminal\n")
        let after = try lessons(["next"], state: state)
        #expect(after.status == 1)
        #expect(after.standardError == "companion: lessons: '01-reading-in-the-terminal' is the last lesson\n")
    }

    @Test func searchShowsMatchingLinesHighlighted() throws {
        let outcome = try lessons(["search", "wide", "characters"])
        #expect(outcome.status == 0)
        #expect(outcome.standardOutput.hasPrefix("01-reading-in-the-terminal  Reading lessons in the terminal\n"))
        #expect(outcome.standardOutput.contains("## »Wide« and narrow »characters«"))
        let none = try lessons(["search", "zebra"])
        #expect(none.status == 1)
        #expect(none.standardError == "companion: lessons: no lesson contains all of: zebra\n")
    }

    @Test func tocPrintsTheHeadings() throws {
        let outcome = try lessons(["1", "--toc"])
        #expect(
            outcome.standardOutput
                == "Reading lessons in the terminal\n  Wide and narrow characters\n  Tables\n  Code\n")
    }

    @Test func aMissingLessonIsOneLineListingWhatExists() throws {
        let outcome = try lessons(["7"])
        #expect(outcome.status == 1)
        #expect(outcome.standardError == "companion: lessons: no lesson '7'; lessons: 01-reading-in-the-terminal\n")
        #expect(outcome.standardOutput.isEmpty)
    }

    @Test func aMissingFileIsOneLineNamingIt() throws {
        let outcome = try lessons(["/nonexistent/notes.md"])
        #expect(outcome.status == 1)
        #expect(outcome.standardError == "companion: /nonexistent/notes.md: no such file\n")
    }

    @Test func noLessonsFolderSaysWhereItLooked() throws {
        let empty = FileManager.default.temporaryDirectory.appendingPathComponent("empty-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: empty, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: empty) }
        // The binary linked outside the build folder, so the package's own Lessons folder is not
        // found either. A hard link, not a copy: a copy still open for writing when another test
        // forks a process cannot be executed ("Text file busy").
        let outside = empty.appendingPathComponent("bin/companion")
        try FileManager.default.createDirectory(
            at: outside.deletingLastPathComponent(), withIntermediateDirectories: true)
        let built = ProductRunner.binDirectory.appendingPathComponent("companion")
        do {
            try FileManager.default.linkItem(at: built, to: outside)
        } catch {
            try FileManager.default.copyItem(at: built, to: outside)  // another file system: copy it
        }
        let outcome = try ProductRunner.run(
            executable: outside, ["lessons"], environment: ["LESSONS_PATH": ""], directory: empty)
        #expect(outcome.status == 1)
        #expect(outcome.standardError.hasPrefix("companion: lessons: no lessons found (looked in "))
        #expect(outcome.standardError.split(separator: "\n").count == 1)
    }

    @Test func badOptionsAreUsageErrors() throws {
        #expect(try lessons(["--colour", "always"]).status == 2)
        #expect(
            try lessons(["1", "--color", "sometimes"]).standardError
                == "companion: --color: 'sometimes' is not always, never or auto\n")
        #expect(try lessons(["1", "--width", "0"]).status == 2)
        #expect(try lessons(["search"]).status == 2)
    }
}
