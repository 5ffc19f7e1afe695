import Foundation
import TerminalKit
import TestSupport
import Testing

@testable import TerminalMarkdown

/// The example lesson rendered in each mode, compared byte for byte with reviewed golden files
/// (`UPDATE_GOLDEN=1 swift test --filter GoldenRenderingTests` regenerates them).
@Suite struct GoldenRenderingTests {
    static let modes: [(name: String, options: RenderOptions)] = [
        ("plain-60.txt", RenderOptions(width: 60)),
        ("colour-60.txt", RenderOptions(width: 60, colors: true)),
        (
            "colour-links-40.txt",
            RenderOptions(
                width: 40, colors: true, hyperlinks: true, documentDirectory: "/lessons",
                codeOverflow: .wrap)
        ),
    ]

    @Test(arguments: modes.map(\.name))
    func exampleLessonMatchesItsGoldenFile(mode: String) throws {
        let options = try #require(Self.modes.first { $0.name == mode }).options
        let source = try String(contentsOf: MarkdownFixtures.exampleLesson, encoding: .utf8)
        let body = try FrontMatter(parsing: source).body
        let actual = MarkdownRenderer(options: options).render(body)
        try Golden.assert(actual, matches: mode)
    }
}
