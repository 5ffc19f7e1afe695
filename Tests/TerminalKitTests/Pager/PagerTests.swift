import Foundation
import TerminalKit
import Testing

@Suite struct PagerTests {
    @Test func lessIsTheDefaultWithRawColourQuitIfOneScreenAndCtrlC() {
        let pager = Pager(environment: [:])
        #expect(pager.command == "less -R -F -K")
        #expect(pager.environment == ["LESSCHARSET": "UTF-8", "LESS": "-R -F -K"])
    }

    @Test func pagerVariableIsUsedAndLessOptionsAreNotOverridden() {
        let pager = Pager(environment: ["PAGER": "most", "LESS": "-S"])
        #expect(pager.command == "most")
        #expect(pager.environment == ["LESSCHARSET": "UTF-8"])
        #expect(Pager(environment: ["PAGER": "  "]).command == "less -R -F -K")
    }

    @Test func pagingHappensOnlyOnATerminalAndNotWithCat() {
        #expect(Pager.isWanted(environment: [:], isTerminal: true))
        #expect(!Pager.isWanted(environment: [:], isTerminal: false))
        #expect(!Pager.isWanted(environment: ["PAGER": "cat"], isTerminal: true))
    }

    @Test func thePagerReceivesTheTextAndUTF8Charset() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("pager-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let output = directory.appendingPathComponent("out").path
        let pager = Pager(environment: ["PAGER": "{ printenv LESSCHARSET; cat; } > '\(output)'"])
        #expect(pager.show("日本語\n"))
        #expect(try String(contentsOfFile: output, encoding: .utf8) == "UTF-8\n日本語\n")
    }

    @Test func aPagerThatIsNotInstalledIsReportedSoTheCallerPrints() {
        #expect(!Pager(environment: ["PAGER": "no-such-pager-\(UUID().uuidString)"]).show("text\n"))
    }
}
