import Foundation
import Testing

@testable import CompanionCLI

/// How `companion inspect` reads its words: by the rules its help states, not by guessing.
@Suite struct InspectWordsTests {
    @Test func aStoreAloneIsItsSummaryOrWithShellTheShell() throws {
        #expect(try InspectWords(["a.sqlite"]) == .store(path: "a.sqlite", command: .summary, arguments: []))
        #expect(try InspectWords(["a.sqlite"], shell: true) == .store(path: "a.sqlite", command: .shell, arguments: []))
    }

    @Test func aSecondWordThatIsACommandRunsItWithTheRestAsArguments() throws {
        #expect(
            try InspectWords(["a.sqlite", "rows", "User"])
                == .store(path: "a.sqlite", command: .rows, arguments: ["User"]))
        #expect(
            try InspectWords(["missing.sqlite", "check"])
                == .store(path: "missing.sqlite", command: .check, arguments: []))
    }

    @Test func traceFirstIsTheLogSummaryWhateverExistsOnDisk() throws {
        #expect(try InspectWords(["trace", "app.log"]) == .trace(log: "app.log"))
        #expect(throws: CommandLineError.self) { try InspectWords(["trace"]) }
    }

    @Test func otherWordsAreABatchEvenWhenAFileIsMissing() throws {
        #expect(try InspectWords(["a.sqlite", "gone.sqlite"]) == .batch(paths: ["a.sqlite", "gone.sqlite"]))
        #expect(try InspectWords(["a.sqlite", "frobnicate"]) == .batch(paths: ["a.sqlite", "frobnicate"]))
    }

    @Test func aMissingWordOneTypoFromACommandIsAUsageErrorWithTheSuggestion() {
        do {
            _ = try InspectWords(["a.sqlite", "row", "User"])
            Issue.record("expected a usage error")
        } catch {
            #expect(error.status == .usage)
            #expect(error.subject == "row")
            #expect(error.message.contains("did you mean 'rows'?"))
        }
    }

    @Test func aCommandAfterADirectoryIsAUsageError() throws {
        let directory = FileManager.default.temporaryDirectory.path
        #expect(try InspectWords([directory]) == .batch(paths: [directory]))
        do {
            _ = try InspectWords([directory, "rows", "User"])
            Issue.record("expected a usage error")
        } catch {
            #expect(error.status == .usage)
            #expect(error.message.hasPrefix("is a directory"))
        }
    }
}
