import Foundation
import TestSupport
import Testing

@testable import SQLite

@Suite struct DatabaseTests {
    @Test func createsAFileAndReadsBackWhatWasWritten() throws {
        let directory = try ScratchDirectory(prefix: "SQLiteTests")
        let path = directory.path("a.sqlite")
        do {
            let database = try Database(path: path, flags: .readWriteCreate)
            try database.execute("CREATE TABLE t (x INTEGER); INSERT INTO t VALUES (7);")
        }
        #expect(FileManager.default.fileExists(atPath: path))
        let reopened = try Database(path: path, flags: .readOnly)
        #expect(try reopened.scalar("SELECT x FROM t") == .integer(7))
    }

    @Test func readOnlyConnectionRefusesWrites() throws {
        let directory = try ScratchDirectory(prefix: "SQLiteTests")
        let path = directory.path("a.sqlite")
        try Database(path: path).execute("CREATE TABLE t (x)")
        let database = try Database(path: path, flags: .readOnly)
        let error = #expect(throws: SQLiteError.self) { try database.execute("INSERT INTO t VALUES (1)") }
        #expect(error?.code == .readOnly)
        #expect(error?.explanation.contains("read-only") == true)
    }

    @Test func openingWithoutCreateFailsForAMissingFile() throws {
        let directory = try ScratchDirectory(prefix: "SQLiteTests")
        let error = #expect(throws: SQLiteError.self) {
            try Database(path: directory.path("missing.sqlite"), flags: .readWrite)
        }
        #expect(error?.code == .cannotOpen)
        #expect(error?.path == directory.path("missing.sqlite"))
    }

    @Test func openingInAMissingDirectoryFailsWithCannotOpen() throws {
        let error = #expect(throws: SQLiteError.self) {
            try Database(path: "/nonexistent-directory-\(UUID().uuidString)/x.sqlite")
        }
        #expect(error?.code == .cannotOpen)
        #expect(error?.description.contains("unable to open the database file") == true)
    }

    @Test func uriFilenamesAreHonoured() throws {
        let directory = try ScratchDirectory(prefix: "SQLiteTests")
        let path = directory.path("u.sqlite")
        try Database(path: path).execute("CREATE TABLE t (x)")
        let database = try Database(path: "file:\(path)?mode=ro", flags: [.readWrite, .uri])
        let error = #expect(throws: SQLiteError.self) { try database.execute("INSERT INTO t VALUES (1)") }
        #expect(error?.code == .readOnly)
    }

    @Test func lastInsertRowIDAndChangesReportTheLastStatement() throws {
        let database = try Database.inMemory()
        try database.execute("CREATE TABLE t (id INTEGER PRIMARY KEY, x)")
        try database.execute("INSERT INTO t (x) VALUES (1), (2), (3)")
        #expect(database.lastInsertRowID == 3)
        #expect(database.changes == 3)
        try database.execute("UPDATE t SET x = 0 WHERE id > 1")
        #expect(database.changes == 2)
    }

    @Test func transactionCommitsOnSuccessAndRollsBackOnError() throws {
        struct Failure: Error {}
        let database = try Database.inMemory()
        try database.execute("CREATE TABLE t (x)")
        try database.transaction(.exclusive) { try database.execute("INSERT INTO t VALUES (1)") }
        #expect(throws: Failure.self) {
            try database.transaction {
                try database.execute("INSERT INTO t VALUES (2)")
                throw Failure()
            }
        }
        #expect(try database.scalar("SELECT group_concat(x) FROM t") == .text("1"))
        #expect(database.isAutocommit)
    }

    @Test func closedConnectionReportsMisuse() throws {
        let database = try Database.inMemory()
        database.close()
        database.close()
        #expect(database.isClosed)
        let error = #expect(throws: SQLiteError.self) { try database.execute("SELECT 1") }
        #expect(error?.code == .misuse)
    }

    @Test func busyTimeoutLetsASecondWriterFailWithBusy() throws {
        let directory = try ScratchDirectory(prefix: "SQLiteTests")
        let path = directory.path("b.sqlite")
        let first = try Database(path: path)
        try first.execute("CREATE TABLE t (x)")
        let second = try Database(path: path)
        try second.setBusyTimeout(milliseconds: 0)
        try first.begin(.exclusive)
        let error = #expect(throws: SQLiteError.self) { try second.execute("INSERT INTO t VALUES (1)") }
        #expect(error?.code == .busy)
        try first.rollback()
    }
}
