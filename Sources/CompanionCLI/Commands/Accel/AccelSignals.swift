import Accelerometer
import Dispatch
import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Ctrl-C (SIGINT) and SIGTERM turned into a ``CaptureInterruption`` with Dispatch signal sources, so
/// `record` and `play` stop cleanly — disabling the IIO buffer — instead of dying mid-write.
final class AccelSignals {
    /// Fires when a signal arrives.
    let interruption: CaptureInterruption
    private var sources: [any DispatchSourceSignal] = []
    private let received = ReceivedSignal()
    private static let signals = [SIGINT, SIGTERM]

    /// Installs the handlers; the default actions are restored by ``cancel()``.
    init() throws(CommandLineError) {
        guard let interruption = CaptureInterruption() else {
            throw .failure("cannot create a pipe to catch Ctrl-C (out of file descriptors?)")
        }
        self.interruption = interruption
        for number in Self.signals {
            // Dispatch needs the default action out of the way, or the signal still kills the process.
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            let received = self.received
            source.setEventHandler {
                received.record(number)
                interruption.interrupt()
            }
            source.resume()
            sources.append(source)
        }
    }

    /// The signal that interrupted the process (the first, if several came), if any did.
    var signalNumber: Int32? { received.number }

    /// Removes the handlers and restores the default signal actions.
    func cancel() {
        for source in sources { source.cancel() }
        sources.removeAll()
        for number in Self.signals { signal(number, SIG_DFL) }
    }

    /// Ends the process the way the signal that interrupted it would have, once the action has
    /// cleaned up: the shell then sees 128 + the signal's number (130 for Ctrl-C) and knows the
    /// command was interrupted, so a script running it stops too instead of carrying on.
    func endProcess(dueTo number: Int32) -> Never {
        fflush(nil)
        cancel()
        var blocked = sigset_t()
        sigemptyset(&blocked)
        sigaddset(&blocked, number)
        pthread_sigmask(SIG_UNBLOCK, &blocked, nil)
        raise(number)
        // Only reached if the signal could not end the process: exit with the status it would have given.
        exit(128 + number)
    }

    deinit {
        cancel()
    }
}

/// The first signal a handler saw, shared between Dispatch's queue and the main thread.
private final class ReceivedSignal: @unchecked Sendable {
    // Guarded by `lock`.
    private var first: Int32?
    private let lock = NSLock()

    func record(_ number: Int32) {
        lock.withLock { first = first ?? number }
    }

    var number: Int32? { lock.withLock { first } }
}
