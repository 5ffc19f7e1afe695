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
            deadline = Self.deadline(after: seconds, from: now)
            fired = false
        }
    }

    /// `now` plus `seconds`, in nanoseconds, saturating: a limit too long to count in 64 bits
    /// (`--timeout 1e308`, `.infinity`) is no limit rather than a trapping conversion, and a NaN
    /// or negative one has already passed.
    static func deadline(after seconds: Double, from now: UInt64) -> UInt64 {
        let nanoseconds = seconds * 1_000_000_000
        guard nanoseconds > 0 else { return now }
        guard nanoseconds < 0x1p64 else { return .max }
        let (sum, overflow) = now.addingReportingOverflow(UInt64(nanoseconds))
        return overflow ? .max : sum
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
