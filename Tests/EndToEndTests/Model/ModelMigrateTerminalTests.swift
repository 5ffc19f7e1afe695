import Foundation
import TestSupport
import Testing

/// `companion model migrate` in a terminal of 80 and of 50 columns: its one line of result (and
/// of refusal) reads whole once the terminal's wrapping is undone, and the exit status is right.
@Suite struct ModelMigrateTerminalTests {
    @Test(.enabled(if: TmuxSession.isAvailable, "needs tmux (make deps installs it)"), arguments: [80, 50])
    func resultAndRefusalReadWholeAtEachWidth(columns: Int) throws {
        let scratch = try ScratchDirectory()
        try scratch.copyCorpusStore("duckduckgo__BrowserServicesKit__Bookmarks_V4.sqlite")
        let binary = TmuxSession.quoted(ProductRunner.binDirectory.appendingPathComponent("companion").path)
        try FileManager.default.copyItem(
            at: Fixtures.model("duckduckgo__BrowserServicesKit__BookmarksModel_6.contents"),
            to: scratch.url.appendingPathComponent("Bookmarks6.contents"))
        try FileManager.default.copyItem(
            at: Fixtures.model("wibosco__CoreDataMigration-Example__CoreDataMigration_Example_4.contents"),
            to: scratch.url.appendingPathComponent("Posts.contents"))
        let store = "duckduckgo__BrowserServicesKit__Bookmarks_V4.sqlite"
        let command =
            "env NO_COLOR=1 TERM=xterm \(binary) model migrate \(store) --to Posts.contents -o lost.sqlite; "
            + "\(binary) model migrate \(store) --to Bookmarks6.contents -o out.sqlite"
        let terminal = try TmuxSession(command: command, directory: scratch.path, columns: columns)
        defer { terminal.close() }
        try terminal.start()
        #expect(terminal.waitFor("SHELL-EXITED-0", after: terminal.mark))
        let screen = try terminal.capture(joined: true)
        #expect(
            screen.contains(
                "companion: \(store): the model Posts.contents shares no entity with the store's model, so every "
                    + "object would be lost (a wrong model?); --allow-data-loss migrates anyway"), "\(screen)")
        #expect(screen.contains("migrated \(store) to Bookmarks6.contents, written to out.sqlite"), "\(screen)")
        #expect(try terminal.capture().split(separator: "\n").allSatisfy { $0.count <= columns })
        #expect(!FileManager.default.fileExists(atPath: scratch.path("lost.sqlite")))
        #expect(FileManager.default.fileExists(atPath: scratch.path("out.sqlite")))
    }
}
