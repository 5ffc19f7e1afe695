import Foundation

extension ManagedObjectContext {
    /// Runs `block` on the context's queue later and returns at once.
    ///
    /// ```swift
    /// background.perform {
    ///     let movie = try? background.insertNewObject(forEntityName: "Movie")
    ///     movie?["name"] = "Up"
    ///     try? background.save()
    /// }
    /// ```
    public func perform(_ block: @escaping @Sendable () -> Void) {
        queue.async(execute: block)
    }

    /// Runs `block` on the context's queue and waits for it, returning its result.
    ///
    /// Safe to call from inside the context's own queue (the block then runs at once), and from
    /// the main thread for a main-queue context.
    public func performAndWait<T>(_ block: () throws -> T) rethrows -> T {
        if isOnContextQueue { return try block() }
        return try queue.sync(execute: block)
    }

    /// Runs `block` on the context's queue and returns its result to the awaiting task.
    public func perform<T: Sendable>(_ block: @escaping @Sendable () throws -> T) async throws -> T {
        try await withCheckedThrowingContinuation { continuation in
            queue.async {
                continuation.resume(with: Result { try block() })
            }
        }
    }

    /// Whether the caller already runs on the context's queue.
    var isOnContextQueue: Bool {
        if concurrencyType == .mainQueue, Thread.isMainThread { return true }
        return DispatchQueue.getSpecific(key: queueKey) == ObjectIdentifier(self)
    }
}
