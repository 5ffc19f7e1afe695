import TerminalMarkdown
import TestSupport
import Testing

@Suite struct LessonProgramTests {
    private let markdown = """
        Some text.
        ```swift
        let typeChecked = true
        ```
        A paragraph right above.
        ```swift run
        import ObjectGraph
        import Foundation
        print(1)
        ```
        - an item

          ~~~swift run
          print(2)
          ~~~
        """

    @Test func onlySwiftRunBlocksAreProgramsNumberedFromOne() throws {
        let programs = LessonProgram.programs(in: markdown)
        #expect(programs.map(\.number) == [1, 2])
        #expect(programs.map(\.line) == [6, 13])
        let second = try #require(programs.element(at: 1))
        #expect(second.code == "print(2)")
    }

    @Test func importsNameTheModulesAProgramUses() throws {
        let first = try #require(LessonProgram.programs(in: markdown).first)
        #expect(first.imports == ["ObjectGraph", "Foundation"])
    }

    @Test func theRunCommandStandsAloneAboveEachBlockAtItsIndentation() {
        let marked = LessonProgram.markingRunnableBlocks(in: markdown) { "companion lessons run 05 \($0)" }
        #expect(marked.contains("A paragraph right above.\n\n▶ `companion lessons run 05 1`\n\n```swift run"))
        #expect(marked.contains("\n\n  ▶ `companion lessons run 05 2`\n\n  ~~~swift run"))
        #expect(
            LessonProgram.programs(in: marked)
                == LessonProgram.programs(in: markdown).map {
                    LessonProgram(number: $0.number, line: $0.line + 3 * $0.number, code: $0.code)
                })
    }
}
