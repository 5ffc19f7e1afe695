import Testing

@testable import CompanionCLI

/// `companion`'s top level run in process: dispatch, help, version and the exit-status rule.
@Suite struct CompanionCommandTests {
    @Test func versionPrintsTheConstantAndExitsZero() {
        #expect(CompanionCommand.main(["--version"]) == .success)
        #expect(CompanionCommand.main(["-V"]) == .success)
        #expect(CompanionVersion.line == "companion 0.9.0")
    }

    @Test func helpTopicIsTheSameAsTheCommandsHelp() {
        #expect(CompanionCommand.main(["help"]) == .success)
        for subcommand in CompanionSubcommand.allCases {
            #expect(CompanionCommand.main(["help", subcommand.name]) == .success)
            #expect(CompanionCommand.main([subcommand.name, "--help"]) == .success)
        }
        #expect(CompanionCommand.main(["help", "accel", "dump"]) == .success)
        #expect(CompanionCommand.main(["help", "accel", "dmup"]) == .usage)
        #expect(CompanionCommand.main(["help", "inpsect"]) == .usage)
    }

    @Test func topLevelHelpStatesTheExitStatusRuleAndFitsEightyColumns() {
        let usage = CompanionCommand.usage
        #expect(usage.contains("Exit status, the same for every command:"))
        let texts = [usage] + CompanionSubcommand.allCases.map(\.usage) + AccelAction.allCases.map(\.usage)
        for subcommand in CompanionSubcommand.allCases {
            #expect(usage.contains("\n  " + subcommand.name))
        }
        for text in texts.map({ HelpText.fitted($0) }) {
            for line in text.split(separator: "\n") {
                #expect(line.count <= 80, "\(line)")
            }
        }
    }

    @Test func aMistypedCommandSuggestsTheClosestOne() {
        #expect(throws: CommandLineError.self) { try CompanionSubcommand.named("inpsect") }
        do {
            _ = try CompanionSubcommand.named("lesson")
        } catch {
            #expect(error.message.hasPrefix("unknown command; did you mean 'lessons'?"))
            #expect(error.status == .usage)
        }
        #expect(CompanionCommand.main(["frobnicate"]) == .usage)
    }

    /// One rule for every subcommand: a missing file is 1, a usage error 2.
    @Test(arguments: [
        (["inspect", "/nonexistent/store.sqlite"], CompanionCLI.ExitStatus.failure),
        (["inspect", "/nonexistent/store.sqlite", "tables"], .failure),
        (["inspect", "trace", "/nonexistent/app.log"], .failure),
        (["model", "show", "/nonexistent/Model.xcdatamodeld"], .failure),
        (["accel", "info", "/nonexistent/r.iiorec"], .failure),
        (["accel", "dump", "/nonexistent/r.iiorec"], .failure),
        (["lessons", "/nonexistent/lesson.md"], .failure),
        (["inspect"], .usage),
        (["inspect", "--bogus", "x.sqlite"], .usage),
        (["model", "shwo", "x"], .usage),
        (["accel", "dmup", "x"], .usage),
        (["accel", "info"], .usage),
        (["lessons", "--width", "none"], .usage),
    ])
    func everySubcommandFollowsTheExitStatusRule(arguments: [String], status: CompanionCLI.ExitStatus) {
        #expect(CompanionCommand.main(arguments) == status, "\(arguments)")
    }
}
