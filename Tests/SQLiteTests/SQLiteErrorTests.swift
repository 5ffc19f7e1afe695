import Foundation
import TestSupport
import Testing

@testable import SQLite

@Suite struct SQLiteErrorTests {
    @Test func aFileThatIsNotSQLiteIsExplainedAsPossiblyEncrypted() throws {
        let directory = try ScratchDirectory(prefix: "SQLiteTests")
        let path = directory.path("notes.sqlite")
        try Data(repeating: 0x41, count: 4096).write(to: URL(fileURLWithPath: path))
        let database = try Database(path: path, flags: .readOnly)
        let error = #expect(throws: SQLiteError.self) { try database.execute("SELECT * FROM sqlite_master") }
        #expect(error?.code == .notADatabase)
        #expect(error?.explanation == "not an SQLite file (encrypted?)")
    }

    @Test func aDamagedFileIsReportedAsMalformed() throws {
        let directory = try ScratchDirectory(prefix: "SQLiteTests")
        let path = directory.path("damaged.sqlite")
        do {
            let database = try Database(path: path)
            try database.execute("CREATE TABLE t (x); INSERT INTO t VALUES (randomblob(3000));")
        }
        // Overwrite the schema page (page 1 after the 100-byte header) with garbage.
        var bytes = try Data(contentsOf: URL(fileURLWithPath: path))
        for index in 100..<min(4096, bytes.count) { bytes[index] = 0xEE }
        try bytes.write(to: URL(fileURLWithPath: path))
        let database = try Database(path: path, flags: .readOnly)
        let error = #expect(throws: SQLiteError.self) { try database.rows("SELECT * FROM t") }
        #expect(error?.code == .corrupt)
        #expect(error?.explanation == "database disk image is malformed")
    }

    @Test func aFullDatabaseIsReportedAsFull() throws {
        let database = try Database.inMemory()
        try database.execute("CREATE TABLE t (x)")
        try database.execute("PRAGMA max_page_count = 3")
        let error = #expect(throws: SQLiteError.self) {
            try database.execute("INSERT INTO t VALUES (randomblob(100000))")
        }
        #expect(error?.code == .full)
        #expect(error?.explanation == "the database or the disk is full")
    }

    @Test func descriptionNamesExplanationMessageCodeAndSQL() {
        let error = SQLiteError(code: .busy, message: "database is locked", sql: "BEGIN EXCLUSIVE", path: "/tmp/a")
        #expect(
            error.description == "the database is locked by another connection or process "
                + "(database is locked, SQLite code 5) in \"/tmp/a\" while running: BEGIN EXCLUSIVE")
    }

    @Test func extendedCodesKeepTheirPrimaryCode() {
        let error = SQLiteError(code: ResultCode(rawValue: 1032))  // SQLITE_READONLY_DBMOVED
        #expect(error.code == .readOnly)
        #expect(error.extendedCode.rawValue == 1032)
    }
}
