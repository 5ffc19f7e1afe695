import Testing

@testable import TerminalMarkdown

/// Markdown nested far deeper than any lesson (`> > > …` 50,000 times) renders, flat past a limit,
/// instead of overflowing the stack.
@Suite struct DeepNestingTests {
    private let renderer = MarkdownRenderer(options: RenderOptions(width: 60, colors: false))

    @Test(arguments: ["> ", "- ", "1. "])
    func fiftyThousandLevelsRenderTheirText(marker: String) {
        let markdown = String(repeating: marker, count: 50_000) + "deep text\n"
        // Sixty columns run out after a few dozen levels of bars and bullets, so the words wrap
        // letter by letter; the letters are all there, in order.
        #expect(String(renderer.render(markdown).filter(\.isLetter)) == "deeptext")
        #expect(MarkdownOutline.headings(in: markdown).isEmpty)
    }

    @Test func nestingUpToTheLimitKeepsItsBars() {
        let output = renderer.render(String(repeating: "> ", count: 3) + "quoted\n")
        #expect(output.contains("quoted"))
        #expect(output != "quoted\n")
    }

    @Test func deeplyNestedEmphasisKeepsItsText() {
        let markdown = String(repeating: "*a _", count: 5_000) + "core" + String(repeating: "_ a*", count: 5_000)
        #expect(renderer.render(markdown).contains("core"))
    }

    @Test func aHeadingDeepInQuotesIsStillInTheOutline() {
        let markdown = String(repeating: "> ", count: 10_000) + "# Deep\n"
        #expect(MarkdownOutline.headings(in: markdown).map(\.text) == ["Deep"])
    }
}
