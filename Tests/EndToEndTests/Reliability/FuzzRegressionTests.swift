import Foundation
import TestSupport
import Testing

/// Every input in `Tests/Fixtures/fuzz/TARGET/` once crashed or hung a reader; each is replayed
/// through its fuzz target (`companion-fuzz`, built normally) and must now run to the end.
@Suite struct FuzzRegressionTests {
    static let folder = Fixtures.directory.appendingPathComponent("fuzz")

    static var targets: [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).sorted()
    }

    @Test func everyFuzzTargetFolderHoldsInputs() {
        #expect(Set(Self.targets).isSuperset(of: ["iio", "model", "plist"]))
    }

    @Test(arguments: targets)
    func inputsThatOnceCrashedNowRunThrough(target: String) throws {
        let directory = Self.folder.appendingPathComponent(target)
        let files = try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted().map {
            directory.appendingPathComponent($0).path
        }
        let outcome = try ProductRunner.run("companion-fuzz", [target] + files)
        #expect(outcome.status == 0, "\(outcome.standardError)")
        #expect(outcome.standardOutput.split(separator: "\n").count == files.count)
    }
}
