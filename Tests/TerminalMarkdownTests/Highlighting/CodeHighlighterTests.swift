import TestSupport
import Testing

@testable import TerminalMarkdown

@Suite struct CodeHighlighterTests {
    private func kinds(_ code: String, _ language: String) throws -> [(CodeToken.Kind, String)] {
        let syntax = try #require(LanguageSyntax.named(language))
        return CodeLexer.tokens(of: code, syntax: syntax).filter { $0.kind != .plain }.map { ($0.kind, $0.text) }
    }

    @Test func tokensGiveBackTheSourceExactly() {
        let code = "let x = \"a\\\"b\" // c\n/* d\n e */ @MainActor func f() -> Int { 0x1F }"
        #expect(CodeLexer.tokens(of: code, syntax: .swift).map(\.text).joined() == code)
    }

    @Test func swiftKeywordsTypesStringsCommentsAndAttributes() throws {
        let tokens = try kinds("@MainActor let request = FetchRequest(\"Theater\") // all\n#if os(Linux)", "swift")
        #expect(tokens.contains { $0 == (.attribute, "@MainActor") })
        #expect(tokens.contains { $0 == (.keyword, "let") })
        #expect(tokens.contains { $0 == (.type, "FetchRequest") })
        #expect(tokens.contains { $0 == (.string, "\"Theater\"") })
        #expect(tokens.contains { $0 == (.comment, "// all") })
        #expect(tokens.contains { $0 == (.attribute, "#if") })
    }

    @Test func swiftMultilineStringsAndBlockCommentsSpanLines() {
        let lines = CodeHighlighter.lines(of: "let s = \"\"\"\n  text\n  \"\"\"\n/* a\nb */\n", info: "swift")
        #expect(lines.count == 5)
        #expect(lines.element(at: 1)?.map(\.style) == [Theme.token(.string)])
        #expect(lines.element(at: 4)?.map(\.style) == [Theme.token(.comment)])
    }

    @Test func objectiveCPreprocessorAtStringsAndKeywords() throws {
        let tokens = try kinds("#import <CoreData/CoreData.h>\nNSString *s = @\"hi\"; BOOL ok = YES;", "objc")
        #expect(tokens.contains { $0 == (.attribute, "#import <CoreData/CoreData.h>") })
        #expect(tokens.contains { $0 == (.string, "@\"hi\"") })
        #expect(tokens.contains { $0 == (.keyword, "YES") })
        #expect(tokens.contains { $0 == (.type, "NSString") })
    }

    @Test func sqlKeywordsIgnoreCase() throws {
        let tokens = try kinds("select Z_PK from ZTHEATER where ZNAME = 'A' -- note", "sql")
        #expect(tokens.contains { $0 == (.keyword, "select") })
        #expect(tokens.contains { $0 == (.keyword, "from") })
        #expect(tokens.contains { $0 == (.string, "'A'") })
        #expect(tokens.contains { $0 == (.comment, "-- note") })
    }

    @Test func shellPromptsVariablesAndComments() throws {
        let tokens = try kinds("$ echo \"$HOME\" ${XDG_STATE_HOME} $# # comment", "console")
        let prompt = try #require(tokens.first)
        #expect(prompt == (.prompt, "$ "))
        #expect(tokens.contains { $0 == (.variable, "${XDG_STATE_HOME}") })
        #expect(tokens.contains { $0 == (.variable, "$#") })
        #expect(tokens.contains { $0 == (.comment, "# comment") })
    }

    @Test func jsonKeysValuesAndLiterals() throws {
        let tokens = try kinds("{\"name\": \"Theater\", \"count\": 3, \"ok\": true}", "json")
        #expect(tokens.contains { $0 == (.key, "\"name\"") })
        #expect(tokens.contains { $0 == (.string, "\"Theater\"") })
        #expect(tokens.contains { $0 == (.number, "3") })
        #expect(tokens.contains { $0 == (.keyword, "true") })
    }

    @Test func unknownLanguagesArePlainAndTabsExpandToStopsOfFour() {
        #expect(LanguageSyntax.named("haskell") == nil)
        #expect(
            CodeHighlighter.lines(of: "a\tb\n\tc\n", info: "text").map { $0.map(\.text).joined() } == [
                "a   b", "    c",
            ])
    }
}
