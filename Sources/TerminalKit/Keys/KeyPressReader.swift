#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Single key presses from a terminal, for a screen that updates in place (a replay's status
/// line): keys are read one at a time as they are pressed and the terminal no longer echoes them,
/// so a `q` typed to stop does not land in the middle of the line being redrawn.
///
/// Ctrl-C still raises SIGINT (only echo and line buffering are turned off). Call ``restore()``
/// before the program ends — also on the way out through a signal — so the shell gets its
/// terminal back as it was.
///
/// ```swift
/// let keys = KeyPressReader(fileDescriptor: STDIN_FILENO)   // nil when stdin is no terminal
/// defer { keys?.restore() }
/// if keys?.pendingKeys().contains("q") == true { stop() }
/// ```
public final class KeyPressReader {
    /// The terminal's descriptor (watch it with `poll` to wake up when a key is pressed).
    public let fileDescriptor: Int32
    /// Whether the terminal has gone (end of file or hang-up): there will be no more keys.
    public private(set) var isAtEnd = false
    private var saved: termios?

    /// Switches the terminal behind `fileDescriptor` to unechoed single keys; nil when it is not a
    /// terminal, or when the program runs in the background (changing the terminal's settings
    /// would stop it with SIGTTOU, and the keys belong to the program in the foreground).
    public init?(fileDescriptor: Int32) {
        var settings = termios()
        guard isatty(fileDescriptor) == 1, tcgetpgrp(fileDescriptor) == getpgrp(),
            tcgetattr(fileDescriptor, &settings) == 0
        else { return nil }
        self.fileDescriptor = fileDescriptor
        saved = settings
        settings.c_lflag &= ~tcflag_t(ECHO | ICANON)
        // Each read returns what has been typed, at least one byte, without a timeout.
        withUnsafeMutableBytes(of: &settings.c_cc) { cc in
            cc[Int(VMIN)] = 1
            cc[Int(VTIME)] = 0
        }
        guard tcsetattr(fileDescriptor, TCSANOW, &settings) == 0 else { return nil }
    }

    deinit {
        restore()
    }

    /// The keys pressed since the last call, as text (empty when none); never waits.
    public func pendingKeys() -> String {
        var bytes: [UInt8] = []
        var request = pollfd(fd: fileDescriptor, events: Int16(POLLIN), revents: 0)
        while !isAtEnd, poll(&request, 1, 0) > 0 {
            guard request.revents & Int16(POLLIN) != 0 else {
                isAtEnd = true
                break
            }
            var buffer = [UInt8](repeating: 0, count: 64)
            let count = read(fileDescriptor, &buffer, buffer.count)
            if count < 0, errno == EINTR { continue }
            guard count > 0 else {
                isAtEnd = true
                break
            }
            bytes += buffer[0..<count]
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Gives the terminal its settings back; safe to call more than once.
    public func restore() {
        guard var settings = saved else { return }
        // TCSAFLUSH: keys typed during the replay are not run by the shell afterwards.
        _ = tcsetattr(fileDescriptor, TCSAFLUSH, &settings)
        saved = nil
    }
}
