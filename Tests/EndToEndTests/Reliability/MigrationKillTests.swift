import Foundation
import SQLite
import TestSupport
import Testing

/// A migration killed with SIGKILL at many points, after each statement of its SQL trace: the
/// store is then either exactly the original (its file byte for byte, its write-ahead log's
/// committed bytes too) or completely migrated, never anything in between.
@Suite struct MigrationKillTests {
    private static let store = "wibosco__CoreDataMigration-Example__CoreDataMigration_Example_WAL.sqlite"

    /// The wibosco model 4 with `hide` made non-optional (its default fills the empty values), so
    /// the migration rewrites every Post.
    private static func destinationModel(in scratch: ScratchDirectory) throws -> String {
        let xml = try String(
            contentsOf: Fixtures.model("wibosco__CoreDataMigration-Example__CoreDataMigration_Example_4.contents"),
            encoding: .utf8)
        let changed = xml.replacingOccurrences(
            of: "<attribute name=\"hide\" optional=\"YES\"", with: "<attribute name=\"hide\"")
        return try scratch.write("Destination.contents", Data(changed.utf8))
    }

    /// Runs the migrating writer on `path`, killing it once it has printed `kill` SQL statements
    /// (never, for nil); returns the statements it printed.
    private static func migrate(_ path: String, source: String, destination: String, killAfter kill: Int?) throws
        -> Int
    {
        let process = Process()
        process.executableURL = ProductRunner.binDirectory.appendingPathComponent("companion-crash-writer")
        process.arguments = ["migrate", path, source, destination]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        var text = ""
        var statements = 0
        while true {
            let data = output.fileHandleForReading.availableData
            if data.isEmpty { break }
            text += String(decoding: data, as: UTF8.self)
            statements = text.components(separatedBy: "CoreData: sql: ").count - 1
            if let kill, statements >= kill {
                Foundation.kill(process.processIdentifier, SIGKILL)
                break
            }
        }
        process.waitUntilExit()
        return statements
    }

    @Test func killedMigrationLeavesTheOriginalStoreOrTheMigratedOne() throws {
        let scratch = try ScratchDirectory()
        let original = try scratch.copyCorpusStore(Self.store)
        let source = Fixtures.model("wibosco__CoreDataMigration-Example__CoreDataMigration_Example_4.contents").path
        let destination = try Self.destinationModel(in: scratch)
        let mainBytes = try #require(FileManager.default.contents(atPath: original))
        let logBytes = try #require(FileManager.default.contents(atPath: original + "-wal"))
        let posts = try Self.count(original)
        try #require(posts > 0)

        let full = scratch.path("full.sqlite")
        try Self.copy(original, to: full)
        let total = try Self.migrate(full, source: source, destination: destination, killAfter: nil)
        try #require(total > 10)
        #expect(try Self.isMigrated(full, posts: posts))

        var intact = 0
        var migrated = 0
        // Two kills after each statement of the run, the last (COMMIT) included.
        let points = (1...total).flatMap { [$0, $0] }
        for (run, point) in points.enumerated() {
            let path = scratch.path("run\(run).sqlite")
            try Self.copy(original, to: path)
            _ = try Self.migrate(path, source: source, destination: destination, killAfter: point)
            let main = FileManager.default.contents(atPath: path)
            let log = FileManager.default.contents(atPath: path + "-wal") ?? Data()
            if main == mainBytes && log.prefix(logBytes.count) == logBytes {
                // Frames past the original log are an unfinished commit, which SQLite ignores.
                #expect(try Self.count(path) == posts)
                intact += 1
            } else {
                #expect(try Self.isMigrated(path, posts: posts), "kill after statement \(point) of \(total)")
                migrated += 1
            }
        }
        #expect(intact + migrated == points.count)
        #expect(intact > 0)
    }

    /// Copies the store and its write-ahead log.
    private static func copy(_ path: String, to target: String) throws {
        try FileManager.default.copyItem(atPath: path, toPath: target)
        try FileManager.default.copyItem(atPath: path + "-wal", toPath: target + "-wal")
    }

    private static func count(_ path: String) throws -> Int64 {
        let database = try Database(path: path, flags: .readOnly)
        defer { database.close() }
        return try database.scalar("SELECT COUNT(*) FROM ZPOST")?.int64Value ?? -1
    }

    /// Whether the store passes SQLite's integrity check, has every Post and no empty `hide`.
    private static func isMigrated(_ path: String, posts: Int64) throws -> Bool {
        let database = try Database(path: path, flags: .readOnly)
        defer { database.close() }
        let integrity = try database.scalar("PRAGMA integrity_check")?.stringValue
        let empty = try database.scalar("SELECT COUNT(*) FROM ZPOST WHERE ZHIDE IS NULL")?.int64Value
        let counted = try count(path)
        return integrity == "ok" && empty == 0 && counted == posts
    }
}
