import SQLite
import Testing

@testable import ObjectGraph

@Suite struct PredicateSQLFunctionTests {
    /// ASCII in both cases, accented letters, a precomposed and a decomposed `é`, a ligature whose
    /// case folding changes its length, non-Latin scripts, emoji and the empty string; then texts
    /// that stress the ASCII fast path on non-ASCII text: an ASCII run followed or preceded by a
    /// combining mark, `ß`, the ligature `ﬁ`, the Kelvin sign, a dotted `İ`, fullwidth letters, and
    /// the short ASCII patterns those fold into.
    static let texts = [
        "", "a", "A", "abc", "ABC", "aBc", "Alpha 12", "alpha", "xyzABCabc", "Amélie", "AMÉLIE", "amelie",
        "Ame\u{301}lie", "straße", "STRASSE", "Ǆemal", "ǆ", "Ωμέγα", "ωμεγα", "日本語", "🙂a🙂", "a\u{0}b", "~[]^",
        "abc\u{301}", "Abc\u{20DD}x", "ab\u{903}", "\u{301}abc", "Abß", "ßabc", "abﬁ", "ﬁABC", "ab\u{212A}",
        "\u{212A}ABC", "abİ", "İabc", "ａｂｃ", "ABＣ", "Ａbc", "ab", "ss", "fi", "k", "i", "e", "c\u{301}",
    ]

    /// Both back ends, fast paths included, against the Unicode matcher that folds through Foundation.
    @Test func stringSearchInSQLiteAndInMemoryAgreesWithTheUnicodeMatcher() throws {
        let database = try Database.inMemory()
        try registerPredicateFunctions(on: database)
        let statement = try database.prepare("SELECT NSCoreDataStringSearch(?, ?, ?, ?)")
        var checked = 0
        for text in Self.texts {
            for pattern in Self.texts {
                for (code, op) in [(0, ComparisonOperator.equal), (1, .beginsWith), (2, .endsWith), (3, .contains)] {
                    for flags in 0...3 {
                        let options = StringComparisonOptions(rawValue: UInt8(flags))
                        let expected = PredicateStringMatching.searchFolded(
                            text, for: pattern, operator: op, options: options)
                        let inMemory =
                            op == .equal
                            ? PredicateStringMatching.equal(text, pattern, options: options)
                            : PredicateStringMatching.search(text, for: pattern, operator: op, options: options)
                        #expect(inMemory == expected, "in memory: \(text) \(op) \(pattern) flags \(flags)")
                        statement.reset()
                        try statement.bind([.text(text), .text(pattern), .integer(Int64(code)), .integer(Int64(flags))])
                        let result = try statement.step() ? statement.value(at: 0) : nil
                        #expect(
                            result == .integer(expected ? 1 : 0),
                            "\(text) \(op) \(pattern) flags \(flags)")
                        checked += 1
                    }
                }
            }
        }
        #expect(checked == Self.texts.count * Self.texts.count * 16)
    }

    /// The byte path answers only what it can prove: an ASCII prefix or suffix of non-ASCII text,
    /// and not a prefix a combining mark follows or one that reaches a folding letter.
    @Test func asciiFastPathAnswersOnlyWhereTheComparedScalarsAreAscii() {
        func fast(_ text: String, _ op: ComparisonOperator, _ pattern: String, _ flags: UInt8) -> Bool? {
            PredicateStringMatching.searchASCII(
                text, for: pattern, operator: op, options: StringComparisonOptions(rawValue: flags))
        }
        #expect(fast("Amélie 123", .beginsWith, "a", 1) == true)
        #expect(fast("Amélie 123", .beginsWith, "b", 3) == false)
        #expect(fast("Amélie 123", .endsWith, "123", 0) == true)
        #expect(fast("Amélie 123", .beginsWith, "ame", 3) == nil)
        #expect(fast("abc\u{301}", .beginsWith, "abc", 1) == nil)
        #expect(fast("abc\u{301}", .beginsWith, "ab", 1) == true)
        #expect(fast("ab\u{212A}", .beginsWith, "abk", 1) == nil)
        #expect(fast("ﬁABC", .endsWith, "abc", 1) == true)
        #expect(fast("ﬁABC", .contains, "fi", 1) == nil)
        #expect(fast("Amélie", .equal, "amelie", 3) == nil)
    }

    @Test func stringSearchFoldsMixedCaseAndDiacriticsLikeCoreData() throws {
        let database = try Database.inMemory()
        try registerPredicateFunctions(on: database)
        func search(_ text: String, _ pattern: String, _ code: Int64, _ flags: Int64) throws -> SQLiteValue? {
            try database.scalar(
                "SELECT NSCoreDataStringSearch(?, ?, ?, ?)",
                [.text(text), .text(pattern), .integer(code), .integer(flags)])
        }
        #expect(try search("Avatar", "a", 1, 1) == .integer(1))
        #expect(try search("Avatar", "a", 1, 0) == .integer(0))
        #expect(try search("Amélie", "ame", 1, 1) == .integer(0))
        #expect(try search("Amélie", "ame", 1, 3) == .integer(1))
        #expect(try search("AMÉLIE", "amélie", 0, 1) == .integer(1))
        #expect(try search("amelie", "AMÉLIE", 0, 3) == .integer(1))
        #expect(try search("Ωμέγα", "ΜΈΓ", 3, 1) == .integer(1))
        #expect(try search("abc", "", 1, 1) == .integer(0))
        #expect(try search("", "", 0, 1) == .integer(1))
    }

    @Test func stringSearchTreatsNullAsNotMatchingExceptNullEqualsNull() throws {
        let database = try Database.inMemory()
        try registerPredicateFunctions(on: database)
        #expect(try database.scalar("SELECT NSCoreDataStringSearch(NULL, NULL, 0, 1)") == .integer(1))
        #expect(try database.scalar("SELECT NSCoreDataStringSearch(NULL, NULL, 1, 1)") == .integer(0))
        #expect(try database.scalar("SELECT NSCoreDataStringSearch('a', NULL, 0, 1)") == .integer(0))
        #expect(try database.scalar("SELECT NSCoreDataStringSearch(NULL, 'a', 3, 0)") == .integer(0))
        #expect(try database.scalar("SELECT NSCoreDataStringSearch(1, '1', 0, 0)") == .integer(0))
    }
}
