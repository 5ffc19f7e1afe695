import Foundation
import TestSupport
import Testing

/// What every sample promises about its output: it fits 80 columns, a closed pipe leaves nothing
/// behind, and narration and SQL stay in order through a pipe.
@Suite struct SampleOutputTests {
    static let samples = ["theater", "books", "superdb", "recipes", "habr", "accelerometer-graph"]

    @Test(arguments: samples)
    func helpFitsEightyColumns(sample: String) throws {
        let outcome = try ProductRunner.run(sample, ["--help"], environment: ["COLUMNS": "80"])
        #expect(outcome.status == 0, "\(outcome.standardError)")
        #expect(outcome.standardOutput.split(separator: "\n").count > 2, "a real usage text")
        for line in outcome.standardOutput.split(separator: "\n") {
            #expect(line.count <= 80, "\(sample) --help: \(line.count) columns: \(line)")
        }
    }

    @Test(arguments: ["theater", "books", "superdb", "recipes", "habr"])
    func narrationFitsEightyColumns(sample: String) throws {
        let run = try SampleRun(sample)
        defer { run.remove() }
        let outcome = try ProductRunner.run(
            sample, sample == "recipes" ? [] : ["--store", run.store.path],
            environment: ["COLUMNS": "80", "SQLDEBUG": ""], directory: run.directory)
        #expect(outcome.status == 0, "\(outcome.standardError)")
        for line in outcome.standardOutput.split(separator: "\n") {
            #expect(line.count <= 80, "\(sample): \(line.count) columns: \(line)")
        }
    }

    /// `books | head -1`: the reader goes away after one line; the sample's temporary folder goes too.
    @Test(arguments: ["books", "superdb", "recipes", "habr"])
    func aClosedPipeLeavesNoTemporaryFolder(sample: String) throws {
        let folder = try ScratchDirectory.makeFolder(prefix: "pipe-tmp")
        defer { try? FileManager.default.removeItem(at: folder) }
        let program = ProductRunner.binDirectory.appendingPathComponent(sample).path
        // A shell with SIGPIPE at its default, as in a terminal (the test process ignores it).
        let outcome = try ProductRunner.run(
            executable: URL(fileURLWithPath: "/bin/sh"),
            ["-c", "trap - PIPE; '\(program)' | head -1"],
            environment: ["TMPDIR": folder.path, "SQLDEBUG": ""])
        #expect(outcome.standardOutput.split(separator: "\n").count == 1)
        let left = try FileManager.default.contentsOfDirectory(atPath: folder.path)
        #expect(left.isEmpty, "\(sample) left \(left)")
    }

    @Test func sqlTraceAndNarrationStayInOrderThroughAPipe() throws {
        let run = try SampleRun("theater")
        defer { run.remove() }
        let outcome = try ProductRunner.run(
            executable: URL(fileURLWithPath: "/bin/sh"),
            [
                "-c",
                "'\(ProductRunner.binDirectory.appendingPathComponent("theater").path)' --store '\(run.store.path)' "
                    + "-com.apple.CoreData.SQLDebug 1 2>&1 | cat",
            ],
            environment: ["SQLDEBUG": ""])
        let lines = outcome.standardOutput.split(separator: "\n").map(String.init)
        let step3 = try #require(lines.firstIndex { $0.hasPrefix("Step 3. Save") })
        let firstInsert = try #require(lines.firstIndex { $0.contains("sql: INSERT INTO ZTHEATER") })
        let step4 = try #require(lines.firstIndex { $0.hasPrefix("Step 4.") })
        #expect(step3 < firstInsert && firstInsert < step4, "the INSERT belongs between steps 3 and 4")
    }
}
