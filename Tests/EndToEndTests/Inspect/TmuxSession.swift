import Foundation

/// A terminal a test can type into: a detached tmux session on a private server socket, its
/// output streamed through a FIFO that the test waits on with `poll` (no sleeps).
final class TmuxSession {
    private let socket = "inspector-shell-test-" + UUID().uuidString.prefix(8)
    private let session = "inspect"
    private let fifo: String
    private var descriptor: Int32 = -1
    private var serverPID: pid_t = 0
    /// Everything the pane has printed so far, escape sequences removed.
    private(set) var transcript = ""

    /// Whether tmux is installed.
    static var isAvailable: Bool {
        FileManager.default.isExecutableFile(atPath: "/usr/bin/tmux")
            || FileManager.default.isExecutableFile(atPath: "/usr/local/bin/tmux")
    }

    /// Starts `command` (a shell command line) in a `columns`×40 pane; it runs once ``start()`` is called.
    init(command: String, directory: String, columns: Int = 120) throws {
        fifo = directory + "/pane.fifo"
        guard mkfifo(fifo, 0o600) == 0 else { throw TmuxError.failed("mkfifo") }
        // Read-write, so the FIFO never reports end-of-file while tmux's writer comes and goes.
        descriptor = open(fifo, O_RDWR | O_NONBLOCK)
        // The pane waits for one line before running the command, so nothing is printed before the pipe is in place.
        // The wrapping shell ignores SIGINT, so Ctrl-C reaches only the program under test.
        let wrapped = "trap '' INT; cd \(Self.quoted(directory)) && read _ && \(command); echo SHELL-EXITED-$?; read _"
        try tmux(["new-session", "-d", "-s", session, "-x", String(columns), "-y", "40", "sh", "-c", wrapped])
        try tmux(["pipe-pane", "-t", session, "-o", "cat >> \(Self.quoted(fifo))"])
        serverPID =
            pid_t(
                try tmux(["display-message", "-p", "-t", session, "#{pid}"])
                    .trimmingCharacters(in: .whitespacesAndNewlines)) ?? 0
    }

    deinit {
        close()
    }

    /// Ends the tmux server (and with it the pane's programs); safe to call twice.
    func close() {
        _ = try? tmux(["kill-server"])
        // The server is this test's own process; make sure it is gone even if it missed the request.
        if serverPID > 0 { kill(serverPID, SIGKILL) }
        serverPID = 0
        if descriptor >= 0 { Glibc.close(descriptor) }
        descriptor = -1
    }

    /// Lets the command start.
    func start() throws {
        try tmux(["send-keys", "-t", session, "Enter"])
    }

    /// Types text literally, as a person would.
    func type(_ text: String) throws {
        // tmux reads an argument ending in ';' as a command separator, so a final ';' goes on its own, escaped.
        if text.hasSuffix(";") {
            try tmux(["send-keys", "-t", session, "-l", String(text.dropLast())])
            try tmux(["send-keys", "-t", session, "\\;"])
        } else {
            try tmux(["send-keys", "-t", session, "-l", text])
        }
    }

    /// Presses keys by tmux name: `Enter`, `Tab`, `C-c`, `C-d`.
    func press(_ keys: String...) throws {
        try tmux(["send-keys", "-t", session] + keys)
    }

    /// Resizes the terminal to `columns` × `rows`, as a person dragging the window's edge does.
    func resize(columns: Int, rows: Int = 40) throws {
        try tmux(["resize-window", "-t", session, "-x", String(columns), "-y", String(rows)])
    }

