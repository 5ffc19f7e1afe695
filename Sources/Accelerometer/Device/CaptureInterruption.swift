#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A way to wake a blocked capture or replay from another thread (a Ctrl-C handler).
///
/// It is a pipe: ``interrupt()`` writes a byte, and the waiting side polls the read end together with
/// the device, so a `read` never sleeps through a stop request and no timeout is needed.
public final class CaptureInterruption: @unchecked Sendable {
    // The descriptors never change after init; the pipe itself is the synchronisation.
    private let readEnd: Int32
    private let writeEnd: Int32

    /// Opens the pipe; nil only if the process is out of file descriptors.
    public init?() {
        var ends: [Int32] = [0, 0]
        guard pipe(&ends) == 0 else { return nil }
        readEnd = ends[0]
        writeEnd = ends[1]
        _ = fcntl(writeEnd, F_SETFL, fcntl(writeEnd, F_GETFL) | O_NONBLOCK)
        _ = fcntl(readEnd, F_SETFD, FD_CLOEXEC)
        _ = fcntl(writeEnd, F_SETFD, FD_CLOEXEC)
    }

    deinit {
        close(readEnd)
        close(writeEnd)
    }

    /// Asks the waiting side to stop; safe to call from any thread, any number of times.
    public func interrupt() {
        var byte: UInt8 = 1
        _ = write(writeEnd, &byte, 1)
    }

    /// Whether ``interrupt()`` has been called.
    public var isInterrupted: Bool {
        var descriptor = pollfd(fd: readEnd, events: Int16(POLLIN), revents: 0)
        return poll(&descriptor, 1, 0) > 0
    }

    /// Waits until `descriptor` is readable or an interrupt arrives, at most `milliseconds` (-1: forever).
    ///
    /// - Returns: false when interrupted, true when the descriptor is ready (or the time is up).
    public func wait(forReadable descriptor: Int32?, milliseconds: Int32) -> Bool {
        var descriptors = [pollfd(fd: readEnd, events: Int16(POLLIN), revents: 0)]
        if let descriptor { descriptors.append(pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)) }
        while true {
            let result = poll(&descriptors, nfds_t(descriptors.count), milliseconds)
            if result < 0 && errno == EINTR { continue }
            return descriptors[0].revents == 0
        }
    }
}
