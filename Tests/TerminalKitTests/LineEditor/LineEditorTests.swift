import Foundation
import Testing

@testable import TerminalKit

/// The line editor's parts that need no terminal; typing into it is covered end to end under tmux
/// (`InspectShellTerminalTests`).
@Suite struct LineEditorTests {
    @Test func historyIsSavedToItsFileInAPrivateDirectory() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "line-editor-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("companion/history").path
        let editor = LineEditor(historyPath: path)
        editor.addToHistory("SELECT 1;")
        editor.addToHistory("SELECT 1;")
        editor.addToHistory("   ")
        editor.addToHistory(".tables")
        let text = try String(contentsOfFile: path, encoding: .utf8)
        #expect(text.components(separatedBy: "\n").filter { !$0.isEmpty } == ["SELECT 1;", ".tables"])
        let attributes = try FileManager.default.attributesOfItem(
            atPath: directory.appendingPathComponent("companion").path)
        #expect((attributes[.posixPermissions] as? Int) == 0o700)
    }

    @Test func completionOffersOnlyCandidatesStartingWithTheWord() {
        CompletionBridge.provider = { _, _ in [".schema", ".summary", ".tables"] }
        defer { CompletionBridge.provider = nil }
        let matches = ".s".withCString { word -> [String] in
            guard let list = lineEditorAttemptCompletion(word, 0, 2) else { return [] }
            var result: [String] = []
            var index = 0
            while let entry = list[index] {
                result.append(String(cString: entry))
                free(entry)
                index += 1
            }
            free(list)
            return result
        }
        // readline puts the common prefix first, then each match.
        #expect(matches == [".s", ".schema", ".summary"])
    }

    @Test func afterAResizeThePromptIsFoundAsManyRowsUpAsTheNewWidthWrapsTheLine() {
        // "inspect> " and 31 characters fill one 40-column row exactly: the re-wrapped cursor stays
        // at its end; one more character starts the next row.
        let text = String(repeating: "a", count: 31)
        #expect(LineEditor.rowsAboveCursor(promptWidth: 9, textBeforeCursor: text, columns: 40) == 0)
        #expect(LineEditor.rowsAboveCursor(promptWidth: 9, textBeforeCursor: text + "a", columns: 40) == 1)
        #expect(LineEditor.rowsAboveCursor(promptWidth: 9, textBeforeCursor: text, columns: 19) == 2)
        #expect(LineEditor.rowsAboveCursor(promptWidth: 9, textBeforeCursor: "", columns: 40) == 0)
        // Readline shows ESC as "^[" (two columns), a tab up to the next stop, 漢 in two columns.
        #expect(LineEditor.rowsAboveCursor(promptWidth: 9, textBeforeCursor: "\u{1B}", columns: 10) == 1)
        #expect(LineEditor.rowsAboveCursor(promptWidth: 9, textBeforeCursor: "\t", columns: 15) == 1)
        #expect(LineEditor.rowsAboveCursor(promptWidth: 9, textBeforeCursor: "漢", columns: 10) == 1)
        #expect(LineEditor.rowsAboveCursor(promptWidth: 9, textBeforeCursor: "a", columns: 0) == 0)
    }

    @Test func aPromptsWidthLeavesOutWhatReadlineIsToldTakesNoColumns() {
        #expect(LineEditor.visibleText(ofPrompt: "\u{1}\u{1B}[1m\u{2}inspect> \u{1}\u{1B}[0m\u{2}") == "inspect> ")
        #expect(LineEditor.visibleText(ofPrompt: "(reverse-i-search)`AS': ") == "(reverse-i-search)`AS': ")
    }
}
