import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Shows long output through a pager, as DESIGN.md §5 says: only when standard output is a
/// terminal; `$PAGER` if set, else `less -R -F -K` (raw colour, quit when it fits one screen,
/// quit on Ctrl-C), always with `LESSCHARSET=UTF-8`.
///
/// `less` resets the style at every line start, so the text given to a pager must re-open styles
/// and links on every line; ``StyledLine`` output does.
public struct Pager: Sendable {
    /// The shell command that runs the pager.
    public let command: String
    /// Variables added to the pager's environment.
    public let environment: [String: String]

    /// The pager chosen from an environment: `$PAGER` when set and non-empty, else less.
    ///
    /// `LESS` is set to `-R -F -K` when the user has not set it, so a `$PAGER` that is `less`
    /// still shows colour. An empty `$PAGER` counts as unset; `PAGER=cat` means no pager
    /// (see ``isWanted(environment:isTerminal:)``).
    public init(environment: [String: String]) {
        let chosen = environment["PAGER"].map { $0.trimmingCharacters(in: .whitespaces) } ?? ""
        command = chosen.isEmpty ? "less -R -F -K" : chosen
        var added = ["LESSCHARSET": "UTF-8"]
        if environment["LESS"] == nil { added["LESS"] = "-R -F -K" }
        self.environment = added
    }

    /// Whether output should go through a pager at all: only on a terminal, and not when the
    /// user asked for `cat` as pager.
    public static func isWanted(environment: [String: String], isTerminal: Bool) -> Bool {
        guard isTerminal else { return false }
        return environment["PAGER"].map { $0.trimmingCharacters(in: .whitespaces) } != "cat"
    }

    /// Runs the pager with `text` on its standard input and waits until the user quits it.
    ///
    /// Returns false when the pager could not be started or its command was not found (the shell
    /// exits 126 or 127), so the caller prints directly. A user quitting early is normal: the
    /// broken pipe is ignored.
    ///
    /// The pager is started with `posix_spawn` rather than Foundation's `Process`, which puts the
    /// child in a new session: without a controlling terminal `less` cannot read keys from
    /// `/dev/tty` and quits at once.
    @discardableResult
    public func show(_ text: String) -> Bool {
        var descriptors: [Int32] = [0, 0]
        guard pipe(&descriptors) == 0 else { return false }
        let (readEnd, writeEnd) = (descriptors[0], descriptors[1])
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, readEnd, STDIN_FILENO)
        posix_spawn_file_actions_addclose(&actions, readEnd)
        posix_spawn_file_actions_addclose(&actions, writeEnd)

        var merged = ProcessInfo.processInfo.environment
        for (key, value) in environment { merged[key] = value }
        let words: [String] = ["/bin/sh", "-c", command]
        let arguments: [UnsafeMutablePointer<CChar>?] = words.map { (word: String) in strdup(word) } + [nil]
        let variables: [UnsafeMutablePointer<CChar>?] =
            merged.map { (key: String, value: String) in strdup(key + "=" + value) } + [nil]
        defer {
            for pointer in arguments { free(pointer) }
            for pointer in variables { free(pointer) }
        }
        var child = pid_t()
        let spawned = posix_spawn(&child, "/bin/sh", &actions, nil, arguments, variables)
        close(readEnd)
        guard spawned == 0 else {
            close(writeEnd)
            return false
        }
        // Writing to a pager the user has quit must not kill us with SIGPIPE, and Ctrl-C (which
        // `less -K` obeys) must not end us before the pager has restored the terminal.
        let previousPipe = signal(SIGPIPE, SIG_IGN)
        let previousInterrupt = signal(SIGINT, SIG_IGN)
        defer {
            signal(SIGPIPE, previousPipe)
            signal(SIGINT, previousInterrupt)
        }
        Self.writeAll(text, to: writeEnd)
        close(writeEnd)
        var status: Int32 = 0
        while waitpid(child, &status, 0) == -1, errno == EINTR {}
        // WIFEXITED / WEXITSTATUS, spelled out (the C macros are not imported).
        let exitedNormally = status & 0x7F == 0
        let exitCode = (status >> 8) & 0xFF
        return !(exitedNormally && (exitCode == 126 || exitCode == 127))
    }

    /// Writes all of `text`, stopping quietly when the reader has gone (EPIPE).
    private static func writeAll(_ text: String, to descriptor: Int32) {
        var bytes = Array(text.utf8)
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeMutableBytes { buffer in
                write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
            }
            if written < 0 {
                if errno == EINTR { continue }
                return
            }
            offset += written
        }
    }
}
