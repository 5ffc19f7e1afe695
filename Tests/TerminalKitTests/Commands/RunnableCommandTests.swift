import Foundation
import TerminalKit
import TestSupport
import Testing

/// Commands printed for a user to copy are spelled in the form that runs where they are.
@Suite struct RunnableCommandTests {
    /// A folder holding an executable `companion`, for a `PATH` that has it.
    private func folderWithCompanion(_ scratch: ScratchDirectory) throws -> String {
        let path = scratch.path("companion")
        #expect(FileManager.default.createFile(atPath: path, contents: Data("#!/bin/sh\n".utf8)))
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: path)
        return scratch.path
    }

    @Test func aProgramOnThePathIsSpelledByItsName() throws {
        let scratch = try ScratchDirectory()
        let path = try folderWithCompanion(scratch) + ":/usr/bin"
        #expect(RunnableCommand.isOnPath("companion", path: path))
        #expect(
            RunnableCommand.spelled("companion", "inspect S.sqlite", environment: ["PATH": path])
                == "companion inspect S.sqlite")
    }

    @Test func aProgramOnlyBuiltInACloneIsSpelledWithSwiftRun() {
        #expect(
            RunnableCommand.spelled("companion", "lessons", environment: ["PATH": "/usr/bin:/bin"])
                == "swift run companion lessons")
        #expect(
            RunnableCommand.spelled(
                "companion", "lessons", runningExecutable: "/home/s/x/.build/debug/companion",
                environment: ["PATH": "/usr/bin"]) == "swift run companion lessons")
    }

    @Test func anInstalledProgramOffThePathIsSpelledByItsPath() {
        #expect(
            RunnableCommand.spelled(
                "companion", "--help", runningExecutable: "/opt/my tools/bin/companion",
                environment: ["PATH": "/usr/bin"]) == "'/opt/my tools/bin/companion' --help")
    }

    @Test func aFolderOrANonExecutableFileIsNotAProgramOnThePath() throws {
        let scratch = try ScratchDirectory()
        try FileManager.default.createDirectory(
            atPath: scratch.path("sub/companion"), withIntermediateDirectories: true)
        #expect(FileManager.default.createFile(atPath: scratch.path("plain"), contents: Data()))
        #expect(!RunnableCommand.isOnPath("companion", path: scratch.path("sub")))
        #expect(!RunnableCommand.isOnPath("plain", path: scratch.path))
        #expect(!RunnableCommand.isOnPath("companion", path: nil))
        #expect(!RunnableCommand.isOnPath("bin/companion", path: "/usr"))
    }

    @Test func shellQuotingLeavesPlainWordsAndQuotesTheRest() {
        #expect(ShellQuoting.quoted("/usr/local/bin/companion") == "/usr/local/bin/companion")
        #expect(ShellQuoting.quoted("it's here") == "'it'\\''s here'")
        #expect(ShellQuoting.quoted("") == "''")
    }
}
