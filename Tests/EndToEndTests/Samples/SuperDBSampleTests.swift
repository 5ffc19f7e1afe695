import Foundation
import TestSupport
import Testing

/// The SuperDB sample (heroes and powers) run as a lecturer runs it.
@Suite struct SuperDBSampleTests {
    @Test func walkThroughMatchesTheGoldenFile() throws {
        let run = try SampleRun("superdb")
        defer { run.remove() }
        let outcome = try run.run()
        #expect(outcome.status == 0)
        #expect(outcome.standardError.isEmpty)
        try Golden.assert(outcome.standardOutput, matches: "superdb.txt")
    }

    @Test func cancellingTheChildContextLeavesNoTraceAndADeletedPowerLeavesAtOnce() throws {
        let run = try SampleRun("superdb")
        defer { run.remove() }
        let output = try run.run().standardOutput
        #expect(
            output.contains(
                "after Cancel, Batman's powers: -\n  view context has changes: false; powers in the store: 6"))
        #expect(output.contains("at once, before saving, Superman's powers: Super Strength"))
        #expect(output.contains("oppositeSexHeroes  Storm, Wonder Woman"))
    }

    @Test func sqlDebugLevelOneTraceMatchesTheGoldenFile() throws {
        let run = try SampleRun("superdb")
        defer { run.remove() }
        let outcome = try run.run(["-com.apple.CoreData.SQLDebug", "1"])
        #expect(outcome.status == 0)
        #expect(outcome.standardError.contains("CoreData: sql: INSERT INTO ZPOWER("))
        try Golden.assert(run.masked(outcome.standardError), matches: "superdb-sqldebug-1.txt")
    }

    @Test func aStoreInAMissingDirectoryFailsWithOneLine() throws {
        let outcome = try ProductRunner.run("superdb", ["--store", "/nonexistent/dir/SuperDB.sqlite"])
        #expect(outcome.status == 1)
        #expect(outcome.standardError.hasPrefix("superdb: "))
        #expect(outcome.standardError.filter { $0 == "\n" }.count == 1)
    }
}
