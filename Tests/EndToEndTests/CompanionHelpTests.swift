import Testing

@Suite struct CompanionHelpTests {
    @Test func helpListsEveryCommandAndExitsZero() throws {
        let outcome = try ProductRunner.run("companion", ["--help"])
        #expect(outcome.status == 0)
        for command in ["model", "inspect", "lessons", "accel"] {
            #expect(outcome.standardOutput.contains("  \(command)"))
        }
    }

    @Test func unknownCommandIsAOneLineUsageError() throws {
        let outcome = try ProductRunner.run("companion", ["frobnicate"])
        #expect(outcome.status == 2)
        #expect(outcome.standardError == "companion: frobnicate: unknown command (try 'companion --help')\n")
        #expect(outcome.standardOutput.isEmpty)
    }
}
