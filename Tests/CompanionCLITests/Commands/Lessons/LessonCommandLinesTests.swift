import Testing

@testable import CompanionCLI

@Suite struct LessonCommandLinesTests {
    @Test func companionLinesInCodeBlocksAreSpelledToRunHere() {
        let markdown = """
            Run companion inspect in prose.

            ```sh
            swift run superdb --store /tmp/h.sqlite
            companion inspect /tmp/h.sqlite summary
            ```
            """
        let spelled = LessonCommandLines.spelled(markdown) { "swift run companion " + $0 }
        #expect(spelled.contains("\nswift run companion inspect /tmp/h.sqlite summary\n"))
        #expect(spelled.contains("Run companion inspect in prose."))
        #expect(spelled.contains("\nswift run superdb --store /tmp/h.sqlite\n"))
    }

    @Test func anInstalledCompanionLeavesTheLinesAsWritten() {
        let markdown = "```\ncompanion model sql M\n```"
        #expect(LessonCommandLines.spelled(markdown) { "companion " + $0 } == markdown)
    }
}
