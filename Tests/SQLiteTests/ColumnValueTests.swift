import Foundation
import Testing

@testable import SQLite

/// A column read through `Statement.columnValue(at:)` (one call into the connection) reads as the
/// per-part column readers read it.
@Suite struct ColumnValueTests {
    @Test func aColumnValueReadsEachStorageClassAsTheColumnReadersDo() throws {
        let database = try Database.inMemory()
        try database.execute("CREATE TABLE t (i INTEGER, r REAL, s TEXT, n, e TEXT)")
        let insert = try database.prepare("INSERT INTO t VALUES (?, ?, ?, ?, ?)")
        try insert.bind([.integer(Int64.min), .real(-0.25), .text("Grüße \u{0}mit NUL"), .null, .text("")])
        try insert.run()

        let select = try database.prepare("SELECT i, r, s, n, e FROM t")
        #expect(try select.step())
        let columns = try (0..<5).map { try #require(select.columnValue(at: $0)) }
        #expect(columns.map(\.type) == (0..<5).map { select.columnType(at: $0) })
        #expect(columns[0].int64 == Int64.min)
        #expect(columns[1].double == -0.25)
        #expect(columns[2].string == "Grüße \u{0}mit NUL")
        #expect(columns[3].type == .null && columns[3].string == nil && columns[3].int64 == 0)
        #expect(columns[4].type == .text && columns[4].string == "")
    }

    @Test func aColumnValueConvertsBetweenClassesAsSQLiteDoes() throws {
        let database = try Database.inMemory()
        let select = try database.prepare("SELECT 42, '7.5', 3.9")
        #expect(try select.step())
        #expect(select.columnValue(at: 0)?.string == "42")
        #expect(select.columnValue(at: 1)?.double == 7.5)
        #expect(select.columnValue(at: 2)?.int64 == 3)
        #expect(select.columnValue(at: 2)?.int64 == select.int64(at: 2))
    }
}
