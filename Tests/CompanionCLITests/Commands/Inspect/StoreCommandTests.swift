import Testing

@testable import CompanionCLI

/// The one list of inspector commands, and what is generated from it.
@Suite struct StoreCommandTests {
    @Test func inspectHelpListsEveryCommandAndFitsEightyColumns() {
        let help = HelpText.fitted(InspectCommand.usage)
        for command in StoreCommand.allCases {
            #expect(help.contains("\n  " + command.synopsis), "\(command)")
        }
        for line in help.split(separator: "\n") {
            #expect(line.count <= 80, "\(line)")
        }
    }

    @Test func theShellOffersEveryCommandButShellAsADotCommand() {
        let dotCommands = InspectShell.dotCommands
        for command in StoreCommand.allCases {
            #expect(dotCommands.contains("." + command.name) == (command != .shell))
            #expect(InspectShell.help.contains("." + command.name) == (command != .shell), "\(command)")
        }
        for line in InspectShell.help.split(separator: "\n") {
            #expect(line.count <= 80, "\(line)")
        }
    }

    @Test func argumentsAreCheckedAgainstEachCommandsShape() throws {
        try StoreCommands.check([], of: .summary)
        try StoreCommands.check(["ZUSER", "ZPOST"], of: .schema)
        try StoreCommands.check(["User"], of: .rows)
        #expect(throws: CommandLineError.self) { try StoreCommands.check(["extra"], of: .summary) }
        #expect(throws: CommandLineError.self) { try StoreCommands.check([], of: .rows) }
        #expect(throws: CommandLineError.self) { try StoreCommands.check(["User", "where"], of: .fetch) }
    }

    @Test func onlyCommandsThatReadPlainSQLiteSkipTheCoreDataCheck() {
        let plain = StoreCommand.allCases.filter { !$0.needsCoreDataStore }
        #expect(plain == [.schema, .tables, .indexes, .trace, .shell])
    }
}
