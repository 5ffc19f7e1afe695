import Foundation

extension SQLDebugLog {
    /// A thread-safe collector of log lines, for tests and for programs that show the log
    /// somewhere other than standard error.
    ///
    /// ```swift
    /// let lines = SQLDebugLog.Lines()
    /// let log = SQLDebugLog(level: 1, sink: lines.append)
    /// ```
    public final class Lines: @unchecked Sendable {
        private let lock = NSLock()
        private var storage: [String] = []

        /// Makes an empty collector.
        public init() {}

        /// Adds one line.
        @Sendable public func append(_ line: String) {
            lock.withLock { storage.append(line) }
        }

        /// Every line so far, in order.
        public var all: [String] {
            lock.withLock { storage }
        }

        /// Forgets the lines collected so far.
        public func removeAll() {
            lock.withLock { storage.removeAll() }
        }
    }
}
