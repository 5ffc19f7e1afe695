import Dispatch
import Foundation

/// Every private copy alive in this process, so none outlives it, even after Ctrl-C.
///
/// ``installInterruptHandler()`` replaces the default SIGINT/SIGTERM action with a Dispatch signal
/// source: when no interactive shell has claimed the interrupt, it removes every registered
/// directory and exits with 130 (128 + SIGINT), as a shell expects. The interactive shell claims
/// the interrupt with ``setInterruptAction(_:)`` to cancel the running query instead.
public final class TemporaryCopyRegistry: @unchecked Sendable {
    /// The process-wide registry.
    public static let shared = TemporaryCopyRegistry()

    private let lock = NSLock()
    private var directories: Set<String> = []
    private var sources: [any DispatchSourceSignal] = []
    private var interruptAction: (@Sendable () -> Void)?

    private init() {}

    /// Records a directory to remove on exit.
    func register(_ directory: String) {
        lock.withLock { _ = directories.insert(directory) }
    }

    /// Forgets a directory that was removed normally.
    func unregister(_ directory: String) {
        lock.withLock { _ = directories.remove(directory) }
    }

    /// The directories currently alive (for tests and diagnostics).
    public var liveDirectories: Set<String> {
        lock.withLock { directories }
    }

    /// Removes every registered directory now.
    public func removeAll() {
        let all = lock.withLock { () -> Set<String> in
            defer { directories.removeAll() }
            return directories
        }
        for directory in all { PrivateCopy.removeDirectory(directory) }
    }

    /// Makes SIGINT run `action` (for example `sqlite3_interrupt`) instead of ending the process;
    /// pass nil to restore cleanup-and-exit.
    public func setInterruptAction(_ action: (@Sendable () -> Void)?) {
        lock.withLock { interruptAction = action }
    }

    /// Installs the Dispatch signal sources for SIGINT, SIGTERM and SIGHUP (once per process).
    public func installInterruptHandler() {
        lock.withLock {
            guard sources.isEmpty else { return }
            for number in [SIGINT, SIGTERM, SIGHUP] {
                // A Dispatch source only observes a signal; the default action must be off or the
                // process would die before the handler runs.
                signal(number, SIG_IGN)
                let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
                source.setEventHandler { [weak self] in self?.handle(number) }
                source.resume()
                sources.append(source)
            }
        }
    }

    private func handle(_ number: Int32) {
        let action = lock.withLock { interruptAction }
        if number == SIGINT, let action {
            action()
            return
        }
        removeAll()
        exit(128 + number)
    }
}
