import Testing

@testable import ObjectGraph

@Suite struct PredicateLexerTests {
    private func kinds(_ text: String) throws -> [PredicateToken.Kind] {
        try PredicateLexer.tokenize(text).map(\.kind)
    }

    @Test func operatorSynonymsBecomeCanonical() throws {
        #expect(
            try kinds("= == <> != =< <= => >= && || !") == [
                .symbol("=="), .symbol("=="), .symbol("!="), .symbol("!="), .symbol("<="), .symbol("<="),
                .symbol(">="), .symbol(">="), .symbol("&&"), .symbol("||"), .symbol("!"), .end,
            ])
    }

    @Test func numbersInEveryNotation() throws {
        #expect(
            try kinds("42 0x1F 0o17 0b101 2.5 1e3 7.5E-2") == [
                .integer(42), .integer(31), .integer(15), .integer(5), .double(2.5), .double(1000), .double(0.075),
                .end,
            ])
    }

    @Test func keysVariablesOperatorsAndEscapedKeywords() throws {
        #expect(
            try kinds("name $YEAR @count #size SIZE café") == [
                .identifier("name"), .variable("YEAR"), .collectionOperator("@count"), .identifier("size"),
                .keyword(.size), .identifier("café"), .end,
            ])
    }

    @Test func stringEscapesAndPercent() throws {
        #expect(
            try kinds(#"'it\'s' "a\"b" "\n\t\u00e9" '100%%' "%@""#) == [
                .string("it's"), .string("a\"b"), .string("\n\té"), .string("100%"), .string("%@"), .end,
            ])
    }

    @Test func formatSpecifiersKeepTheirLengthModifiers() throws {
        #expect(
            try kinds("%@ %K %d %ld %lld %f %lf %i") == [
                .formatSpecifier("@"), .formatSpecifier("K"), .formatSpecifier("d"), .formatSpecifier("ld"),
                .formatSpecifier("lld"), .formatSpecifier("f"), .formatSpecifier("lf"), .formatSpecifier("i"), .end,
            ])
    }

    @Test func columnsCountCharactersNotScalars() {
        // "nai\u{308}ve" is five characters but six scalars.
        do {
            _ = try ObjectPredicate(format: "nai\u{308}ve == AND")
            Issue.record("expected an error")
        } catch {
            #expect(error.column == 10)
        }
    }
}
