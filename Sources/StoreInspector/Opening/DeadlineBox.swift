import Foundation

/// The time limit shared with SQLite's progress handler (which may run on any thread).
final class DeadlineBox: @unchecked Sendable {
    private let lock = NSLock()
    private var deadline: UInt64?
    private var fired = false
    private var depth = 0

    /// Starts the clock; a query run while another is being stepped shares the outer deadline.
    func start(seconds: Double) {
        let now = DispatchTime.now().uptimeNanoseconds
        lock.withLock {
            depth += 1
            guard depth == 1 else { return }
            deadline = now + UInt64(max(seconds, 0) * 1_000_000_000)
            fired = false
        }
    }

    func stop() {
        lock.withLock {
            depth = max(0, depth - 1)
            if depth == 0 { deadline = nil }
        }
    }

    private var cancelled = false

    var expired: Bool { lock.withLock { fired } }

    var wasCancelled: Bool { lock.withLock { cancelled } }

    func cancel() { lock.withLock { cancelled = true } }

    func clearCancel() { lock.withLock { cancelled = false } }

    /// Asked by SQLite's progress handler: stop when interrupted or past the deadline.
    var isPastDeadline: Bool {
        let now = DispatchTime.now().uptimeNanoseconds
        return lock.withLock {
            if cancelled { return true }
            guard let deadline, now > deadline else { return false }
            fired = true
            return true
        }
    }
}
