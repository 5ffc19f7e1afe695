import Foundation
import TestSupport
import Testing

/// `companion lessons` on a real terminal (tmux): the terminal's own width, colour, and the pager.
@Suite struct LessonsTerminalTests {
    /// The command line a student would type, with the fixture lessons and a private state folder.
    private func command(_ arguments: String, state: URL, extra: String = "") -> String {
        let lessonsPath = LessonFiles.url(LessonFiles.example).deletingLastPathComponent().path
        let companion = ProductRunner.binDirectory.appendingPathComponent("companion").path
        return "env -u NO_COLOR -u COLUMNS -u PAGER -u LESS -u CLICOLOR_FORCE -u FORCE_COLOR TERM=xterm-256color "
            + "LESSONS_PATH='\(lessonsPath)' XDG_STATE_HOME='\(state.path)' \(extra) '\(companion)' lessons \(arguments)"
    }

    private func temporaryState() -> URL {
        FileManager.default.temporaryDirectory.appendingPathComponent("tty-state-\(UUID().uuidString)")
    }

    @Test func aLongLessonOpensInLessAndQuitsWithQ() throws {
        let state = temporaryState()
        defer { try? FileManager.default.removeItem(at: state) }
        let session = try TerminalSession(columns: 60, rows: 15, command: command("1", state: state))
        defer { session.close() }
        // less shows the first page and waits (the lesson is longer than 15 rows, so -F does not quit).
        let screen = try session.waitForScreen { $0.contains { $0.contains("Reading lessons in the terminal") } }
        #expect(screen.first == "Lesson 1 · 3 min · samples: Theater")
        #expect(screen.last?.hasPrefix(":") == true, "less's prompt on the last row: \(screen.last ?? "")")
        let coloured = try session.screen(escapes: true).joined(separator: "\n")
        #expect(coloured.contains("\u{1B}["), "colour on a terminal")
        // A page down shows more of the lesson, with styles re-opened on every line.
        try session.send("Space")
        _ = try session.waitForScreen { $0.contains { $0.contains("Tables") } }
        try session.send("q")
        try session.waitUntilDone()
        #expect(
            try String(contentsOf: state.appendingPathComponent("companion/last-lesson"), encoding: .utf8)
                == "reading-in-the-terminal\n")
    }

    @Test func theTerminalsWidthIsUsedAndLongCodeGoesOnUnderAContinuationMark() throws {
        let state = temporaryState()
        defer { try? FileManager.default.removeItem(at: state) }
        let session = try TerminalSession(columns: 36, rows: 80, command: command("1 --no-pager", state: state))
        defer { session.close() }
        try session.waitUntilDone()
        let rows = try session.screen(joined: true)
        #expect(rows.contains { $0.hasPrefix("# Reading") } == false, "styled, not plain: no '#'")
        #expect(rows.contains("Reading lessons in the terminal"))
        for row in rows {
            #expect(row.count <= 36, "a row the terminal had to wrap: \(row)")
        }
        #expect(rows.contains { $0.contains("  ↪ ") }, "a long code line goes on under a mark")
        #expect(!rows.contains { $0.hasSuffix("›") }, "no code line is cut")
    }

    @Test func aShortOutputIsNotPagedAndThePagerVariableIsHonoured() throws {
        let state = temporaryState()
        defer { try? FileManager.default.removeItem(at: state) }
        let marker = FileManager.default.temporaryDirectory.appendingPathComponent("pager-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: marker) }
        let session = try TerminalSession(
            columns: 60, rows: 20,
            command: command("-", state: state, extra: "PAGER='cat > \(marker.path)'") + " < /dev/null; "
                + command("1 --toc", state: state))
        defer { session.close() }
        try session.waitUntilDone()
        let rows = try session.screen()
        #expect(rows.contains("  Wide and narrow characters"), "--toc prints straight to the terminal")
        #expect(FileManager.default.fileExists(atPath: marker.path), "$PAGER was run for the rendered document")
    }

    @Test(arguments: [40, 60])
    func theListFitsTheTerminalWithoutRowsTheTerminalHadToWrap(_ columns: Int) throws {
        let state = temporaryState()
        defer { try? FileManager.default.removeItem(at: state) }
        let session = try TerminalSession(columns: columns, rows: 60, command: command("--no-pager", state: state))
        defer { session.close() }
        try session.waitUntilDone()
        let rows = try session.screen()
        #expect(
            rows.contains("1  Reading lessons in the terminal") || rows.contains { $0.hasPrefix("1  Reading lessons") })
        // Joining the rows the terminal wrapped changes nothing: the program wrapped every line itself.
        #expect(try session.screen(joined: true) == rows, "\(rows.joined(separator: "\n"))")
        for row in rows {
            #expect(row.count <= columns, "\(row)")
        }
    }
}
