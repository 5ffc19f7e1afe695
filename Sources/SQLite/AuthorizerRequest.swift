import CSQLite

/// One action SQLite asks the authorizer about while compiling a statement.
public struct AuthorizerRequest: Sendable {
    /// The action code (`SQLITE_READ`, `SQLITE_INSERT`, …).
    public struct Action: RawRepresentable, Hashable, Sendable {
        /// The `SQLITE_*` action code.
        public var rawValue: Int32

        /// Wraps an action code.
        public init(rawValue: Int32) {
            self.rawValue = rawValue
        }

        /// `SQLITE_CREATE_TABLE`: first argument is the table.
        public static let createTable = Action(rawValue: SQLITE_CREATE_TABLE)
        /// `SQLITE_CREATE_INDEX`.
        public static let createIndex = Action(rawValue: SQLITE_CREATE_INDEX)
        /// `SQLITE_DELETE`: first argument is the table.
        public static let delete = Action(rawValue: SQLITE_DELETE)
        /// `SQLITE_DROP_TABLE`.
        public static let dropTable = Action(rawValue: SQLITE_DROP_TABLE)
        /// `SQLITE_INSERT`: first argument is the table.
        public static let insert = Action(rawValue: SQLITE_INSERT)
        /// `SQLITE_PRAGMA`: the pragma name and its argument.
        public static let pragma = Action(rawValue: SQLITE_PRAGMA)
        /// `SQLITE_READ`: the table and the column.
        public static let read = Action(rawValue: SQLITE_READ)
        /// `SQLITE_SELECT`.
        public static let select = Action(rawValue: SQLITE_SELECT)
        /// `SQLITE_TRANSACTION`: the operation (`BEGIN`, `COMMIT`, …).
        public static let transaction = Action(rawValue: SQLITE_TRANSACTION)
        /// `SQLITE_UPDATE`: the table and the column.
        public static let update = Action(rawValue: SQLITE_UPDATE)
        /// `SQLITE_ATTACH`: the file name.
        public static let attach = Action(rawValue: SQLITE_ATTACH)
        /// `SQLITE_DETACH`.
        public static let detach = Action(rawValue: SQLITE_DETACH)
        /// `SQLITE_ALTER_TABLE`.
        public static let alterTable = Action(rawValue: SQLITE_ALTER_TABLE)
        /// `SQLITE_FUNCTION`: second argument is the function name.
        public static let function = Action(rawValue: SQLITE_FUNCTION)
    }

    /// What the statement wants to do.
    public var action: Action
    /// The first detail (usually a table or pragma name).
    public var firstArgument: String?
    /// The second detail (usually a column name or pragma argument).
    public var secondArgument: String?
    /// The database name (`main`, `temp`, an attached name).
    public var databaseName: String?
    /// The innermost trigger or view responsible, if any.
    public var triggerOrView: String?
}

/// The authorizer's answer.
public enum AuthorizerDecision: Sendable {
    /// Let the action happen (`SQLITE_OK`).
    case allow
    /// Fail the whole statement with ``ResultCode/authorization`` (`SQLITE_DENY`).
    case deny
    /// Read the column as NULL or skip the action silently (`SQLITE_IGNORE`).
    case ignore
}
