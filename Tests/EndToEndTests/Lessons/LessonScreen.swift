import Foundation
import TestSupport

/// `companion lessons …` run to its end in a tmux pane of a chosen width, and the rows the terminal
/// drew, both as drawn and with the rows the terminal had to wrap joined (`capture-pane -J`).
///
/// The pane signals a tmux channel when the command ends and the test blocks on it (`wait-for`):
/// no sleeping or polling. tmux is started through ``CleanSpawn``, so its server holds no pipe of
/// another test open.
enum LessonScreen {
    /// What the pane showed, trailing spaces and empty rows dropped.
    struct Screen {
        /// The rows as the terminal drew them.
        var rows: [String]
        /// The same text with rows the terminal wrapped joined into the lines the program wrote.
        var lines: [String]
    }

    /// Runs `companion lessons ARGUMENTS --no-pager` (no colour, a private state folder) in a
    /// `columns`-wide pane.
    static func run(_ arguments: [String], columns: Int) throws -> Screen {
        let socket = "lesson-screen-" + UUID().uuidString.prefix(8)
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(String(socket))
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let companion = ProductRunner.binDirectory.appendingPathComponent("companion").path
        let command = ([companion, "lessons"] + arguments + ["--no-pager"]).map(quoted).joined(separator: " ")
        let script =
            "cd \(quoted(ProductRunner.packageRoot.path)); NO_COLOR=1 XDG_STATE_HOME=\(quoted(directory.path)) "
            + "LESSONS_PATH=\(quoted(ProductRunner.packageRoot.appendingPathComponent("Lessons").path)) "
            + "timeout 60 \(command); tmux -L \(socket) wait-for -S finished; read _"
        defer { _ = try? tmux(socket, ["kill-server"], output: nil) }
        try tmux(
            socket, ["new-session", "-d", "-s", "lesson", "-x", "\(columns)", "-y", "50", "sh", "-c", script],
            output: nil)
        try tmux(socket, ["wait-for", "finished"], output: nil)
        let drawn = directory.appendingPathComponent("drawn.txt").path
        let joined = directory.appendingPathComponent("joined.txt").path
        try tmux(socket, ["capture-pane", "-p", "-S", "-", "-t", "lesson"], output: drawn)
        try tmux(socket, ["capture-pane", "-p", "-J", "-S", "-", "-t", "lesson"], output: joined)
        return Screen(rows: try rows(drawn), lines: try rows(joined))
    }

    private static func rows(_ path: String) throws -> [String] {
        try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n").map {
            String($0.reversed().drop { $0 == " " }.reversed())
        }.filter { !$0.isEmpty }
    }

    @discardableResult
    private static func tmux(_ socket: String, _ arguments: [String], output: String?) throws -> Int32 {
        let code = try CleanSpawn.runToEnd(["tmux", "-L", socket, "-f", "/dev/null"] + arguments, output: output)
        guard code == 0 || arguments.first == "kill-server" else {
            throw LessonHarnessError.toolFailed("tmux \(arguments.first ?? "")", "exit \(code)")
        }
        return code
    }

    private static func quoted(_ text: String) -> String {
        "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }
}
