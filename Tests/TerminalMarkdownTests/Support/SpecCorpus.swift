import Foundation
import TestSupport
import Testing

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

/// The CommonMark specification examples, read from the shared corpus when it is there
/// (see `SharedCorpus`); empty when it is not, and the conformance suites are then skipped.
enum SpecCorpus {
    /// The reason shown for the skipped conformance tests in a checkout without the corpus.
    static let absenceReason: Comment =
        "the CommonMark spec examples are read from ../shared/corpus (their own licence), absent here"

    /// The 652 examples of CommonMark 0.30 (the spec libcmark 0.30 implements).
    static let commonMark: [SpecExample] = load("commonmark/commonmark-spec-0.30/spec.json")

    /// The examples of cmark-gfm 0.29's spec (which adds the table extension).
    static let gfm: [SpecExample] = load("commonmark/cmark-gfm-0.29/spec.json")

    private static func load(_ path: String) -> [SpecExample] {
        guard let url = SharedCorpus.file(path), let data = try? Data(contentsOf: url),
            let examples = try? JSONDecoder().decode([SpecExample].self, from: data)
        else { return [] }
        return examples
    }
}
