import Foundation
import Testing

@testable import SQLite

@Suite struct FunctionTests {
    @Test func scalarFunctionReceivesArgumentsAndReturnsEveryType() throws {
        let database = try Database.inMemory()
        try database.createFunction("echo", argumentCount: 1) { $0[0] }
        for value: SQLiteValue in [.integer(-3), .real(0.25), .text("héllo"), .text(""), .blob(Data([9])), .null] {
            #expect(try database.scalar("SELECT echo(?)", [value]) == value)
        }
    }

    @Test func inPlaceFunctionLendsTextBytesAndReportsEachArgumentsType() throws {
        let database = try Database.inMemory()
        try database.createInPlaceFunction("describe", argumentCount: -1) { arguments in
            var parts: [String] = []
            for index in 0..<arguments.count {
                let bytes = arguments.withUTF8(at: index) { Array($0) }
                parts.append(
                    "\(arguments.type(at: index)):\(arguments.int64(at: index).map(String.init) ?? "nil")"
                        + ":\(bytes.map { String(decoding: $0, as: UTF8.self) } ?? "-")")
            }
            #expect(arguments.type(at: arguments.count) == .null)
            #expect(arguments[arguments.count] == .null)
            return .text(parts.joined(separator: " "))
        }
        let result = try database.scalar("SELECT describe(7, 'héllo', '', NULL, x'01')")
        #expect(result == .text("integer:7:- text:0:héllo text:0: null:nil:- blob:0:-"))
    }

    @Test func anArgumentReadAsAnIntegerIsConvertedAndNullReadsAsZero() throws {
        let database = try Database.inMemory()
        try database.createInPlaceFunction("integers", argumentCount: -1) { arguments in
            .text((0...arguments.count).map { String(arguments.integer(at: $0)) }.joined(separator: " "))
        }
        // The last index is out of range and reads as 0 too.
        #expect(try database.scalar("SELECT integers(7, NULL, '12', 2.9)") == .text("7 0 12 2 0"))
    }

    @Test func thrownErrorsFailTheStatementWithTheirDescription() throws {
        struct Refused: Error, CustomStringConvertible { var description: String { "refused politely" } }
        let database = try Database.inMemory()
        try database.createFunction("nope", argumentCount: 0) { _ in throw Refused() }
        let error = #expect(throws: SQLiteError.self) { try database.scalar("SELECT nope()") }
        #expect(error?.message == "refused politely")
    }

    @Test func deterministicFunctionsCanBeUsedInAnIndex() throws {
        let database = try Database.inMemory()
        try database.registerStringFunctions()
        try database.execute("CREATE TABLE t (s TEXT)")
        try database.execute("CREATE INDEX t_folded ON t (og_fold(s, 'cd'))")
        try database.execute("INSERT INTO t VALUES ('Crème Brûlée')")
        #expect(try database.scalar("SELECT count(*) FROM t WHERE og_fold(s, 'cd') = 'creme brulee'") == .integer(1))
    }

    @Test func stringFunctionsFoldCaseAndDiacritics() throws {
        let database = try Database.inMemory()
        try database.registerStringFunctions()
        func ask(_ sql: String, _ bindings: [SQLiteValue] = []) throws -> SQLiteValue? {
            try database.scalar(sql, bindings)
        }
        #expect(try ask("SELECT og_compare('Café', 'CAFE', 'cd')") == .integer(0))
        #expect(try ask("SELECT og_compare('Café', 'CAFE', 'c')") == .integer(1))
        #expect(try ask("SELECT og_compare('apple', 'Banana', 'c')") == .integer(-1))
        #expect(try ask("SELECT og_beginswith('Über', 'ub', 'cd')") == .integer(1))
        #expect(try ask("SELECT og_beginswith('Über', 'ub', '')") == .integer(0))
        #expect(try ask("SELECT og_endswith('naïve', 'IVE', 'cd')") == .integer(1))
        #expect(try ask("SELECT og_contains('The Matrix', 'MAT', 'c')") == .integer(1))
        #expect(try ask("SELECT og_like('Toy Story 2', 'toy*?', 'c')") == .integer(1))
        #expect(try ask("SELECT og_like('Toy', 'T?y', '')") == .integer(1))
        #expect(try ask("SELECT og_like('a*b', 'a\\*b', '')") == .integer(1))
        #expect(try ask("SELECT og_like('axb', 'a\\*b', '')") == .integer(0))
        #expect(try ask("SELECT og_matches('Up2', '[a-z]+[0-9]', 'c')") == .integer(1))
        #expect(try ask("SELECT og_matches('Up2x', '[a-z]+[0-9]', 'c')") == .integer(0))
        #expect(try ask("SELECT og_contains(NULL, 'x', 'c')") == .null)
    }

    @Test func anInvalidRegularExpressionFailsTheStatement() throws {
        let database = try Database.inMemory()
        try database.registerStringFunctions()
        let error = #expect(throws: SQLiteError.self) { try database.scalar("SELECT og_matches('a', '(', '')") }
        #expect(error?.message == "invalid regular expression: (")
    }
}
