import CSQLite

extension Database {
    /// Installs (or, with nil, removes) a handler told about every statement as it runs.
    ///
    /// ```swift
    /// database.setTraceHandler([.statement], expandingSQL: true) { event in
    ///     print(event.expandedSQL ?? event.sql)
    /// }
    /// ```
    ///
    /// The handler runs on the thread running the statement, inside SQLite: it must not use the
    /// connection itself.
    ///
    /// - Parameters:
    ///   - options: which events to deliver.
    ///   - expandingSQL: also fill ``TraceEvent/expandedSQL`` (costs a copy per statement).
    public func setTraceHandler(
        _ options: TraceEvent.Options = [.statement], expandingSQL: Bool = false,
        _ handler: ((TraceEvent) -> Void)?
    ) {
        guard let connection = handle else { return }
        withConnectionMutex {
            guard let handler else {
                sqlite3_trace_v2(connection, 0, nil, nil)
                callbacks.trace = nil
                return
            }
            let box = TraceBox(handler: handler, expandsSQL: expandingSQL)
            sqlite3_trace_v2(
                connection, options.rawValue,
                { mask, context, statement, detail in
                    guard let context, let statement else { return 0 }
                    let box = Unmanaged<TraceBox>.fromOpaque(context).takeUnretainedValue()
                    let pointer = OpaquePointer(statement)
                    let sql = sqlite3_sql(pointer).map { String(cString: $0) } ?? ""
                    var expanded: String?
                    if box.expandsSQL, let text = sqlite3_expanded_sql(pointer) {
                        expanded = String(cString: text)
                        sqlite3_free(text)
                    }
                    switch mask {
                    case UInt32(SQLITE_TRACE_STMT):
                        box.handler(TraceEvent(kind: .statement, sql: sql, expandedSQL: expanded))
                    case UInt32(SQLITE_TRACE_PROFILE):
                        let nanoseconds = detail?.assumingMemoryBound(to: Int64.self).pointee ?? 0
                        box.handler(
                            TraceEvent(kind: .profile(nanoseconds: nanoseconds), sql: sql, expandedSQL: expanded))
                    default:
                        break
                    }
                    return 0
                }, Unmanaged.passUnretained(box).toOpaque())
            callbacks.trace = box
        }
    }
}

extension Database {
    /// Removes the trace handler, if any.
    public func removeTraceHandler() {
        setTraceHandler([], nil)
    }
}
