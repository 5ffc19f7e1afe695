/// The SQLite module: a thin Swift wrapper over the SQLite C API (Database, Statement, Row, SQLiteError).
public enum SQLiteModule {}
