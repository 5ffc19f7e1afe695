import TerminalKit
import TestSupport
import Testing

@testable import TerminalMarkdown

/// All 652 examples of CommonMark 0.30, rendered in every mode the reader uses.
// Skipped, with the reason in the test output, in a checkout without ../shared/corpus: the spec
// examples are prose under their own licence and are not copied into the repository.
@Suite(.enabled(if: SharedCorpus.isAvailable, SpecCorpus.absenceReason))
struct CommonMarkConformanceTests {
    static let examples = SpecCorpus.commonMark

    @Test func theCorpusHasAllExamples() {
        #expect(Self.examples.count == 652)
    }

    /// Styled, with links as OSC 8 hyperlinks: the escape sequences are the styling and are
    /// removed before comparing.
    @Test func everyWordOfTheExpectedHTMLIsVisibleInColour() {
        expectEveryWordVisible(RenderOptions(width: 10_000, colors: true, hyperlinks: true, documentDirectory: "/d"))
    }

    /// Plain: the `[n]` reference markers the renderer adds are not text of the document and
    /// are removed before comparing (they may sit inside a word: `[foo][bar][baz]` → `foo[1]baz[2]`).
    @Test func everyWordOfTheExpectedHTMLIsVisibleInPlainText() {
        expectEveryWordVisible(RenderOptions(width: 10_000))
    }

    private func expectEveryWordVisible(_ options: RenderOptions) {
        // A page so wide that no word is ever cut, so words can be compared whole.
        let renderer = MarkdownRenderer(options: options)
        var failures: [String] = []
        for example in Self.examples {
            let output = VisibleText.removingRenderMarks(renderer.render(example.markdown))
            let visible = Set(VisibleText.words(output))
            let missing = VisibleText.words(VisibleText.text(ofHTML: example.html)).filter { !visible.contains($0) }
            if !missing.isEmpty { failures.append("\(example.testDescription): missing \(missing)") }
        }
        #expect(
            failures.isEmpty, "\(failures.count) examples lose words:\n\(failures.prefix(20).joined(separator: "\n"))")
    }

    @Test(arguments: [80, 40, 20, 8])
    func noLineIsWiderThanThePageExceptCode(width: Int) {
        let renderer = MarkdownRenderer(options: RenderOptions(width: width, colors: true))
        var failures: [String] = []
        for example in Self.examples {
            for line in renderer.lines(for: example.markdown) where !line.isPreformatted && line.width > width {
                failures.append("\(example.testDescription): \(line.width) columns: \(line.plainText)")
            }
        }
        #expect(failures.isEmpty, "\(failures.count) lines too wide:\n\(failures.prefix(20).joined(separator: "\n"))")
    }

    @Test func wrappingCodeKeepsEveryLineWithinThePage() {
        let renderer = MarkdownRenderer(options: RenderOptions(width: 12, codeOverflow: .wrap))
        for example in Self.examples {
            for line in renderer.lines(for: example.markdown) {
                #expect(line.width <= 12, "\(example.testDescription): \(line.plainText)")
            }
        }
    }

    @Test func withoutColourThereIsNoEscapeSequenceAtAll() {
        let renderer = MarkdownRenderer(options: RenderOptions(width: 60, colors: false, hyperlinks: true))
        for example in Self.examples {
            let output = renderer.render(example.markdown)
            #expect(
                !output.unicodeScalars.contains { $0.value == 0x1B || (0x80...0x9F).contains($0.value) },
                "\(example.testDescription)")
        }
    }

    @Test func withColourEveryLineClosesWhatItOpened() {
        let renderer = MarkdownRenderer(
            options: RenderOptions(
                width: 50, colors: true, hyperlinks: true, documentDirectory: "/lessons"))
        for example in Self.examples {
            for line in renderer.render(example.markdown).split(separator: "\n", omittingEmptySubsequences: false) {
                let state = EscapeSequences.stateAtEnd(of: String(line))
                #expect(state == EscapeSequences.OpenState(), "\(example.testDescription): \(line.debugDescription)")
            }
        }
    }
}
