import Foundation
import Testing

@testable import SQLite

@Suite struct StatementTests {
    private func database() throws -> Database {
        let database = try Database.inMemory()
        try database.execute("CREATE TABLE t (i INTEGER, r REAL, s TEXT, b BLOB, n)")
        return database
    }

    @Test func bindsAndReadsEveryStorageClass() throws {
        let database = try database()
        let insert = try database.prepare("INSERT INTO t VALUES (?, ?, ?, ?, ?)")
        try insert.bind(Int64.max, at: 1)
        try insert.bind(2.5, at: 2)
        try insert.bind("Grüße \u{0}mit NUL", at: 3)
        try insert.bind(Data([0, 1, 0xFF]), at: 4)
        try insert.bindNull(at: 5)
        try insert.run()

        let select = try database.prepare("SELECT i, r, s, b, n FROM t")
        #expect(try select.step())
        #expect(select.int64(at: 0) == Int64.max)
        #expect(select.double(at: 1) == 2.5)
        #expect(select.string(at: 2) == "Grüße \u{0}mit NUL")
        #expect(select.data(at: 3) == Data([0, 1, 0xFF]))
        #expect(select.isNull(at: 4))
        #expect(select.string(at: 4) == nil)
        #expect((0..<5).map { select.columnType(at: $0) } == [.integer, .real, .text, .blob, .null])
        #expect(try select.step() == false)
    }

    @Test func emptyStringAndEmptyBlobAreNotNull() throws {
        let database = try database()
        let insert = try database.prepare("INSERT INTO t (s, b) VALUES (?, ?)")
        try insert.bind([.text(""), .blob(Data())])
        try insert.run()
        let row = try #require(try database.rows("SELECT s, b, typeof(s), typeof(b) FROM t").first)
        #expect(row[0] == .text(""))
        #expect(row[1] == .blob(Data()))
        #expect(row[2] == .text("text"))
        #expect(row[3] == .text("blob"))
    }

    @Test func columnNamesAndLookupByName() throws {
        let database = try database()
        try database.execute("INSERT INTO t (i, s) VALUES (1, 'one')")
        let select = try database.prepare("SELECT i AS number, s AS word FROM t")
        #expect(select.columnNames == ["number", "word"])
        #expect(try select.step())
        #expect(select.columnIndex(named: "WORD") == 1)
        #expect(select.value(named: "number") == .integer(1))
        #expect(select.value(named: "missing") == nil)
        let row = select.row
        #expect(row["word"] == .text("one"))
        #expect(row[5] == .null)
    }

    @Test func resetRunsTheStatementAgainWithNewBindings() throws {
        let database = try database()
        let insert = try database.prepare("INSERT INTO t (i) VALUES (?)")
        for value in Int64(1)...3 {
            try insert.bind(value, at: 1)
            try insert.run()
            insert.reset()
        }
        #expect(try database.scalar("SELECT sum(i) FROM t") == .integer(6))
    }

    @Test func expandedSQLShowsTheBoundValues() throws {
        let database = try database()
        let statement = try database.prepare("SELECT * FROM t WHERE s = ? AND i = ?")
        try statement.bind([.text("it's"), .integer(4)])
        #expect(statement.expandedSQL == "SELECT * FROM t WHERE s = 'it''s' AND i = 4")
        #expect(statement.parameterCount == 2)
        #expect(statement.isReadOnly)
    }

    @Test func syntaxErrorsCarryTheSQL() throws {
        let database = try database()
        let error = #expect(throws: SQLiteError.self) { try database.prepare("SELEC nothing") }
        #expect(error?.code == .error)
        #expect(error?.sql == "SELEC nothing")
        #expect(error?.description.contains("while running: SELEC nothing") == true)
    }

    @Test func bindingPastTheLastParameterIsARangeError() throws {
        let database = try database()
        let statement = try database.prepare("SELECT ?")
        let error = #expect(throws: SQLiteError.self) { try statement.bind([.integer(1), .integer(2)]) }
        #expect(error?.code == .range)
    }

    @Test func constraintViolationsReportTheExtendedCode() throws {
        let database = try Database.inMemory()
        try database.execute("CREATE TABLE u (x UNIQUE); INSERT INTO u VALUES (1)")
        let error = #expect(throws: SQLiteError.self) { try database.execute("INSERT INTO u VALUES (1)") }
        #expect(error?.code == .constraint)
        #expect(error?.extendedCode.rawValue == 2067)  // SQLITE_CONSTRAINT_UNIQUE
    }
}
