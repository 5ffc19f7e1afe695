extension SQLiteError {
    /// A sentence a student understands, for the codes people meet in practice.
    ///
    /// SQLite's own messages are terse ("file is not a database"); these say what usually causes
    /// the error, so a teaching assistant can act on it without looking the code up.
    public var explanation: String {
        switch code {
        case .notADatabase: return "not an SQLite file (encrypted?)"
        case .corrupt: return "database disk image is malformed"
        case .full: return "the database or the disk is full"
        case .readOnly: return "the database is read-only (file permissions, or it was opened read-only)"
        case .cannotOpen: return "unable to open the database file (does its directory exist, may you read it?)"
        case .busy: return "the database is locked by another connection or process"
        case .locked: return "a table is locked by another statement on the same connection"
        case .interrupt: return "the statement was interrupted"
        case .constraint: return "a constraint failed (unique, not null, check or foreign key)"
        case .authorization: return "the statement was refused by the authorizer"
        case .tooBig: return "a string or blob is larger than the configured limit"
        case .range: return "a parameter index is out of range"
        case .ioError: return "a disk input/output error occurred"
        case .permission: return "access permission denied"
        case .noMemory: return "SQLite ran out of memory"
        case .misuse: return "the SQLite library was used incorrectly"
        case .schemaChanged: return "the database schema changed while the statement ran"
        case .error: return "SQL error"
        default: return code.description
        }
    }
}

extension SQLiteError: CustomStringConvertible {
    /// The explanation, SQLite's message when it adds anything, the file and the SQL.
    ///
    /// For example: `not an SQLite file (encrypted?) (file is not a database, SQLITE code 26)
    /// in "/tmp/x.sqlite" while running: SELECT …`.
    public var description: String {
        var text = explanation
        let detail = message == explanation ? "" : message + ", "
        text += " (\(detail)SQLite code \(extendedCode.rawValue))"
        if let path { text += " in \"\(path)\"" }
        if let sql { text += " while running: \(sql)" }
        return text
    }
}
