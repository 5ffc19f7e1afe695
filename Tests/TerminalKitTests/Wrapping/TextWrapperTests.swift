import TerminalKit
import Testing

@Suite struct TextWrapperTests {
    private func wrap(_ text: String, width: Int, first: String = "", rest: String = "") -> [String] {
        TextWrapper(width: width).wrap(
            [[StyledSpan(text)]], firstPrefix: first.isEmpty ? [] : [StyledSpan(first)],
            continuationPrefix: rest.isEmpty ? [] : [StyledSpan(rest)]
        ).map(\.plainText)
    }

    @Test func wrapsAtSpacesWithinTheWidth() {
        #expect(
            wrap("the quick brown fox jumps over the lazy dog", width: 10)
                == ["the quick", "brown fox", "jumps over", "the lazy", "dog"])
    }

    @Test func hangingIndentContinuesUnderTheText() {
        #expect(
            wrap("a fetch request asks the store", width: 12, first: "• ", rest: "  ")
                == ["• a fetch", "  request", "  asks the", "  store"])
    }

    @Test func japaneseWrapsBetweenCharactersByDisplayWidth() {
        let lines = wrap("日本語の文章を折り返す", width: 8)
        #expect(lines == ["日本語の", "文章を折", "り返す"])
        #expect(lines.allSatisfy { DisplayWidth.of($0) <= 8 })
    }

    @Test func closingPunctuationNeverStartsALine() {
        // "。" would start the second line at width 6; it stays with the character before it.
        let lines = wrap("日本語。文章", width: 6)
        #expect(lines == ["日本", "語。文", "章"])
        #expect(!lines.contains { $0.hasPrefix("。") })
    }

    @Test func combiningMarksTakeNoColumnWhenWrapping() {
        // Each "é" is e + U+0301: five characters, five columns, ten scalars.
        let word = String(repeating: "e\u{301}", count: 5)
        #expect(wrap("\(word) \(word)", width: 5) == [word, word])
        #expect(wrap("नमस्ते दुनिया", width: 6) == ["नमस्ते", "दुनिया"])
    }

    @Test func wordsLongerThanALineAreCutBetweenCharacters() {
        #expect(wrap("abcdefghij", width: 4) == ["abcd", "efgh", "ij"])
        #expect(wrap("日本語", width: 3) == ["日", "本", "語"])
    }

    @Test func spacesAtLineEndsAreDroppedAndInnerSpacesKept() {
        #expect(wrap("a  b     c", width: 4) == ["a  b", "c"])
    }

    @Test func hardLinesBreakAndContinueWithTheIndent() {
        let lines = TextWrapper(width: 20).wrap(
            [[StyledSpan("one")], [StyledSpan("two")]],
            firstPrefix: [StyledSpan("> ")], continuationPrefix: [StyledSpan("> ")])
        #expect(lines.map(\.plainText) == ["> one", "> two"])
    }

    @Test func stylesAndLinksSurviveWrapping() throws {
        let bold = TextStyle([.bold])
        let lines = TextWrapper(width: 6).wrap([
            [StyledSpan("ab "), StyledSpan("cd ef", style: bold, link: "https://x")]
        ])
        try #require(lines.count == 2)
        #expect(lines[0].spans == [StyledSpan("ab "), StyledSpan("cd", style: bold, link: "https://x")])
        #expect(lines[1].spans == [StyledSpan("ef", style: bold, link: "https://x")])
    }

    // MARK: - Scripts wider and narrower than their characters

    static let worldProse = [
        "हिन्दी भाषा में लिखा गया यह वाक्य किसी भी चौड़ाई पर टर्मिनल से बाहर नहीं जाना चाहिए, क्योंकि मात्राएँ स्तंभ लेती हैं।",
        "コアデータはオブジェクトグラフを管理します。日本語の文章は単語の間に空白がありませんが、どこでも改行できます。",
        "Emoji 🙂 in 👩‍💻 prose 🇯🇵 with ❤️ hearts and 👨‍👩‍👧 families 🎉🎉🎉🎉🎉🎉 must wrap 🚀 too.",
    ]

    @Test(arguments: Array(20...80))
    func devanagariJapaneseAndEmojiProseNeverOverflows(width: Int) {
        for text in Self.worldProse {
            let lines = TextWrapper(width: width).wrap([[StyledSpan(text)]])
            for line in lines {
                #expect(line.width <= width, "\(line.width) > \(width): \(line.plainText)")
            }
            // Nothing lost, nothing split: the characters come back in order.
            let joined = lines.map(\.plainText).joined()
            #expect(Array(joined.filter { $0 != " " }) == Array(text.filter { $0 != " " }))
        }
    }

    @Test func aLineNeverBreaksInsideAGraphemeCluster() {
        // "कि" is one cluster of two columns: at width 2 it moves whole to the next line.
        let lines = TextWrapper(width: 2).wrap([[StyledSpan("ककि")]]).map(\.plainText)
        #expect(lines == ["क", "कि"])
        let family = TextWrapper(width: 3).wrap([[StyledSpan("a👨‍👩‍👧b")]]).map(\.plainText)
        #expect(family.joined() == "a👨‍👩‍👧b")
        #expect(family.allSatisfy { $0.unicodeScalars.first != "\u{200D}" })
    }
}
