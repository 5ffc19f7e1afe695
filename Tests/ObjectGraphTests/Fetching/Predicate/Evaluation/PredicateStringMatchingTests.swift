import Testing

@testable import ObjectGraph

@Suite struct PredicateStringMatchingTests {
    @Test(arguments: [
        ("", "*", true), ("abc", "*", true), ("abc", "a*c", true), ("abc", "a?c", true), ("ac", "a?c", false),
        ("abc", "a*b*c*", true), ("abcbc", "*bc", true), ("abcd", "*bc", false), ("a*b", "a\\*b", true),
        ("axb", "a\\*b", false), ("a?", "a\\?", true), ("", "", true), ("a", "", false), ("é", "?", true),
        ("mississippi", "m*iss*ppi", true), ("mississippi", "m*iss*ppx", false),
    ])
    func likeMatchesWholeStringsWithWildcards(text: String, pattern: String, expected: Bool) {
        #expect(PredicateStringMatching.like(text, pattern: pattern, options: []) == expected)
    }

    @Test func likeFoldsCaseAndDiacriticsOnRequest() {
        let folding: StringComparisonOptions = [.caseInsensitive, .diacriticInsensitive]
        #expect(PredicateStringMatching.like("Ünïcode", pattern: "u*E", options: folding))
        #expect(!PredicateStringMatching.like("Ünïcode", pattern: "u*E", options: [.caseInsensitive]))
    }

    @Test func matchesAnchorsTheWholeString() {
        #expect(PredicateStringMatching.matches("ab", pattern: "a|ab", options: []))
        #expect(!PredicateStringMatching.matches("xab", pattern: "ab", options: []))
        #expect(PredicateStringMatching.matches("AB", pattern: "ab", options: [.caseInsensitive]))
        #expect(PredicateStringMatching.matches("café", pattern: "cafe", options: [.diacriticInsensitive]))
        #expect(!PredicateStringMatching.matches("ab", pattern: "a)|(b", options: []))
    }

    @Test func emptySearchStringMatchesNothing() {
        for op in [ComparisonOperator.beginsWith, .endsWith, .contains] {
            #expect(!PredicateStringMatching.search("abc", for: "", operator: op, options: []))
            #expect(!PredicateStringMatching.search("Ünï", for: "", operator: op, options: [.caseInsensitive]))
        }
    }

    /// The allocation-free ASCII path must agree with folding through Foundation.
    @Test func asciiFastPathAgreesWithFolding() {
        var generator = PredicateRandomGenerator(seed: 42)
        let alphabet = Array("aAbBzZ09 _-*")
        func word() -> String {
            String(
                (0..<Int.random(in: 0...5, using: &generator)).map { _ in
                    alphabet[Int.random(in: 0..<alphabet.count, using: &generator)]
                })
        }
        for _ in 0..<2000 {
            let text = word()
            let pattern = word()
            for options in [
                StringComparisonOptions(), [.caseInsensitive], [.diacriticInsensitive],
                [.caseInsensitive, .diacriticInsensitive],
            ] {
                for op in [ComparisonOperator.equal, .beginsWith, .endsWith, .contains] {
                    #expect(
                        PredicateStringMatching.search(text, for: pattern, operator: op, options: options)
                            == PredicateStringMatching.searchFolded(text, for: pattern, operator: op, options: options),
                        "\(text) \(op) \(pattern) \(options)")
                }
            }
        }
    }

    @Test func literalOrderIsUTF8ByteOrder() {
        #expect(PredicateStringMatching.compareLiterally("B", "a") < 0)
        #expect(PredicateStringMatching.compareLiterally("a", "ab") < 0)
        #expect(PredicateStringMatching.compareLiterally("\u{FF5E}", "\u{1F600}") < 0)
        #expect(PredicateStringMatching.compareLiterally("é", "e\u{301}") > 0)
    }
}
