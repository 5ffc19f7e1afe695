import Foundation
import TestSupport
import Testing

/// The ObjectGraphCodegen build plugin as a student's package uses it (`.ci/codegen-demo`, also
/// `make codegen-demo`). The package's first build compiles ObjectGraph from scratch, which takes
/// minutes, so the test runs only when `CODEGEN_DEMO=1` is set; it keeps the package in
/// `.build/codegen-demo`, so later runs build only what changed.
@Suite struct ModelCodegenPluginTests {
    @Test(
        .enabled(
            if: ProcessInfo.processInfo.environment["CODEGEN_DEMO"] == "1",
            "builds a new package with ObjectGraph (minutes): set CODEGEN_DEMO=1 or run make codegen-demo"))
    func aPackageWithThePluginBuildsAndUsesTheGeneratedClasses() throws {
        let script = ProductRunner.packageRoot.appendingPathComponent(".ci/codegen-demo")
        let folder = ProductRunner.packageRoot.appendingPathComponent(".build/codegen-demo")
        let outcome = try ProductRunner.run(executable: script, [folder.path])
        #expect(outcome.status == 0, "\(outcome.standardError)")
        #expect(outcome.standardOutput.contains("/ObjectGraphCodegenPlugin/TheaterModel+Classes.swift\n"))
        #expect(outcome.standardOutput.hasSuffix("running TheaterApp\nMovie Up plays at My House\n"))
    }
}
