import Testing

@testable import TerminalMarkdown

@Suite struct FrontMatterTests {
    @Test func fieldsListsAndBodyAreSeparated() throws {
        let source =
            "---\ntitle: \"Fetching: requests\"\nsamples: [Theater, Books]\nauthors:\n  - A\n  - B\nminutes: 12\n---\n# Body\n"
        let frontMatter = try FrontMatter(parsing: source)
        #expect(frontMatter["title"] == "Fetching: requests")
        #expect(frontMatter.fields["samples"] == ["Theater", "Books"])
        #expect(frontMatter.fields["authors"] == ["A", "B"])
        #expect(frontMatter["minutes"] == "12")
        #expect(frontMatter.body == "# Body\n")
        #expect(frontMatter.bodyLine == 9)
    }

    @Test func aDocumentWithoutFrontMatterIsAllBody() throws {
        let frontMatter = try FrontMatter(parsing: "# Title\n---\n")
        #expect(frontMatter.fields.isEmpty)
        #expect(frontMatter.body == "# Title\n---\n")
    }

    @Test func malformedFrontMatterNamesTheLine() {
        #expect(throws: FrontMatterError.malformedLine(2, "this is not a field")) {
            try FrontMatter(parsing: "---\nthis is not a field\n---\n")
        }
        #expect(throws: FrontMatterError.unterminated) { try FrontMatter(parsing: "---\ntitle: x\n") }
    }
}
