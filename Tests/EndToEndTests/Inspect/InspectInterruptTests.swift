import Foundation
import TestSupport
import Testing

/// Ctrl-C (SIGINT) while a store with a write-ahead log is open: the private copy goes with the process.
@Suite struct InspectInterruptTests {
    static let walStore = "wibosco__CoreDataMigration-Example__CoreDataMigration_Example_WAL.sqlite"

    @Test func ctrlCRemovesThePrivateCopyOfAStoreWithAWriteAheadLog() throws {
        let fixtures = try InspectFixtures()
        try fixtures.copyCorpusStore(Self.walStore)
        let before = try fixtures.snapshot()
        let process = Process()
        process.executableURL = ProductRunner.binDirectory.appendingPathComponent("companion")
        process.arguments = ["inspect", Self.walStore, "shell", "--csv"]
        process.currentDirectoryURL = fixtures.url
        var environment = ProcessInfo.processInfo.environment
        environment["TMPDIR"] = fixtures.temporary.path
        process.environment = environment
        let input = Pipe()
        let output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()

        // The shell answering a query proves the store is open, so its copy exists now.
        input.fileHandleForWriting.write(Data("SELECT count(*) AS posts FROM ZPOST;\n".utf8))
        var answer = ""
        // Read until the header line and the value line have arrived (or the output ends).
        while answer.components(separatedBy: "\r\n").count < 3 {
            let chunk = output.fileHandleForReading.availableData
            if chunk.isEmpty { break }
            answer += String(decoding: chunk, as: UTF8.self)
        }
        #expect(answer.hasPrefix("posts\r\n"), "\(answer)")
        let copies = try fixtures.leftoversInTemporaryDirectory()
        #expect(copies.count == 1 && copies.allSatisfy { $0.hasPrefix("companion-inspect.") }, "\(copies)")

        process.interrupt()
        process.waitUntilExit()
        try? input.fileHandleForWriting.close()
        #expect(process.terminationStatus == 130)
        #expect(try fixtures.leftoversInTemporaryDirectory() == [])
        #expect(try fixtures.snapshot() == before)
    }
}
