import Foundation

/// Counts the stores open in this process, for ``InspectedStore/openCount``.
final class OpenStoreCounter: @unchecked Sendable {
    static let shared = OpenStoreCounter()

    private let lock = NSLock()
    private var value = 0

    var count: Int { lock.withLock { value } }

    func add(_ delta: Int) {
        lock.withLock { value += delta }
    }

    /// One store's share of the count: counted from ``open()`` until the first ``close()``.
    final class Token: @unchecked Sendable {
        private let lock = NSLock()
        private var isOpen = false

        func open() {
            lock.withLock { isOpen = true }
            OpenStoreCounter.shared.add(1)
        }

        func close() {
            let wasOpen = lock.withLock { () -> Bool in
                defer { isOpen = false }
                return isOpen
            }
            if wasOpen { OpenStoreCounter.shared.add(-1) }
        }
    }
}
