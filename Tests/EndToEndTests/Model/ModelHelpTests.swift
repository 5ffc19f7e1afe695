import Foundation
import TestSupport
import Testing

/// `companion model ACTION --help` and `companion help model ACTION`: one action's synopsis,
/// what it does, its options and exit statuses, within 80 columns, on a terminal and through a pipe.
@Suite struct ModelHelpTests {
    static let actions = ["show", "sql", "codegen"]

    @Test(arguments: actions)
    func eachActionsHelpIsTheSameWhicheverWayItIsAskedFor(action: String) throws {
        let flag = try ProductRunner.run("companion", ["model", action, "--help"])
        let short = try ProductRunner.run("companion", ["model", action, "-h"])
        let topic = try ProductRunner.run("companion", ["help", "model", action])
        for outcome in [flag, short, topic] {
            #expect(outcome.status == 0)
            #expect(outcome.standardError.isEmpty, "\(outcome.standardError)")
        }
        #expect(short.standardOutput == flag.standardOutput)
        #expect(topic.standardOutput == flag.standardOutput)
        #expect(flag.standardOutput.hasPrefix("usage: companion model \(action) MODEL"))
        #expect(flag.standardOutput.contains("\nMODEL is an Xcode .xcdatamodeld bundle"))
        #expect(flag.standardOutput.contains("\nExit status: 0 ok, 1 the model is missing or cannot be read"))
        // Its own help only: no other action's synopsis.
        for other in Self.actions where other != action {
            #expect(!flag.standardOutput.contains("companion model \(other)"), "\(other)")
        }
        let wide = flag.standardOutput.split(separator: "\n").filter { $0.count > 80 }
        #expect(wide.isEmpty, "\(wide)")
    }

    @Test func codegensHelpListsItsOutputOptionAndWhatFails() throws {
        let help = try ProductRunner.run("companion", ["model", "codegen", "--help"]).standardOutput
        #expect(
            help.contains(
                """
                options:
                  -o, --output DIR   the folder the files are written to, made if missing
                                     (default: the current folder)
                """))
        #expect(
            help.hasSuffix(
                """
                Exit status: 0 ok, 1 the model is missing or cannot be read, two entities would
                generate the same class, or a file cannot be written, 2 usage error.

                """))
        let show = try ProductRunner.run("companion", ["model", "show", "--help"]).standardOutput
        #expect(!show.contains("options:"))
    }

    @Test func theCommandsHelpSaysHowToGetAnActionsHelp() throws {
        let help = try ProductRunner.run("companion", ["model", "--help"]).standardOutput
        #expect(help.contains("model <action> --help' for an action's options."))
    }

    @Test func anUnknownActionInHelpSuggestsTheNearestOne() throws {
        let outcome = try ProductRunner.run("companion", ["help", "model", "codgen"])
        #expect(outcome.status == 2)
        #expect(outcome.standardOutput.isEmpty)
        #expect(outcome.standardError.hasPrefix("companion: model codgen: unknown action; did you mean 'codegen'?"))
        #expect(outcome.standardError.split(separator: "\n").count == 1)
    }

    /// In an 80-column terminal every line of the help is a row of its own, as piped; in a
    /// 50-column one the terminal wraps the rows and nothing is lost.
    @Test(.enabled(if: TmuxSession.isAvailable, "needs tmux (make deps installs it)"), arguments: [80, 50])
    func onATerminalTheHelpReadsAsPiped(columns: Int) throws {
        let piped = try ProductRunner.run("companion", ["model", "codegen", "--help"]).standardOutput
        let scratch = try ScratchDirectory(prefix: "model-help-terminal")
        let binary = ProductRunner.binDirectory.appendingPathComponent("companion").path
        let command = "env NO_COLOR=1 TERM=xterm \(TmuxSession.quoted(binary)) model codegen --help"
        let terminal = try TmuxSession(command: command, directory: scratch.path, columns: columns)
        defer { terminal.close() }
        try terminal.start()
        #expect(terminal.waitFor("SHELL-EXITED-0", after: terminal.mark))
        let screen = try terminal.capture(joined: columns < 80)
        let rows = screen.split(separator: "\n", omittingEmptySubsequences: false).map {
            String($0.reversed().drop { $0 == " " }.reversed())
        }
        for line in piped.split(separator: "\n") {
            #expect(rows.contains(String(line)), "missing row '\(line)' in:\n\(screen)")
        }
        if columns < 80 {
            #expect(try terminal.capture().split(separator: "\n").allSatisfy { $0.count <= columns })
        }
    }
}
