import Foundation

/// One example of a CommonMark spec file (the corpus's JSON form of spec.txt).
struct SpecExample: Decodable, Sendable, CustomTestStringConvertibleShim {
    var markdown: String
    var html: String
    var example: Int
    var section: String

    var testDescription: String { "example \(example) (\(section))" }
}

/// A stand-in so the examples read well in test output without importing Testing here.
protocol CustomTestStringConvertibleShim {
    var testDescription: String { get }
}

/// The real test data in `<packageRoot>/../shared/corpus` (read-only).
enum SpecCorpus {
    /// The package root, found from this file.
    static var packageRoot: URL {
        var url = URL(fileURLWithPath: #filePath)
        while url.path != "/" {
            url.deleteLastPathComponent()
            if FileManager.default.fileExists(atPath: url.appendingPathComponent("Package.swift").path) {
                return url
            }
        }
        return URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
    }

    /// `../shared/corpus` beside the repository (CI's layout); a git worktree nested one folder
    /// deeper finds it one level further up.
    static var corpus: URL {
        var directory = packageRoot.deletingLastPathComponent()
        for _ in 0..<3 {
            let candidate = directory.appendingPathComponent("shared/corpus")
            if FileManager.default.fileExists(atPath: candidate.path) { return candidate }
            directory.deleteLastPathComponent()
        }
        return packageRoot.deletingLastPathComponent().appendingPathComponent("shared/corpus")
    }

    /// The 652 examples of CommonMark 0.30 (the spec libcmark 0.30 implements).
    static let commonMark: [SpecExample] = load("commonmark/commonmark-spec-0.30/spec.json")

    /// The examples of cmark-gfm 0.29's spec (which adds the table extension).
    static let gfm: [SpecExample] = load("commonmark/cmark-gfm-0.29/spec.json")

    private static func load(_ path: String) -> [SpecExample] {
        let url = corpus.appendingPathComponent(path)
        guard let data = try? Data(contentsOf: url),
            let examples = try? JSONDecoder().decode([SpecExample].self, from: data)
        else { return [] }
        return examples
    }
}
