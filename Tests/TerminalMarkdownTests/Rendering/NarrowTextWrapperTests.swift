import TerminalKit
import TestSupport
import Testing

@testable import TerminalMarkdown

/// `NarrowTextWrapper` is a faster path to `TextWrapper`'s lines: it must give exactly those lines,
/// spans and styles included, and decline any text it cannot wrap the same way.
@Suite struct NarrowTextWrapperTests {
    private static let widths = [1, 2, 3, 4, 7, 10, 20, 50, 80]
    private static let link = "https://example.com/a"

    /// Hard lines that exercise every rule: spans meeting inside words and inside runs of spaces,
    /// spaces at either end, empty and space-only spans, words as wide as the page or wider,
    /// empty hard lines, links, and one-column characters beyond ASCII.
    private static let cases: [[[StyledSpan]]] = [
        [[StyledSpan("A fetch request asks the store for the objects that match its predicate.")]],
        [
            [
                StyledSpan("Some "), StyledSpan("emph", style: Theme.emphasis), StyledSpan("asis and "),
                StyledSpan("strong words", style: Theme.strong), StyledSpan(" here."),
            ]
        ],
        [[StyledSpan("  leading and trailing  "), StyledSpan("   "), StyledSpan(""), StyledSpan("  x  ")]],
        [
            [
                StyledSpan("see "), StyledSpan("the linked text spans words", style: Theme.link, link: link),
                StyledSpan("[1]", style: Theme.reference), StyledSpan(" after"),
            ]
        ],
        [
            [
                StyledSpan("averyveryverylongidentifierthatnolinecanhold and "),
                StyledSpan("another", style: Theme.codeSpan), StyledSpan("longwordgluedtoit", style: Theme.strong),
            ]
        ],
        [[StyledSpan("one")], [], [StyledSpan("   ")], [StyledSpan("two words"), StyledSpan(" ")]],
        [[StyledSpan("Dashes — ellipses… arrows → Greek αβγ, Cyrillic сыр, Latin naïve café ŒŸ « »")]],
        [[StyledSpan("no\u{A0}break\u{A0}space stays one word; ‼ and ⁉ and ─── box ┌─┐")]],
        [[StyledSpan("hostile \u{1B}[31m red \u{7}bell\tand\ttabs \u{9B}c1")]],
        [
            [
                StyledSpan("x", style: Theme.emphasis), StyledSpan("y", style: Theme.emphasis),
                StyledSpan(" ", style: Theme.emphasis), StyledSpan("z", style: Theme.strong),
            ]
        ],
        [[StyledSpan("αβγδεζηθικλμνξοπρστυφχψω—αβγδεζηθικλμνξοπρστυφχψω")]],
    ]

    @Test(arguments: widths)
    func givesTextWrappersLinesSpanForSpan(width: Int) throws {
        for hardLines in Self.cases {
            let fast = try #require(NarrowTextWrapper.wrap(hardLines, width: width))
            #expect(fast == TextWrapper(width: width).wrap(hardLines), "\(hardLines.map { $0.map(\.text) })")
        }
    }

    @Test(arguments: widths)
    func givesTextWrappersLinesForGeneratedText(width: Int) throws {
        let pieces = ["a", "bb", "ccc", "word", " ", "  ", "—", "…", "α", "сыр", "→", "longerwordthanmost", ""]
        let styles = [TextStyle.plain, Theme.emphasis, Theme.strong]
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15 &* UInt64(width)
        func next(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((state >> 33) % UInt64(bound))
        }
        for _ in 0..<200 {
            let hardLines = (0...next(3)).map { _ in
                (0..<next(12)).map { _ in
                    let text = (0...next(4)).map { _ in pieces[next(pieces.count)] }.joined()
                    return StyledSpan(text, style: styles[next(styles.count)], link: next(4) == 0 ? Self.link : nil)
                }
            }
            let fast = try #require(NarrowTextWrapper.wrap(hardLines, width: width))
            #expect(fast == TextWrapper(width: width).wrap(hardLines), "\(hardLines.map { $0.map(\.text) })")
        }
    }

    @Test(arguments: ["日本語", "e\u{301}", "👩‍💻", "soft\u{AD}hyphen", "x\u{200D}y", "कि", "ｆｕｌｌ", "⌚"])
    func declinesCharactersThatAreNotOneScalarOneColumn(text: String) {
        #expect(NarrowTextWrapper.wrap([[StyledSpan("plain "), StyledSpan(text)]], width: 20) == nil)
    }

    @Test func givesOneEmptyLineForNoHardLines() {
        #expect(NarrowTextWrapper.wrap([], width: 10) == TextWrapper(width: 10).wrap([]))
    }

    /// A document of everything the fast path meets or must leave alone, rendered with and without it.
    private static let trickyDocument = """
        # A heading wide enough to wrap at twenty columns — with a dash

        Plain text with *emphasis*, **strong**, `code`, [a link](https://example.com/x "t") and a
        hard break\\
        then wide characters 日本語のテキストは、句読点の前で折り返さない。 and combining e\u{301}\u{302}
        and an emoji 👩‍💻 and a zero\u{200D}width joiner.

        Hostile bytes: \u{1B}[31mred\u{1B}[0m, bell \u{7}, C1 \u{9B}2J, bidi \u{202E}txet\u{202C}, tab\there.

        Averyveryverylongwordthatcannotfitonanylineatalleveneighty columnsaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa.

        | Column *one* | `two` | three |
        |:---|:---:|---:|
        | **bold** cell | [link](https://example.com/y) | 日本語 |
        | e\u{301}t\u{301}e\u{301} | plain words that will need wrapping in a narrow page | — … → |

        > A quote with naïve café text, Greek αβγ and Cyrillic сыр that wraps under its bar.

        - An item whose text hangs under the marker when it wraps onto more lines than one.
          - A nested item with `code` and a [reference][r].

        [r]: https://example.com/ref
        """

    @Test(arguments: [80, 50, 20])
    func rendersDocumentsAsTextWrapperAloneDoes(width: Int) {
        for (colors, hyperlinks) in [(true, true), (true, false), (false, false)] {
            let options = RenderOptions(width: width, colors: colors, hyperlinks: hyperlinks)
            let fast = MarkdownRenderer(options: options, wrapsNarrowTextDirectly: true).render(Self.trickyDocument)
            let reference = MarkdownRenderer(options: options, wrapsNarrowTextDirectly: false)
                .render(Self.trickyDocument)
            #expect(fast == reference, "colors \(colors), hyperlinks \(hyperlinks)")
        }
    }

    @Test(.enabled(if: SharedCorpus.isAvailable, SpecCorpus.absenceReason), arguments: [80, 50, 20])
    func rendersEverySpecExampleAsTextWrapperAloneDoes(width: Int) {
        let options = RenderOptions(width: width, colors: true, hyperlinks: true)
        let fast = MarkdownRenderer(options: options, wrapsNarrowTextDirectly: true)
        let reference = MarkdownRenderer(options: options, wrapsNarrowTextDirectly: false)
        for example in SpecCorpus.commonMark + SpecCorpus.gfm {
            #expect(fast.render(example.markdown) == reference.render(example.markdown), "\(example.testDescription)")
        }
    }
}
