// `make bench`: every suite, or one with `SUITE=name` (DESIGN.md §7).
import Foundation

let requested = ProcessInfo.processInfo.environment["SUITE"].flatMap { $0.isEmpty ? nil : $0 }
let suites = BenchmarkSuites.all.filter { requested == nil || $0.name == requested }
if suites.isEmpty {
    FileHandle.standardError.write(
        Data(
            "companion-bench: no suite named '\(requested ?? "")'; suites: \(BenchmarkSuites.all.map(\.name).joined(separator: ", "))\n"
                .utf8))
    exit(2)
}
for suite in suites {
    do {
        try suite.run()
    } catch {
        FileHandle.standardError.write(Data("companion-bench: \(suite.name): \(error)\n".utf8))
        exit(1)
    }
}
