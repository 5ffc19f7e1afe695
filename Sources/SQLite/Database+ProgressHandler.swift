import CSQLite

extension Database {
    /// Calls `handler` about every `instructions` virtual-machine steps of a running statement;
    /// returning true stops the statement with ``ResultCode/interrupt``. Nil removes it.
    ///
    /// A time limit for untrusted queries:
    /// ```swift
    /// let deadline = ContinuousClock.now + .seconds(5)
    /// database.setProgressHandler(every: 10_000) { ContinuousClock.now > deadline }
    /// ```
    public func setProgressHandler(every instructions: Int32, _ handler: (() -> Bool)?) {
        guard let connection = handle else { return }
        withConnectionMutex {
            guard let handler, instructions > 0 else {
                sqlite3_progress_handler(connection, 0, nil, nil)
                callbacks.progress = nil
                return
            }
            let box = ProgressBox(handler: handler)
            sqlite3_progress_handler(
                connection, instructions,
                { context in
                    guard let context else { return 0 }
                    return Unmanaged<ProgressBox>.fromOpaque(context).takeUnretainedValue().handler() ? 1 : 0
                }, Unmanaged.passUnretained(box).toOpaque())
            callbacks.progress = box
        }
    }
}
