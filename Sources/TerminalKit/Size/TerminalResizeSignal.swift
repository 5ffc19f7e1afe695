import Dispatch

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Makes a terminal resize (SIGWINCH) something a program waiting in `select` or `poll` can see:
/// a file descriptor that becomes readable when the window changed size.
///
/// Nothing runs in signal context. A Dispatch signal source observes SIGWINCH and its handler, on
/// a Dispatch queue, writes one byte to a private pipe; the waiting program watches the pipe's read
/// end (``descriptor``), calls ``consumeResize()`` and redraws at the new size on its own thread.
///
/// ```swift
/// let resizes = TerminalResizeSignal()
/// // select on STDIN and resizes?.descriptor …
/// if resizes?.consumeResize() == true { redraw() }
/// ```
public final class TerminalResizeSignal: @unchecked Sendable {
    /// The read end of the pipe: readable once the terminal has been resized.
    public let descriptor: Int32
    private let writeEnd: Int32
    private let source: any DispatchSourceSignal

    /// Starts watching for SIGWINCH; nil when no pipe can be made (out of file descriptors).
    public init?() {
        var ends: [Int32] = [-1, -1]
        guard pipe(&ends) == 0 else { return nil }
        for end in ends {
            _ = fcntl(end, F_SETFL, fcntl(end, F_GETFL) | O_NONBLOCK)
            _ = fcntl(end, F_SETFD, FD_CLOEXEC)
        }
        descriptor = ends[0]
        writeEnd = ends[1]
        // SIGWINCH's default action is to do nothing, so unlike SIGINT it needs no SIG_IGN first.
        source = DispatchSource.makeSignalSource(signal: SIGWINCH, queue: .global())
        let writeEnd = self.writeEnd
        source.setEventHandler {
            // A full pipe already says "resized"; one more byte would add nothing.
            var byte: UInt8 = 1
            _ = write(writeEnd, &byte, 1)
        }
        // The write end is closed only once no handler can still be running, so a handler never
        // writes to a descriptor number the process has meanwhile reused.
        source.setCancelHandler { close(writeEnd) }
        // Dispatch starts observing the signal on its own thread after `resume()`: a resize in
        // between would go unseen. Wait (briefly, at most a second) until it observes.
        let observing = DispatchSemaphore(value: 0)
        source.setRegistrationHandler { observing.signal() }
        source.resume()
        _ = observing.wait(timeout: .now() + 1)
    }

    deinit {
        source.cancel()
        close(descriptor)
    }

    /// Empties the pipe; returns whether the terminal was resized since the last call.
    public func consumeResize() -> Bool {
        var buffer = [UInt8](repeating: 0, count: 64)
        var resized = false
        while read(descriptor, &buffer, buffer.count) > 0 { resized = true }
        return resized
    }
}
