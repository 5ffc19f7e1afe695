import CReadline
import Foundation

/// Interactive line input through GNU readline: prompt, editing, a history file, tab completion,
/// and Ctrl-C / Ctrl-D handled the way a shell user expects.
///
/// Readline runs in its callback mode inside a `poll` loop that also watches a private pipe,
/// so ``interrupt()`` — called from a signal handler or another thread when the user presses
/// Ctrl-C — cancels the line being typed without killing the program. Ctrl-D on an empty line
/// ends input. A terminal resize (SIGWINCH) wakes the same loop, which tells readline the new
/// width so the prompt and the line being typed are redrawn to fit it. Use only when standard input is a terminal; for piped input read lines directly.
///
/// ```swift
/// let editor = LineEditor(historyPath: "/home/me/.local/state/companion/history")
/// editor.completion = { word, _ in [".help", ".schema", ".tables"] }
/// while case .line(let text) = editor.readLine(prompt: "inspect> ") { … }
/// ```
public final class LineEditor: @unchecked Sendable {
    /// Where history is read from and saved to; nil keeps it in memory only.
    public let historyPath: String?
    /// How many entries the history keeps.
    public let historyLimit: Int32
    /// Supplies completions: `(word being completed, whole line so far) -> candidates`.
    public var completion: ((String, String) -> [String])?

    private let interruptPipe: (read: Int32, write: Int32)
    /// Readable when the terminal was resized; nil when no pipe could be made (then no redraw).
    private let resizes = TerminalResizeSignal()
    /// The width of the prompt being shown, for ``redrawAfterResize()``.
    var shownPromptWidth = 0

    /// Sets readline up for `programName` and loads the history file, if any.
    public init(programName: String = "companion", historyPath: String? = nil, historyLimit: Int32 = 1000) {
        self.historyPath = historyPath
        self.historyLimit = historyLimit
        var fds: [Int32] = [-1, -1]
        if pipe(&fds) == 0 {
            for fd in fds { _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK) }
            for fd in fds { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
        }
        interruptPipe = (fds[0], fds[1])
        // The program, not readline, decides what SIGINT does; readline must not install handlers.
        creadline_set_catch_signals(0)
        // Nor for SIGWINCH: its handler would only run inside rl_callback_read_char, so a resize
        // while readline waits for a key went unnoticed. `resizes` wakes the poll loop instead.
        creadline_set_catch_sigwinch(0)
        creadline_set_readline_name(strdup(programName))
        creadline_set_attempted_completion_function(lineEditorAttemptCompletion)
        using_history()
        stifle_history(historyLimit)
        if let historyPath { _ = read_history(historyPath) }
    }

    deinit {
        close(interruptPipe.read)
        close(interruptPipe.write)
    }

    /// Cancels the line being edited. Safe to call from any thread or from a signal handler.
    public func interrupt() {
        var byte: UInt8 = 1
        _ = write(interruptPipe.write, &byte, 1)
    }

    /// Shows `prompt` and reads one line with full editing.
    public func readLine(prompt: String) -> LineEditorResult {
        drainInterrupts()
        CompletionBridge.provider = completion
        LineBridge.reset()
        shownPromptWidth = DisplayWidth.of(prompt)
        rl_callback_handler_install(prompt, lineEditorReceiveLine)
        defer { CompletionBridge.provider = nil }
        // poll, not select: select's fd_set holds descriptors below 1024 only, and a program
        // started with many descriptors open (inherited from its parent) gets its pipes above that.
        let resizeDescriptor = resizes?.descriptor ?? -1
        var watched = [
            pollfd(fd: STDIN_FILENO, events: Int16(POLLIN), revents: 0),
            pollfd(fd: interruptPipe.read, events: Int16(POLLIN), revents: 0),
            // A negative descriptor is skipped by poll: no resize pipe, no redraw.
            pollfd(fd: resizeDescriptor, events: Int16(POLLIN), revents: 0),
        ]
        while true {
            for index in watched.indices { watched[index].revents = 0 }
            let ready = poll(&watched, nfds_t(watched.count), -1)
            if ready < 0 {
                if errno == EINTR { continue }
                rl_callback_handler_remove()
                return .endOfInput
            }
            let keys = watched[0].revents
            // Standard input closed under us: select failed with EBADF here, poll flags it.
            if keys & Int16(POLLNVAL) != 0 {
                rl_callback_handler_remove()
                return .endOfInput
            }
            // A resize first, so keys typed after it are drawn at the new width.
            if watched[2].revents & Int16(POLLIN) != 0, resizes?.consumeResize() == true {
                redrawAfterResize()
            }
            // Keys before an interrupt: a Ctrl-C pressed just after Return belongs to the command that line
            // starts (the caller cancels it), not to the line, which is already complete. A hang-up or
            // error counts as readable, as select had it: readline then reads the end of input.
            if keys & Int16(POLLIN | POLLHUP | POLLERR) != 0 {
                rl_callback_read_char()
                if let result = LineBridge.result {
                    return result
                }
            }
            if watched[1].revents & Int16(POLLIN) != 0 {
                drainInterrupts()
                cancelLine()
                return .interrupted
            }
        }
    }

    /// Adds a line to the history (blank lines and immediate repeats are skipped) and saves the file.
    public func addToHistory(_ line: String) {
        let trimmed = line.trimmingCharacters(in: .whitespaces)
        guard !trimmed.isEmpty else { return }
        let count = creadline_history_length()
        if count > 0, let last = history_get(creadline_history_base() + count - 1), let text = last.pointee.line,
            String(cString: text) == line
        {
            return
        }
        add_history(line)
        saveHistory()
    }

    /// Writes the history file (mode 0600), creating its directory (mode 0700) when needed.
    public func saveHistory() {
        guard let historyPath else { return }
        let directory = (historyPath as NSString).deletingLastPathComponent
        if !directory.isEmpty {
            try? FileManager.default.createDirectory(
                atPath: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        }
        let previous = umask(0o077)
        _ = write_history(historyPath)
        umask(previous)
    }

    // MARK: - Private

    private func cancelLine() {
        rl_replace_line("", 0)
        rl_callback_sigcleanup()
        rl_callback_handler_remove()
        // The terminal echoes nothing for ^C while readline owns it; show it, as shells do.
        writeToStandardOutput("^C\n")
    }

    private func drainInterrupts() {
        var buffer = [UInt8](repeating: 0, count: 64)
        while read(interruptPipe.read, &buffer, buffer.count) > 0 {}
    }
}

/// The line handler readline calls in callback mode, and where it leaves its result.
private enum LineBridge {
    nonisolated(unsafe) static var result: LineEditorResult?

    static func reset() { result = nil }
}

/// The line handler readline calls in callback mode.
private func lineEditorReceiveLine(_ line: UnsafeMutablePointer<CChar>?) {
    rl_callback_handler_remove()
    if let line {
        LineBridge.result = .line(String(cString: line))
        free(line)
    } else {
        // Ctrl-D on an empty line: move past the prompt so the shell's next output starts clean.
        writeToStandardOutput("\n")
        LineBridge.result = .endOfInput
    }
}

private func writeToStandardOutput(_ text: String) {
    var bytes = Array(text.utf8)
    _ = write(STDOUT_FILENO, &bytes, bytes.count)
}
