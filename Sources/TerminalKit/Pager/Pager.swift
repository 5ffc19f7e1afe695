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
    @discardableResult
    public func show(_ text: String) -> Bool {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", command]
        var environment = ProcessInfo.processInfo.environment
        for (key, value) in self.environment { environment[key] = value }
        process.environment = environment
        let input = Pipe()
        process.standardInput = input
        // Writing to a pager the user has quit must not kill us with SIGPIPE.
        signal(SIGPIPE, SIG_IGN)
        do {
            try process.run()
        } catch {
            return false
        }
        let handle = input.fileHandleForWriting
        var bytes = Data(text.utf8)
        while !bytes.isEmpty {
            let chunk = bytes.prefix(65_536)
            do {
                try handle.write(contentsOf: chunk)
            } catch {
                break
            }
            bytes.removeFirst(chunk.count)
        }
        try? handle.close()
        process.waitUntilExit()
        return ![126, 127].contains(process.terminationStatus)
    }
}
