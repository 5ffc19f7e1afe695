import TestSupport
import Testing

@Suite struct CompanionHelpTests {
    @Test func helpListsEveryCommandAndExitsZero() throws {
        let outcome = try ProductRunner.run("companion", ["--help"])
        #expect(outcome.status == 0)
        for command in ["model", "inspect", "lessons", "accel"] {
            #expect(outcome.standardOutput.contains("  \(command)"))
        }
    }

    /// An argument is echoed in the error with its escapes made visible, whichever command reports it.
    @Test(arguments: [
        ["\u{1B}[2Jred"], ["model", "show", "\u{1B}[2Jred"], ["model", "sql", "\u{9B}31m\u{202E}"],
    ])
    func anEscapeInAnArgumentNeverReachesTheTerminal(arguments: [String]) throws {
        let outcome = try ProductRunner.run("companion", arguments)
        #expect(outcome.status != 0)
        #expect(outcome.standardError.hasPrefix("companion: "), "\(outcome.standardError)")
        #expect(!outcome.standardError.unicodeScalars.contains { [0x1B, 0x7F, 0x9B, 0x202E].contains($0.value) })
        #expect(outcome.standardError.split(separator: "\n").count == 1)
    }

    /// Every help text, counted in characters (each is one column here: the texts are ASCII but for
    /// `m/s²`, `±` and `…`), fits a terminal 80 columns wide.
    @Test(arguments: [
        ["--help"], ["inspect", "--help"], ["accel", "--help"], ["lessons", "--help"], ["model", "--help"],
        ["accel", "dump", "--help"], ["accel", "play", "--help"], ["accel", "info", "--help"],
        ["accel", "import", "--help"], ["accel", "graph", "--help"], ["accel", "record", "--help"],
        ["accel", "synthesize", "--help"], ["help", "inspect", "rows"], ["help", "inspect", "fetch"],
        ["help", "inspect", "check"], ["help", "inspect", "diff"], ["help", "inspect", "shell"],
    ])
    func everyHelpFitsEightyColumns(arguments: [String]) throws {
        let outcome = try ProductRunner.run("companion", arguments)
        let text = outcome.standardOutput + outcome.standardError
        #expect(!text.isEmpty)
        let wide = text.split(separator: "\n").filter { $0.count > 80 }
        #expect(wide.isEmpty, "\(arguments): \(wide)")
    }

    @Test func unknownCommandIsAOneLineUsageError() throws {
        let outcome = try ProductRunner.run("companion", ["frobnicate"])
        #expect(outcome.status == 2)
        let help = ["companion --help", "swift run companion --help"]
        #expect(help.map { "companion: frobnicate: unknown command (try '\($0)')\n" }.contains(outcome.standardError))
        #expect(outcome.standardOutput.isEmpty)
    }
}
