import Foundation
import SQLite
import Testing

@testable import ObjectGraph

@Suite struct SQLDebugLogTests {
    @Test func commandLineArgumentSetsTheLevel() {
        let arguments = ["theater", "-com.apple.CoreData.SQLDebug", "3"]
        #expect(SQLDebugLog.level(arguments: arguments, environment: [:]) == 3)
    }

    @Test func commandLineArgumentWinsOverTheEnvironment() {
        let arguments = ["theater", "-com.apple.CoreData.SQLDebug", "4"]
        #expect(SQLDebugLog.level(arguments: arguments, environment: ["SQLDEBUG": "1"]) == 4)
    }

    @Test func environmentVariableSetsTheLevel() {
        #expect(SQLDebugLog.level(arguments: ["theater"], environment: ["SQLDEBUG": "1"]) == 1)
        #expect(SQLDebugLog.level(arguments: ["theater"], environment: [:]) == 0)
        #expect(SQLDebugLog.level(arguments: ["theater"], environment: ["SQLDEBUG": "YES"]) == 1)
        #expect(SQLDebugLog.level(arguments: ["theater", "-com.apple.CoreData.SQLDebug"], environment: [:]) == 1)
    }

    @Test func theFlagsValueIsTheNextArgumentUnlessThatIsAnotherOption() {
        let flag = SQLDebugLog.argumentFlag
        #expect(SQLDebugLog.level(arguments: ["theater", flag, "YES"], environment: [:]) == 1)
        #expect(SQLDebugLog.level(arguments: ["theater", flag, "NO"], environment: [:]) == 0)
        #expect(SQLDebugLog.level(arguments: ["theater", flag, "--reset"], environment: [:]) == 1)
        #expect(SQLDebugLog.argumentsTaken(byFlagAt: 1, in: ["theater", flag, "YES"]) == 2)
        #expect(SQLDebugLog.argumentsTaken(byFlagAt: 1, in: ["theater", flag, "3"]) == 2)
        #expect(SQLDebugLog.argumentsTaken(byFlagAt: 1, in: ["theater", flag, "--reset"]) == 1)
        #expect(SQLDebugLog.argumentsTaken(byFlagAt: 1, in: ["theater", flag]) == 1)
    }

    @Test func levelOneWritesStatementsButNotBindings() {
        let lines = SQLDebugLog.Lines()
        let log = SQLDebugLog(level: 1, sink: lines.append)
        log.statement("SELECT Z_MAX FROM Z_PRIMARYKEY WHERE Z_ENT = ?", bindings: [.integer(1)])
        log.annotation("sql connection fetch time: \(SQLDebugLog.formatDuration(0.00041))")
        #expect(
            lines.all == [
                "CoreData: sql: SELECT Z_MAX FROM Z_PRIMARYKEY WHERE Z_ENT = ?",
                "CoreData: annotation: sql connection fetch time: 0.0004s",
            ])
    }

    @Test func levelThreeWritesEachBindingInCoreDataStyle() {
        let lines = SQLDebugLog.Lines()
        let log = SQLDebugLog(level: 3, sink: lines.append)
        log.statement(
            "INSERT INTO ZMOVIE(Z_PK, Z_ENT, Z_OPT, ZNAME, ZDATA, ZRATING, ZNOTE) VALUES(?, ?, ?, ?, ?, ?, ?)",
            bindings: [
                .integer(4), .integer(1), .integer(1), .text("Up"),
                .blob(Data([1, 2, 3, 4, 5])), .real(2.5), .null,
            ])
        #expect(
            lines.all.dropFirst() == [
                "CoreData: details: SQLite bind[0] = (int64)4",
                "CoreData: details: SQLite bind[1] = (int64)1",
                "CoreData: details: SQLite bind[2] = (int64)1",
                "CoreData: details: SQLite bind[3] = \"Up\"",
                "CoreData: details: SQLite bind[4] = <01020304 05>",
                "CoreData: details: SQLite bind[5] = (double)2.5",
                "CoreData: details: SQLite bind[6] = nil",
            ])
    }

    @Test func levelFourAddsTheQueryPlanFromTheSameConnection() throws {
        let database = try Database.inMemory()
        try database.execute("CREATE TABLE ZMOVIE (Z_PK INTEGER PRIMARY KEY, ZNAME VARCHAR)")
        let lines = SQLDebugLog.Lines()
        let log = SQLDebugLog(level: 4, sink: lines.append)
        log.queryPlan(of: "SELECT t0.Z_PK FROM ZMOVIE t0 WHERE  t0.Z_PK = ?", bindings: [.integer(1)], in: database)
        #expect(
            lines.all.first
                == "CoreData: details: SQLite: EXPLAIN QUERY PLAN SELECT t0.Z_PK FROM ZMOVIE t0 WHERE  t0.Z_PK = ?")
        #expect(lines.all.count == 2)
        #expect(lines.all.last?.hasPrefix("CoreData: details:     ") == true)
        #expect(lines.all.last?.contains("SEARCH t0 USING INTEGER PRIMARY KEY (rowid=?)") == true)
    }

    @Test func levelZeroWritesNothing() throws {
        let lines = SQLDebugLog.Lines()
        let log = SQLDebugLog(level: 0, sink: lines.append)
        log.statement("COMMIT")
        log.annotation("anything")
        log.queryPlan(of: "SELECT 1", bindings: [], in: try Database.inMemory())
        #expect(lines.all.isEmpty)
    }
}

/// A program refuses a trace level nobody could have meant instead of tracing anyway.
@Suite struct SQLDebugLevelRequestTests {
    private let flag = SQLDebugLog.argumentFlag
    private let levelHint = "give a whole number (0 off, 1 statements, 3 bound values, 4 query plans), YES or NO"

    @Test(arguments: [["1"], ["0"], ["4"], ["YES"], ["no"], ["3", "--reset"]])
    func aNumberOrYesOrNoAfterTheFlagIsALevel(_ value: [String]) throws {
        try SQLDebugLog.validateRequest(arguments: ["theater", flag] + value, environment: [:])
    }

    @Test func theFlagWithoutAValueIsRefused() {
        for arguments in [["theater", flag], ["theater", flag, "--reset"]] {
            let error = #expect(throws: SQLDebugLog.LevelRequestError.self) {
                try SQLDebugLog.validateRequest(arguments: arguments, environment: [:])
            }
            #expect(error?.description.hasPrefix("\(flag) needs a level after it") == true)
        }
    }

    @Test(arguments: ["abc", "-1", "99999999999999999999", "2.5"])
    func aValueThatIsNotALevelIsRefusedByName(_ value: String) {
        let error = #expect(throws: SQLDebugLog.LevelRequestError.self) {
            try SQLDebugLog.validateRequest(arguments: ["theater", flag, value], environment: [:])
        }
        #expect(error?.description == "\(flag) '\(value)' is not a level: \(levelHint)")
    }

    @Test func theEnvironmentVariableIsCheckedTooAndMayBeEmpty() throws {
        try SQLDebugLog.validateRequest(arguments: ["theater"], environment: ["SQLDEBUG": ""])
        try SQLDebugLog.validateRequest(arguments: ["theater"], environment: ["SQLDEBUG": "3"])
        let error = #expect(throws: SQLDebugLog.LevelRequestError.self) {
            try SQLDebugLog.validateRequest(arguments: ["theater"], environment: ["SQLDEBUG": "abc"])
        }
        #expect(error?.description == "SQLDEBUG='abc' is not a level: \(levelHint)")
    }
}
