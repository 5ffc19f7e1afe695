import Foundation
import TestSupport

/// A command run to its end on a terminal of a chosen size — a detached tmux session on a private
/// server — and the screen it left behind, as a person would read it.
///
/// The pane signals a tmux channel when the command ends and the test blocks on that channel
/// (`wait-for`), so there is no sleeping or polling; `timeout` bounds a command that would hang.
enum AccelTerminalScreen {
    /// Whether tmux is installed.
    static var isAvailable: Bool {
        ["/usr/bin/tmux", "/usr/local/bin/tmux"].contains { FileManager.default.isExecutableFile(atPath: $0) }
    }

    /// What the terminal showed once the command had ended.
    struct Screen {
        /// The pane's lines, scrolled-off history included, rows wrapped by the terminal joined into
        /// the lines the program wrote, trailing spaces and empty lines dropped.
        var lines: [String]
        /// The command's exit status.
        var status: Int32
    }

    /// What a person does while the command runs, once the pane shows `text`: make the terminal
    /// `columns` wide (dragging the window's edge), then press `keys` (tmux key names).
    struct Resize {
        var text: String
        var columns: Int?
        var keys: [String] = []
    }

    /// Runs `executable` with `arguments` in a `columns`-wide pane (without colour unless the
    /// arguments ask for it) and returns the screen after it exits. With `resize`, the terminal's
    /// width changes mid-run and `visible` holds only the rows on the screen at the end, the
    /// scrolled-off history left out (tmux moves rows there itself when the width changes).
    static func run(
        _ executable: URL, _ arguments: [String], columns: Int, rows: Int = 24, resize: Resize? = nil,
        visible: Bool = false
    ) throws -> Screen {
        let socket = "accel-screen-" + UUID().uuidString.prefix(8)
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(String(socket))
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let command = ([executable.path] + arguments).map(quoted).joined(separator: " ")
        // --foreground: the command stays in the terminal's foreground process group, where a
        // program that reads keys must be (plain `timeout` runs it in a background group).
        let script =
            "NO_COLOR=1 timeout --foreground 60 \(command); echo ACCEL-EXIT=$?; "
            + "tmux -L \(socket) wait-for -S finished; read _"
        defer { _ = try? tmux(socket, ["kill-server"], output: nil) }
        let size = ["-x", "\(columns)", "-y", "\(rows)"]
        try tmux(socket, ["new-session", "-d", "-s", "accel"] + size + ["sh", "-c", script], output: nil)
        let capture = directory.appendingPathComponent("screen.txt").path
        if let resize {
            // Each capture is a process start: the loop waits on tmux, not on a clock.
            for _ in 0..<3000 {
                try tmux(socket, ["capture-pane", "-p", "-t", "accel"], output: capture)
                if try String(contentsOfFile: capture, encoding: .utf8).contains(resize.text) { break }
            }
            if let columns = resize.columns {
                try tmux(socket, ["resize-window", "-t", "accel", "-x", "\(columns)"], output: nil)
            }
            if !resize.keys.isEmpty { try tmux(socket, ["send-keys", "-t", "accel"] + resize.keys, output: nil) }
        }
        try tmux(socket, ["wait-for", "finished"], output: nil)
        try tmux(socket, ["capture-pane", "-p", "-J", "-t", "accel"] + (visible ? [] : ["-S", "-"]), output: capture)
        var lines = try String(contentsOfFile: capture, encoding: .utf8).split(separator: "\n").map {
            String($0.reversed().drop { $0 == " " }.reversed())
        }.filter { !$0.isEmpty }
        guard let last = lines.last, last.hasPrefix("ACCEL-EXIT="), let status = Int32(last.dropFirst(11)) else {
            throw AccelTerminalScreenError.noExitStatus(lines)
        }
        lines.removeLast()
        return Screen(lines: lines, status: status)
    }

    /// Runs tmux on the private server and waits for it (``CleanSpawn``: the server tmux forks
    /// lives on, and must neither keep another test's pipe open nor ignore `kill-server`).
    @discardableResult
    private static func tmux(_ socket: String, _ arguments: [String], output: String?) throws -> Int32 {
        let code = try CleanSpawn.runToEnd(["tmux", "-L", socket, "-f", "/dev/null"] + arguments, output: output)
        guard code == 0 || arguments.first == "kill-server" else {
            throw AccelTerminalScreenError.tmuxFailed(arguments)
        }
        return code
    }

    private static func quoted(_ text: String) -> String {
        "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }
}

/// Why a terminal run could not be read.
enum AccelTerminalScreenError: Error {
    case tmuxFailed([String])
    case noExitStatus([String])
}
