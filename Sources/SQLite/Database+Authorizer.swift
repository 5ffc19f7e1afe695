import CSQLite

extension Database {
    /// Installs (or, with nil, removes) a callback that approves each action while statements
    /// are compiled. Use it to run untrusted SQL read-only:
    ///
    /// ```swift
    /// database.setAuthorizer { request in
    ///     [.select, .read, .function].contains(request.action) ? .allow : .deny
    /// }
    /// ```
    public func setAuthorizer(_ handler: ((AuthorizerRequest) -> AuthorizerDecision)?) {
        guard let connection = handle else { return }
        withConnectionMutex {
            guard let handler else {
                sqlite3_set_authorizer(connection, nil, nil)
                callbacks.authorizer = nil
                return
            }
            let box = AuthorizerBox(handler: handler)
            sqlite3_set_authorizer(
                connection,
                { context, action, first, second, database, trigger in
                    guard let context else { return SQLITE_OK }
                    let box = Unmanaged<AuthorizerBox>.fromOpaque(context).takeUnretainedValue()
                    let request = AuthorizerRequest(
                        action: AuthorizerRequest.Action(rawValue: action),
                        firstArgument: first.map { String(cString: $0) },
                        secondArgument: second.map { String(cString: $0) },
                        databaseName: database.map { String(cString: $0) },
                        triggerOrView: trigger.map { String(cString: $0) })
                    switch box.handler(request) {
                    case .allow: return SQLITE_OK
                    case .deny: return SQLITE_DENY
                    case .ignore: return SQLITE_IGNORE
                    }
                }, Unmanaged.passUnretained(box).toOpaque())
            callbacks.authorizer = box
        }
    }
}
