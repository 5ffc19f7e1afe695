/// The Swift closures a connection has handed to SQLite, kept alive while SQLite may call them.
///
/// SQLite receives an unretained pointer to each box (`Unmanaged.toOpaque`); the box lives as
/// long as this storage holds it, and the storage is replaced only under the connection mutex
/// after the C callback has been removed, so SQLite never calls into a released box.
struct CallbackStorage {
    var trace: TraceBox?
    var progress: ProgressBox?
    var authorizer: AuthorizerBox?
}

/// Holds a trace handler and what it asked for.
final class TraceBox {
    let handler: (TraceEvent) -> Void
    let expandsSQL: Bool

    init(handler: @escaping (TraceEvent) -> Void, expandsSQL: Bool) {
        self.handler = handler
        self.expandsSQL = expandsSQL
    }
}

/// Holds a progress handler.
final class ProgressBox {
    let handler: () -> Bool

    init(handler: @escaping () -> Bool) {
        self.handler = handler
    }
}

/// Holds an authorizer.
final class AuthorizerBox {
    let handler: (AuthorizerRequest) -> AuthorizerDecision

    init(handler: @escaping (AuthorizerRequest) -> AuthorizerDecision) {
        self.handler = handler
    }
}
