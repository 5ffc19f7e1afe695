import Foundation
import Testing

@testable import SQLite

@Suite struct ConfigurationTests {
    @Test func defensiveModeForbidsWritingTheSchemaDirectly() throws {
        let database = try Database.inMemory()
        try database.execute("CREATE TABLE t (x)")
        try database.configure(defensive: true)
        try database.execute("PRAGMA writable_schema = ON")
        #expect(throws: SQLiteError.self) {
            try database.execute("UPDATE sqlite_master SET sql = 'CREATE TABLE t (y)' WHERE name = 't'")
        }
    }

    @Test func configureReportsTheNewState() throws {
        let database = try Database.inMemory()
        #expect(try database.configure(.trustedSchema, enabled: false) == false)
        #expect(try database.configure(.trustedSchema, enabled: true) == true)
    }

    @Test func loweredLengthLimitRejectsLongValues() throws {
        let database = try Database.inMemory()
        let previous = database.setLimit(.length, to: 100)
        #expect(previous > 100)
        #expect(database.limit(.length) == 100)
        let error = #expect(throws: SQLiteError.self) { try database.scalar("SELECT randomblob(1000)") }
        #expect(error?.code == .tooBig)
    }
}