    /// Waits until `text` appears in the output after what was already seen; false after `timeout` seconds.
    @discardableResult
    func waitFor(_ text: String, after mark: String.Index? = nil, timeout: Double = 20) -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        while true {
            let searchStart = mark ?? transcript.startIndex
            if transcript[searchStart...].contains(text) { return true }
            let remaining = deadline.timeIntervalSinceNow
            guard remaining > 0 else { return false }
            var request = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
            guard poll(&request, 1, Int32(min(remaining, 1) * 1000)) > 0 else { continue }
            var buffer = [UInt8](repeating: 0, count: 4096)
            let count = read(descriptor, &buffer, buffer.count)
            if count > 0 { transcript += Self.stripped(String(decoding: buffer[0..<count], as: UTF8.self)) }
        }
    }

    /// Waits for `text` after `mark`, then for `prompt` printed after that text: the program is
    /// ready for the next keys (keys sent earlier would reach the terminal in cooked mode).
    @discardableResult
    func waitFor(_ text: String, thenPrompt prompt: String, after mark: String.Index) -> Bool {
        guard waitFor(text, after: mark), let found = transcript[mark...].range(of: text) else { return false }
        return waitFor(prompt, after: found.upperBound)
    }

    /// Captures the screen until `condition` holds for it, between captures waiting for the pane
    /// to print more (up to a tenth of a second); the last screen seen, and whether it held.
    func waitForScreen(timeout: Double = 20, _ condition: (String) -> Bool) throws -> (screen: String, held: Bool) {
        let deadline = Date().addingTimeInterval(timeout)
        var screen = try capture()
        while !condition(screen) {
            guard deadline.timeIntervalSinceNow > 0 else { return (screen, false) }
            var request = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
            if poll(&request, 1, 100) > 0 {
                var buffer = [UInt8](repeating: 0, count: 4096)
                let count = read(descriptor, &buffer, buffer.count)
                if count > 0 { transcript += Self.stripped(String(decoding: buffer[0..<count], as: UTF8.self)) }
            }
            screen = try capture()
        }
        return (screen, true)
    }

    /// A mark to wait for output after this point.
    var mark: String.Index { transcript.endIndex }

    /// The screen as tmux renders it now; `joined` puts rows the terminal wrapped back together.
    func capture(joined: Bool = false) throws -> String {
        try tmux(["capture-pane", "-p", "-t", session] + (joined ? ["-J"] : []))
    }

    @discardableResult
    private func tmux(_ arguments: [String]) throws -> String {
        let argv = ["tmux", "-L", String(socket), "-f", "/dev/null"] + arguments
        // posix_spawn and a blocking waitpid: the tmux client must be reaped even though the
        // server it forks lives on, which Foundation's Process does not always notice.
        let captures = arguments.first == "capture-pane" || arguments.first == "display-message"
        let output = captures ? directoryFile("capture.txt") : "/dev/null"
        var actions: posix_spawn_file_actions_t = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, output, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        var pid: pid_t = 0
        let cArguments = argv.map { strdup($0) } + [nil]
        defer { for pointer in cArguments { free(pointer) } }
        guard posix_spawnp(&pid, "tmux", &actions, nil, cArguments, environ) == 0 else {
            throw TmuxError.failed("cannot start tmux")
        }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        let exitCode = (status >> 8) & 0xFF
        guard exitCode == 0 || arguments.first == "kill-server" else {
            throw TmuxError.failed(arguments.joined(separator: " "))
        }
        return captures ? ((try? String(contentsOfFile: output, encoding: .utf8)) ?? "") : ""
    }

    private func directoryFile(_ name: String) -> String {
        (fifo as NSString).deletingLastPathComponent + "/" + name
    }

    /// Removes terminal escape sequences and carriage returns.
    static func stripped(_ text: String) -> String {
        var result = ""
        var iterator = text.unicodeScalars.makeIterator()
        while let scalar = iterator.next() {
            if scalar == "\u{1B}" {
                guard let next = iterator.next() else { break }
                if next == "[" {
                    while let c = iterator.next(), !(0x40...0x7E).contains(c.value) {}
                } else if next == "]" {
                    while let c = iterator.next(), c != "\u{07}", c != "\u{1B}" {}
                }
                continue
            }
            if scalar == "\r" || scalar == "\u{07}" || scalar == "\u{08}" { continue }
            result.unicodeScalars.append(scalar)
        }
        return result
    }

    static func quoted(_ text: String) -> String {
        "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }
}

enum TmuxError: Error {
    case failed(String)
}
