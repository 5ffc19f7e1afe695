import Testing

@testable import StoreInspector

@Suite struct SQLDebugTranscriptTests {
    static let log = """
        2024-03-01 10:00:00.123456+0100 Theater[123:4567] CoreData: annotation: Connecting to sqlite database file at "/tmp/Theater.sqlite"
        CoreData: sql: SELECT 0, t0.Z_PK, t0.Z_OPT, t0.ZNAME FROM ZTHEATER t0 ORDER BY t0.ZNAME
        CoreData: annotation: sql connection fetch time: 0.0004s
        CoreData: annotation: total fetch execution time: 0.0010s for 2 rows.
        2024-03-01 10:00:00.2 Theater[123:4567] CoreData: sql: SELECT 0, t0.Z_PK, t0.Z_OPT, t0.ZNAME, t0.ZTHEATER FROM ZMOVIE t0 WHERE  t0.Z_PK = ?
        CoreData: annotation: total fetch execution time: 0.0002s for 1 rows.
        CoreData: annotation: fault fulfilled from database for : <x-coredata://ABC/Movie/p1>
        CoreData: sql: SELECT 0, t0.Z_PK, t0.Z_OPT, t0.ZNAME, t0.ZTHEATER FROM ZMOVIE t0 WHERE  t0.Z_PK = ?
        CoreData: annotation: fault fulfilled from database for : <x-coredata://ABC/Movie/p2>
        CoreData: sql: SELECT 0, t0.Z_PK, t0.Z_OPT, t0.ZNAME, t0.ZTHEATER FROM ZMOVIE t0 WHERE  t0.Z_PK = ?
        CoreData: annotation: fault fulfilled from database for : <x-coredata://ABC/Movie/p3>
        CoreData: sql: SELECT COUNT(*) FROM ZMOVIE t0
        CoreData: annotation: total count request execution time: 0.0003s for count of 3.
        CoreData: sql: INSERT INTO ZMOVIE(Z_PK, Z_ENT, Z_OPT, ZTHEATER, ZNAME) VALUES(?, ?, ?, ?, ?)
        CoreData: details: SQLite bind[0] = "Up"
        CoreData: sql: UPDATE OR FAIL Z_PRIMARYKEY SET Z_MAX = ? WHERE Z_ENT = ? AND Z_MAX = ?
        some other app output
        """

    @Test func parsesEveryKindOfLineWithOrWithoutTheNSLogPrefix() {
        let transcript = SQLDebugTranscript(text: Self.log)
        #expect(transcript.lineCount == 17)
        #expect(transcript.coreDataLineCount == 16)
        #expect(transcript.events.first == .connecting(path: "/tmp/Theater.sqlite"))
        #expect(transcript.events.contains(.faultFulfilled(entity: "Movie", primaryKey: 2)))
        #expect(transcript.events.contains(.countExecution(seconds: 0.0003, count: 3)))
        #expect(transcript.events.contains(.bind("SQLite bind[0] = \"Up\"")))
    }

    @Test func summaryCountsStatementsTimesAndTheNPlusOnePattern() {
        let summary = TraceSummary(SQLDebugTranscript(text: Self.log))
        #expect(summary.statements.first == TraceSummary.StatementCount(kind: "SELECT", table: "ZMOVIE", count: 4))
        #expect(
            summary.statements.contains(TraceSummary.StatementCount(kind: "UPDATE", table: "Z_PRIMARYKEY", count: 1)))
        #expect(summary.statements.contains(TraceSummary.StatementCount(kind: "INSERT", table: "ZMOVIE", count: 1)))
        #expect(summary.fetchCount == 2 && summary.fetchedRows == 3)
        #expect(abs(summary.totalFetchSeconds - 0.0012) < 1e-9)
        #expect(summary.repeatedFaults == [TraceSummary.RepeatedFault(subject: "Movie", count: 3)])
        #expect(summary.databases == ["/tmp/Theater.sqlite"])
    }

    @Test func aFinalLineBreakDoesNotCountAsAnotherLine() {
        let transcript = SQLDebugTranscript(text: Self.log + "\n")
        #expect(transcript.lineCount == 17)
        #expect(SQLDebugTranscript(text: "CoreData: sql: COMMIT\n\n").lineCount == 2)
        #expect(SQLDebugTranscript(text: "").lineCount == 0)
    }

    @Test func faultLinesNameTheEntityOfTheTableSelectedBeforeThem() {
        let summary = TraceSummary(SQLDebugTranscript(text: Self.log))
        #expect(summary.entitiesByTable == ["ZMOVIE": ["Movie"]])
    }

    @Test func withoutFaultAnnotationsRepeatedPrimaryKeySelectsStillShowThePattern() {
        let lines = (1...4).map { _ in "CoreData: sql: SELECT 0, t0.Z_PK FROM ZPAGE t0 WHERE  t0.Z_PK = ?" }
        let summary = TraceSummary(SQLDebugTranscript(text: lines.joined(separator: "\n")))
        #expect(summary.repeatedFaults == [TraceSummary.RepeatedFault(subject: "ZPAGE", count: 4)])
    }
}
