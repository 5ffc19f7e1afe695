import Foundation
import TestSupport

/// A private tmux server with one pane, driven as a person would: type with `send-keys`, read
/// the screen with `capture-pane`. Commands end by signalling a `wait-for` channel, so the test
/// waits for them without sleeping.
///
/// The server runs in the foreground (`tmux -D`) as this test's child: a daemonised server would
/// inherit the descriptor Foundation's `Process` uses to notice that a child has ended, and the
/// test would wait for ever.
struct TerminalSession {
    let socket = "lessons-tty-\(UUID().uuidString.prefix(8))"
    let tmux: String
    private let server = Process()

    /// Starts `command` in a new `columns`×`rows` pane; when it finishes, channel `done` is signalled.
    init(columns: Int, rows: Int, command: String) throws {
        guard let tmux = Subprocess.which("tmux") else {
            throw LessonHarnessError.toolFailed("tmux", "not installed (make deps installs it)")
        }
        self.tmux = tmux
        let wrapped = "\(command); \(tmux) -L \(socket) wait-for -S done; read line"
        server.executableURL = URL(fileURLWithPath: tmux)
        server.arguments = ["-D", "-L", socket, "-f", "/dev/null"]
        server.standardInput = FileHandle.nullDevice
        server.standardOutput = FileHandle.nullDevice
        server.standardError = FileHandle.nullDevice
        try server.run()
        // The server needs a moment to listen: retry the first command until it connects. `-N`
        // keeps the client from starting a (daemonised) server of its own meanwhile.
        let arguments = ["-N", "new-session", "-d", "-s", "main", "-x", "\(columns)", "-y", "\(rows)", wrapped]
        var lastError: Error?
        for _ in 0..<2000 {
            do {
                try run(arguments)
                return
            } catch {
                lastError = error
            }
        }
        close()
        throw lastError ?? LessonHarnessError.toolFailed("tmux new-session", "no server")
    }

    /// The screen, one string per row (`-J` joins rows the terminal wrapped; `-e` keeps escapes).
    func screen(joined: Bool = false, escapes: Bool = false) throws -> [String] {
        var arguments = ["capture-pane", "-p", "-t", "main"]
        if joined { arguments.append("-J") }
        if escapes { arguments.append("-e") }
        var rows = try run(arguments).split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        if rows.last == "" { rows.removeLast() }  // the newline after the last row
        return rows
    }

    /// Reads the screen until `condition` holds, up to `attempts` captures (no sleeping: each
    /// capture is a process start, and the program under test is quick).
    func waitForScreen(attempts: Int = 3000, _ condition: ([String]) -> Bool) throws -> [String] {
        var last: [String] = []
        for _ in 0..<attempts {
            last = try screen()
            if condition(last) { return last }
        }
        throw LessonHarnessError.toolFailed("waiting for the screen", last.joined(separator: "\n"))
    }

    /// Types keys (tmux key names, e.g. "q", "Space", "Enter").
    func send(_ keys: String...) throws {
        try run(["send-keys", "-t", "main"] + keys)
    }

    /// Blocks until the command has finished.
    func waitUntilDone() throws {
        try run(["wait-for", "done"])
    }

    /// Stops the tmux server and waits for it. A foreground server does not always end on
    /// `kill-server` while its panes live on, so it is killed outright; its panes then get SIGHUP.
    func close() {
        _ = try? run(["kill-server"])
        if server.isRunning { kill(server.processIdentifier, SIGKILL) }
        server.waitUntilExit()
    }

    @discardableResult
    private func run(_ arguments: [String]) throws -> String {
        let outcome = try Subprocess.run(
            tmux, ["-L", socket] + arguments, directory: ProductRunner.packageRoot,
            capturing: arguments.first == "capture-pane")
        guard outcome.status == 0 else {
            throw LessonHarnessError.toolFailed("tmux \(arguments.first ?? "")", outcome.output)
        }
        return outcome.output
    }
}
