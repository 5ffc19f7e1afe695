import Foundation
import TerminalMarkdown

/// The `markdown` benchmark suite (`make bench SUITE=markdown`, DESIGN.md §7).
///
/// Renders a ~1 MB Markdown document — the lessons (if any) and every example of the CommonMark
/// 0.30 spec, concatenated and repeated — for the terminal with colour and hyperlinks on, against
/// `cmark --to html` on the same file in the same run (issue 5: within 3×). Both sides read the
/// file and write their output to /dev/null; ours runs in-process, cmark as the command a user
/// would run (so its time includes starting the process, which is part of what a user waits for).
enum MarkdownSuite {
    static let suite = BenchmarkSuite(name: "markdown") {
        try MarkdownBenchmark().run()
    }
}

/// Why the suite could not run.
enum MarkdownBenchmarkError: Error, CustomStringConvertible {
    case missingCmark

    var description: String {
        switch self {
        case .missingCmark: "cmark is not installed (make deps installs it)"
        }
    }
}

private struct MarkdownBenchmark {
    let targetBytes = Int(ProcessInfo.processInfo.environment["BENCH_MARKDOWN_BYTES"] ?? "") ?? 1_000_000
    let runs = 7

    func run() throws {
        let document = try makeDocument()
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "markdown-bench-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("document.md")
        try Data(document.utf8).write(to: file)
        guard let cmark = ["/usr/bin/cmark", "/usr/local/bin/cmark"].first(where: FileManager.default.isExecutableFile)
        else { throw MarkdownBenchmarkError.missingCmark }

        let renderer = MarkdownRenderer(
            options: RenderOptions(
                width: 80, colors: true, hyperlinks: true,
                documentDirectory: directory.path))
        let devNull = FileHandle(forWritingAtPath: "/dev/null")
        Measurement.resetPeakMemory()
        // Alternating, run by run, so the machine's load weighs on both sides alike (cmark runs in
        // a process of its own, so our peak memory is ours alone).
        let (ours, base) = try Measurement.pairedMedians(runs: runs) { _ in
            try Measurement.timed {
                let text = try String(contentsOf: file, encoding: .utf8)
                devNull?.write(Data(renderer.render(text).utf8))
            }
        } base: { _ in
            try Measurement.timed {
                let process = Process()
                process.executableURL = URL(fileURLWithPath: cmark)
                process.arguments = ["--to", "html", file.path]
                process.standardOutput = devNull
                try process.run()
                process.waitUntilExit()
            }
        }
        let peak = Measurement.peakMemoryMiB()
        Measurement.report(
            suite: "markdown", name: "render-\(document.utf8.count / 1000)kb-colour", ours: ours,
            base: base, runs: runs, peakMiB: peak)
    }

    /// Lessons first, then the spec examples, repeated until the target size.
    private func makeDocument() throws -> String {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        // `../shared/corpus` beside the repository; a git worktree one folder deeper looks higher.
        let spec = "shared/corpus/commonmark/commonmark-spec-0.30/spec.json"
        var folder = root.deletingLastPathComponent()
        var specPath = folder.appendingPathComponent(spec)
        for _ in 0..<2 where !FileManager.default.fileExists(atPath: specPath.path) {
            folder.deleteLastPathComponent()
            specPath = folder.appendingPathComponent(spec)
        }
        // The spec examples add every construct the lessons lack; a clone without the shared corpus
        // measures the lessons alone, and says so.
        var examples: [[String: Any]] = []
        if let data = try? Data(contentsOf: specPath),
            let parsed = try? JSONSerialization.jsonObject(with: data) as? [[String: Any]]
        {
            examples = parsed
        } else {
            print("# markdown: no CommonMark spec examples at \(specPath.path); the document repeats the lessons alone")
        }
        let lessonsFolder = root.appendingPathComponent("Lessons")
        let lessonNames = ((try? FileManager.default.contentsOfDirectory(atPath: lessonsFolder.path)) ?? [])
            .filter { $0.hasSuffix(".md") }.sorted()
        var parts = lessonNames.compactMap {
            try? String(contentsOf: lessonsFolder.appendingPathComponent($0), encoding: .utf8)
        }
        parts += examples.compactMap { $0["markdown"] as? String }
        let unit = parts.joined(separator: "\n\n")
        var document = ""
        document.reserveCapacity(targetBytes + unit.utf8.count)
        while document.utf8.count < targetBytes {
            document += unit + "\n\n"
        }
        return document
    }
}
