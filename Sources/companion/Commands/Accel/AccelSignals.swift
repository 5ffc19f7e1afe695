#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif
import Accelerometer
import Dispatch

/// Ctrl-C (SIGINT) and SIGTERM turned into a ``CaptureInterruption`` with Dispatch signal sources, so
/// `record` and `play` stop cleanly — disabling the IIO buffer — instead of dying mid-write.
final class AccelSignals {
    /// Fires when a signal arrives.
    let interruption: CaptureInterruption
    private var sources: [any DispatchSourceSignal] = []
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
            source.setEventHandler { interruption.interrupt() }
            source.resume()
            sources.append(source)
        }
    }

    /// Removes the handlers and restores the default signal actions.
    func cancel() {
        for source in sources { source.cancel() }
        sources.removeAll()
        for number in Self.signals { signal(number, SIG_DFL) }
    }

    deinit {
        cancel()
    }
}
