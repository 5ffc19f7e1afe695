import Foundation
import TestSupport
import Testing

/// The Books sample (CoreDataBooks) run as a lecturer runs it.
@Suite struct BooksSampleTests {
    @Test func tableAndEveryDelegateEventMatchTheGoldenFile() throws {
        let run = try SampleRun("books")
        defer { run.remove() }
        let outcome = try run.run()
        #expect(outcome.status == 0)
        #expect(outcome.standardError.isEmpty)
        try Golden.assert(outcome.standardOutput, matches: "books.txt")
    }

    @Test func sqlDebugLevelOneTraceMatchesTheGoldenFileAndLeavesTheOutputAlone() throws {
        let run = try SampleRun("books")
        defer { run.remove() }
        let outcome = try run.run(["-com.apple.CoreData.SQLDebug", "1"])
        #expect(outcome.status == 0)
        #expect(
            outcome.standardError.contains(
                "CoreData: sql: SELECT 0, t0.Z_PK, t0.Z_OPT, t0.ZAUTHOR, t0.ZCOPYRIGHT, t0.ZTITLE FROM ZBOOK t0 "
                    + "ORDER BY t0.ZAUTHOR, t0.ZTITLE"))
        try Golden.assert(run.masked(outcome.standardError), matches: "books-sqldebug-1.txt")
        let quiet = try SampleRun("books")
        defer { quiet.remove() }
        #expect(try quiet.run().standardOutput == outcome.standardOutput)
    }

    @Test func theSectionCacheIsWrittenBesideTheStore() throws {
        let run = try SampleRun("books")
        defer { run.remove() }
        #expect(try run.run().status == 0)
        let cache = run.directory.appendingPathComponent("Caches/Root.json")
        let text = try String(contentsOf: cache, encoding: .utf8)
        #expect(text.contains("\"name\":\"Bill Bryson\""))
    }

    @Test func anUnknownArgumentIsAOneLineUsageError() throws {
        let run = try SampleRun("books")
        defer { run.remove() }
        let outcome = try run.run(["--colour"])
        #expect(outcome.status == 2)
        #expect(outcome.standardOutput.isEmpty)
        #expect(
            outcome.standardError
                == "books: unknown argument '--colour'; usage: books [--store PATH [--reset]] "
                + "[-com.apple.CoreData.SQLDebug N]\n")
    }
}

/// `--help` is an answer, not an error.
@Suite struct SampleHelpTests {
    @Test(arguments: ["books", "superdb"])
    func helpPrintsTheUsageAndSucceeds(product: String) throws {
        let outcome = try ProductRunner.run(product, ["--help"])
        #expect(outcome.status == 0)
        #expect(
            outcome.standardOutput.hasPrefix(
                "usage: \(product) [--store PATH [--reset]] [-com.apple.CoreData.SQLDebug N]\n\n  --store PATH"))
        #expect(outcome.standardError.isEmpty)
    }
}
