import Foundation
import SQLite
import TestSupport
import Testing

/// Bad inputs built in the test: each gives one clear line and the right exit status, never a crash.
@Suite struct InspectBadInputTests {
    private func expectError(
        _ outcome: ProcessOutcome, contains text: String, status: Int32 = 2,
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        #expect(
            outcome.status == status, "exit \(outcome.status): \(outcome.standardError)", sourceLocation: sourceLocation
        )
        #expect(outcome.standardError.contains(text), "\(outcome.standardError)", sourceLocation: sourceLocation)
        #expect(outcome.standardError.split(separator: "\n").count == 1, sourceLocation: sourceLocation)
        #expect(outcome.standardError.hasPrefix("companion: "), sourceLocation: sourceLocation)
    }

    @Test func aTimeoutTooLongToCountRunsWithoutALimitInsteadOfCrashing() throws {
        let fixtures = try InspectFixtures()
        let store = try fixtures.copyCorpusStore(InspectFixtures.recipes)
        for seconds in ["1e308", "99999999999999999999"] {
            let outcome = try fixtures.inspect([store, "tables", "--timeout", seconds])
            #expect(outcome.status == 0, "--timeout \(seconds): \(outcome.standardError)")
            #expect(outcome.standardError.isEmpty)
        }
    }

    @Test func rowsWhoseEntityNumberIsTheSmallestIntegerAreFetchedWithoutATrap() throws {
        let fixtures = try InspectFixtures()
        let store = try fixtures.copyCorpusStore(InspectFixtures.sampleModel2)
        let database = try Database(path: store)
        try database.execute("UPDATE ZBOOK SET Z_ENT = -9223372036854775808")
        database.close()
        let outcome = try fixtures.inspect([store, "fetch", "Book", "--limit", "3"])
        #expect(outcome.status == 0 || outcome.status == 1, "\(outcome.status): \(outcome.standardError)")
        #expect(!outcome.standardError.contains("Fatal error"))
        #expect(!outcome.standardError.contains("crashed"))
    }

    @Test func aPredicateWithControlCharactersIsEchoedVisibly() throws {
        let fixtures = try InspectFixtures()
        let store = try fixtures.copyCorpusStore(InspectFixtures.recipes)
        let outcome = try fixtures.inspect([store, "rows", "Recipe", "--where", "\u{1}\u{1B}[2J\u{7F}"])
        #expect(outcome.status == 2)
        let prefix = "companion: --where: cannot read the predicate"
        #expect(outcome.standardError.hasPrefix(prefix), "\(outcome.standardError)")
        #expect(!outcome.standardError.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" || $0.value == 0x7F })
    }

    @Test func aMissingPathSaysSo() throws {
        let fixtures = try InspectFixtures()
        expectError(
            try fixtures.inspect(["nothing-here.sqlite"]), contains: "nothing-here.sqlite: no such file or directory",
            status: 1)
    }

    @Test func anEmptyFileSaysItIsEmpty() throws {
        let fixtures = try InspectFixtures()
        try fixtures.write("empty.sqlite", Data())
        expectError(try fixtures.inspect(["empty.sqlite"]), contains: "the file is empty (0 bytes)", status: 1)
    }

    @Test func textRandomAndEncryptedFilesAreNotSQLite() throws {
        let fixtures = try InspectFixtures()
        try fixtures.write("notes.sqlite", Data("These are my notes, not a database.\n".utf8))
        var generator = SeededGenerator(seed: 42)
        try fixtures.write("random.sqlite", Data((0..<8192).map { _ in UInt8.random(in: 0...255, using: &generator) }))
        // An SQLCipher store is random-looking from its first byte on.
        try fixtures.write(
            "encrypted.sqlite", Data((0..<4096).map { _ in UInt8.random(in: 0...255, using: &generator) }))
        for name in ["notes.sqlite", "random.sqlite", "encrypted.sqlite"] {
            expectError(try fixtures.inspect([name]), contains: "\(name): not an SQLite file (encrypted?)", status: 1)
        }
    }

    @Test func aTruncatedStoreIsMalformedWithTheRecoverHint() throws {
        let fixtures = try InspectFixtures()
        let original = try Data(contentsOf: InspectFixtures.corpus.appendingPathComponent(InspectFixtures.sampleModel2))
        try fixtures.write("truncated.sqlite", original.prefix(original.count / 3))
        let outcome = try fixtures.inspect(["truncated.sqlite"])
        expectError(outcome, contains: "database disk image is malformed", status: 1)
        #expect(outcome.standardError.contains("sqlite3 truncated.sqlite .recover"))
    }

    @Test func theMalformedMessageSaysMalformedOnceOnOneLine() throws {
        let fixtures = try InspectFixtures()
        let original = try Data(contentsOf: InspectFixtures.corpus.appendingPathComponent(InspectFixtures.recipes))
        try fixtures.write("cut.sqlite", original.prefix(20000))
        let outcome = try fixtures.inspect(["cut.sqlite"])
        #expect(outcome.status == 1)
        #expect(outcome.standardError.split(separator: "\n").count == 1)
        #expect(outcome.standardError.components(separatedBy: "malformed").count == 2, "\(outcome.standardError)")
    }

    @Test func aStoreWithDamagedPagesIsReportedNotCrashedOn() throws {
        let fixtures = try InspectFixtures()
        var bytes = [UInt8](
            try Data(contentsOf: InspectFixtures.corpus.appendingPathComponent(InspectFixtures.sampleModel2)))
        // Scribble over the middle pages (the page size is 4096), leaving the header and schema intact.
        for index in stride(from: 40 * 4096, to: min(bytes.count, 120 * 4096), by: 7) { bytes[index] ^= 0x5A }
        try fixtures.write("damaged.sqlite", Data(bytes))
        let outcome = try fixtures.inspect(["damaged.sqlite"])
        #expect(outcome.status == 1 || outcome.status == 2, "\(outcome.standardError)")
        let text = outcome.standardOutput + outcome.standardError
        #expect(text.contains("quick_check") || text.contains("malformed"))
    }

    @Test func aDirectoryWithNoStoresIsOneErrorLineNamingTheDirectory() throws {
        let fixtures = try InspectFixtures()
        try fixtures.write("empty-dir/readme.txt", Data("nothing".utf8))
        let outcome = try fixtures.inspect(["empty-dir"])
        #expect(outcome.status == 1)
        #expect(outcome.standardOutput.isEmpty)
        #expect(outcome.standardError == "companion: empty-dir: no SQLite stores found below this directory\n")
        // What was passed over is said on the same line.
        try FileManager.default.createSymbolicLink(
            atPath: fixtures.path + "/empty-dir/elsewhere", withDestinationPath: "/tmp")
        let withLink = try fixtures.inspect(["empty-dir"])
        #expect(withLink.status == 1)
        #expect(withLink.standardError.split(separator: "\n").count == 1, "\(withLink.standardError)")
        #expect(withLink.standardError.contains("skipped: ") && withLink.standardError.contains("not followed"))
    }

    @Test func anSQLiteFileThatIsNotCoreDataIsOneLineNamingTheMissingTablesYetShowsItsSchema() throws {
        let fixtures = try InspectFixtures()
        try fixtures.makeDatabase(
            "plain.db",
            [
                "CREATE TABLE people (id INTEGER PRIMARY KEY, name TEXT)",
                "INSERT INTO people (name) VALUES ('Ada')",
            ])
        let summary = try fixtures.inspect(["plain.db"])
        expectError(
            summary, contains: "plain.db: not a Core Data store: it has no Z_PRIMARYKEY and Z_METADATA tables",
            status: 1)
        #expect(summary.standardOutput.isEmpty)
        // The entity commands say the same, not that the model cache is missing.
        let rows = try fixtures.inspect(["plain.db", "rows", "people"])
        #expect(rows.standardError == summary.standardError)
        #expect(rows.status == 1)
        let schema = try fixtures.inspect(["plain.db", "schema"])
        #expect(schema.status == 0)
        #expect(schema.standardOutput.contains("CREATE TABLE people"))
        #expect(try fixtures.inspect(["plain.db", "tables"]).standardOutput.contains("people"))
    }

    @Test func aFileWithOnlyOneOfCoreDatasTablesNamesTheOneMissing() throws {
        let fixtures = try InspectFixtures()
        try fixtures.makeDatabase(
            "half.sqlite",
            [
                "CREATE TABLE Z_PRIMARYKEY (Z_ENT INTEGER PRIMARY KEY, Z_NAME VARCHAR, Z_SUPER INTEGER, Z_MAX INTEGER)"
            ])
        let summary = try fixtures.inspect(["half.sqlite"])
        expectError(summary, contains: "half.sqlite: not a Core Data store: it has no Z_METADATA table", status: 1)
        expectError(
            try fixtures.inspect(["half.sqlite", "metadata"]), contains: "it has no Z_METADATA table", status: 1)
    }

    @Test func inABatchEachFileThatCannotBeReadIsAlsoOneLineOnStandardError() throws {
        let fixtures = try InspectFixtures()
        try fixtures.copyCorpusStore(InspectFixtures.recipes, into: "class")
        try fixtures.makeDatabase("class/plain.sqlite", ["CREATE TABLE t (a)"])
        try fixtures.write("class/broken.sqlite", Data("SQLite format 3\u{0}".utf8) + Data(repeating: 7, count: 200))
        let outcome = try fixtures.inspect(["class", "--line"])
        #expect(outcome.status == 1)
        let errors = outcome.standardError.split(separator: "\n").map(String.init).sorted()
        #expect(errors.count == 2, "\(outcome.standardError)")
        #expect(errors.first?.hasPrefix("companion: class/broken.sqlite: database disk image is malformed") == true)
        #expect(
            errors.last
                == "companion: class/plain.sqlite: not a Core Data store: it has no Z_PRIMARYKEY and Z_METADATA tables")
        #expect(outcome.standardOutput.contains("Recipe 3"))
    }

    @Test func aWriteAheadLogOrJournalGivenForTheStoreSaysWhichFileToOpen() throws {
        let fixtures = try InspectFixtures()
        let walStore = "wibosco__CoreDataMigration-Example__CoreDataMigration_Example_WAL.sqlite"
        let store = try fixtures.copyCorpusStore(walStore)
        let name = (store as NSString).lastPathComponent
        expectError(
            try fixtures.inspect([name + "-wal"]),
            contains: "\(name)-wal: is a write-ahead log (-wal), not a store; open the store file beside it (\(name))",
            status: 1)
        let journalMagic = Data([0xD9, 0xD5, 0x05, 0xF9, 0x20, 0xA1, 0x63, 0xD7])
        try fixtures.write("app.sqlite-journal", journalMagic + Data(count: 504))
        expectError(
            try fixtures.inspect(["app.sqlite-journal"]),
            contains: "app.sqlite-journal: is a rollback journal (-journal), not a store; "
                + "open the store file beside it (app.sqlite)", status: 1)
    }

    @Test func anEmptyPathSaysThePathIsEmpty() throws {
        let fixtures = try InspectFixtures()
        expectError(try fixtures.inspect([""]), contains: "a store path given is empty")
        try fixtures.copyCorpusStore(InspectFixtures.recipes)
        for option in ["--model", "--expected"] {
            expectError(
                try fixtures.inspect([InspectFixtures.recipes, option, ""]),
                contains: "companion: \(option): the path given is empty")
        }
    }

    @Test(.enabled(if: getuid() == 0, "needs root to run as nobody"))
    func aStoreInADirectoryThatCannotBeEnteredIsPermissionDenied() throws {
        let fixtures = try InspectFixtures()
        try fixtures.write("locked/x.sqlite", Data())
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: fixtures.path)
        let locked = fixtures.path + "/locked"
        try FileManager.default.setAttributes([.posixPermissions: 0o000], ofItemAtPath: locked)
        defer { try? FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: locked) }
        let binary = ProductRunner.binDirectory.appendingPathComponent("companion").path
        let outcome = try ProductRunner.run(
            executable: URL(fileURLWithPath: "/usr/sbin/runuser"),
            ["-u", "nobody", "--", binary, "inspect", "locked/x.sqlite"], directory: fixtures.url)
        expectError(outcome, contains: "locked/x.sqlite: cannot be read: permission denied", status: 1)
    }

    @Test func linksAndFIFOsAreRefusedWithoutBeingOpened() throws {
        let fixtures = try InspectFixtures()
        let store = try fixtures.copyCorpusStore(InspectFixtures.recipes)
        try FileManager.default.createSymbolicLink(atPath: fixtures.path + "/link.sqlite", withDestinationPath: store)
        expectError(try fixtures.inspect(["link.sqlite"]), contains: "is a symbolic link", status: 1)
        #expect(mkfifo(fixtures.path + "/pipe.sqlite", 0o600) == 0)
        expectError(try fixtures.inspect(["pipe.sqlite"]), contains: "is a FIFO", status: 1)
    }

    @Test func anEmptyWriteAheadLogIsNotedAndTheStoreStillOpens() throws {
        let fixtures = try InspectFixtures()
        let store = try fixtures.copyCorpusStore(InspectFixtures.recipes)
        try Data().write(to: URL(fileURLWithPath: store + "-wal"))
        let outcome = try fixtures.inspect([InspectFixtures.recipes])
        #expect(outcome.status == 0, "\(outcome.standardError)")
        #expect(outcome.standardOutput.contains("the -wal file is empty (0 bytes)"))
    }

    @Test func hostileStringsInValuesAndNamesNeverReachTheTerminal() throws {
        let fixtures = try InspectFixtures()
        let store = try fixtures.copyCorpusStore(InspectFixtures.recipes, as: "hostile.sqlite")
        let hostile = "x\u{1B}]0;pwned\u{07}\u{1B}[2J\u{202E}gnp.exe\u{9B}31m\u{2028}"
        let database = try Database(path: store)
        try database.execute("UPDATE ZRECIPE SET ZNAME = ?, ZOVERVIEW = ?", [.text(hostile), .text(hostile)])
        try database.execute(
            "UPDATE Z_PRIMARYKEY SET Z_NAME = ? WHERE Z_NAME = 'RecipeType'", [.text("Type" + hostile)])
        try database.execute("CREATE TABLE \"t\(hostile)\" (\"c\(hostile)\" TEXT)")
        try database.execute("INSERT INTO \"t\(hostile)\" VALUES (?)", [.text(hostile)])
        database.close()
        let commands: [[String]] = [
            [], ["schema"], ["tables"], ["indexes"], ["metadata"], ["model"], ["check"], ["rows", "Recipe"],
        ]
        for command in commands {
            for format in ["--table", "--markdown", "--json", "--csv", "--line"] {
                let outcome = try fixtures.inspect(["hostile.sqlite"] + command + [format])
                let text = outcome.standardOutput + outcome.standardError
                #expect(
                    outcome.status != 2 || command == ["rows", "Recipe"],
                    "\(command) \(format): \(outcome.standardError)")
                for forbidden in ["\u{1B}", "\u{07}", "\u{202E}", "\u{9B}", "\u{2028}"] {
                    #expect(
                        !text.contains(forbidden),
                        "\(command) \(format) let \(forbidden.unicodeScalars.first!.value) through")
                }
            }
        }
        let shell = try fixtures.inspect(["hostile.sqlite", "shell"], input: "SELECT ZNAME FROM ZRECIPE;\n")
        #expect(!shell.standardOutput.contains("\u{1B}"))
        #expect(shell.standardOutput.contains("␛"))
    }
}

extension InspectBadInputTests {
    @Test func aStoreWithAnUnfinishedSaveInItsJournalIsReadAsRolledBack() throws {
        // The state an app killed mid-save leaves: the store's pages already overwritten and the
        // -journal holding the originals. Taken by copying both while a transaction is open.
        let fixtures = try InspectFixtures()
        let source = try fixtures.copyCorpusStore(InspectFixtures.recipes, into: "live")
        try FileManager.default.createDirectory(atPath: fixtures.path + "/crashed", withIntermediateDirectories: true)
        let database = try Database(path: source)
        try database.execute("PRAGMA cache_size = 1")
        try database.execute("BEGIN")
        try database.execute("UPDATE ZRECIPE SET ZNAME = 'HALF-SAVED ' || ZNAME")
        try database.execute("CREATE TABLE spill (x)")
        try database.execute(
            "INSERT INTO spill WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 300) "
                + "SELECT randomblob(1000) FROM n")
        for suffix in ["", "-journal"] {
            try FileManager.default.copyItem(
                atPath: source + suffix, toPath: fixtures.path + "/crashed/r.sqlite" + suffix)
        }
        try database.execute("ROLLBACK")
        database.close()
        let journal = try #require(FileManager.default.contents(atPath: fixtures.path + "/crashed/r.sqlite-journal"))
        #expect(journal.count > 512, "the copy holds a hot journal")
        let before = try fixtures.snapshot("crashed")

        let rows = try fixtures.inspect(["crashed/r.sqlite", "rows", "Recipe", "--csv"])
        #expect(rows.status == 0, "\(rows.standardError)")
        #expect(rows.standardOutput.contains(",Recipe 1,"))
        #expect(!rows.standardOutput.contains("HALF-SAVED"))
        let summary = try fixtures.inspect(["crashed/r.sqlite"])
        #expect(summary.status == 0, "\(summary.standardError)")
        #expect(summary.standardOutput.contains("the -journal is not empty: a save the app never finished"))
        #expect(!(try fixtures.inspect(["crashed/r.sqlite", "tables"])).standardOutput.contains("spill"))
        #expect(try fixtures.snapshot("crashed") == before)
        #expect(try fixtures.leftoversInTemporaryDirectory() == [])
    }

    @Test func aMistypedCommandIsOneLineListingTheCommandsNotABatch() throws {
        let fixtures = try InspectFixtures()
        try fixtures.copyCorpusStore(InspectFixtures.recipes)
        let outcome = try fixtures.inspect([InspectFixtures.recipes, "summry"])
        expectError(outcome, contains: "summry: unknown inspect command (commands: check, diff,")
        #expect(outcome.standardOutput.isEmpty)
        // A second store that is missing is still a batch line, not a command.
        let batch = try fixtures.inspect([InspectFixtures.recipes, "gone.sqlite"])
        #expect(batch.status == 1)
        #expect(batch.standardOutput.contains("gone.sqlite | error: no such file or directory"))
    }

    @Test func aStoreCommandAfterADirectoryIsOneUsageLine() throws {
        let fixtures = try InspectFixtures()
        try fixtures.copyCorpusStore(InspectFixtures.recipes, into: "stores")
        let outcome = try fixtures.inspect(["stores", "rows", "Recipe"])
        expectError(outcome, contains: "stores: is a directory; 'rows' reads one store")
        #expect(outcome.standardOutput.isEmpty)
    }

    @Test func schemaOfATableTheStoreLacksSaysSo() throws {
        let fixtures = try InspectFixtures()
        try fixtures.copyCorpusStore(InspectFixtures.recipes)
        expectError(
            try fixtures.inspect([InspectFixtures.recipes, "schema", "ZRECIPE", "ZNOPE"]),
            contains: "ZNOPE: no such table in this store")
        let found = try fixtures.inspect([InspectFixtures.recipes, "schema", "zrecipe"])
        #expect(found.status == 0)
        #expect(found.standardOutput.hasPrefix("CREATE TABLE ZRECIPE ("))
    }

    @Test func hostileEntityTableAndColumnNamesOfAnInferredModelNeverReachTheTerminal() throws {
        // CoreDataBooks has no model cache, so the entity names shown come from Z_PRIMARYKEY and the
        // table and column names from the schema: all of them hostile here, and every value too.
        let fixtures = try InspectFixtures()
        let hostile = "x\u{1B}]0;pwned\u{07}\u{1B}[2J\u{202E}gnp.exe\u{9B}31m\u{2028}z"
        let entity = "Bk" + hostile
        let table = "Z" + entity.uppercased()
        try fixtures.copyCorpusStore(InspectFixtures.books, into: "store", as: "books.sqlite")
        let database = try Database(path: fixtures.path + "/store/books.sqlite")
        try database.execute("UPDATE Z_PRIMARYKEY SET Z_NAME = ?", [.text(entity)])
        try database.execute("ALTER TABLE ZBOOK RENAME TO \"\(table)\"")
        try database.execute("ALTER TABLE \"\(table)\" RENAME COLUMN ZTITLE TO \"ZT\(hostile.uppercased())\"")
        try database.execute(
            "UPDATE \"\(table)\" SET ZAUTHOR = ?, \"ZT\(hostile.uppercased())\" = ?, ZCOPYRIGHT = ?",
            [.text(hostile), .text(hostile), .text(hostile)])
        database.close()
        let forbidden = ["\u{1B}", "\u{07}", "\u{202E}", "\u{9B}", "\u{2028}"]
        let commands: [[String]] = [
            [], ["schema"], ["tables"], ["indexes"], ["metadata"], ["model"], ["check"], ["history"],
            ["rows", entity], ["rows", "no" + hostile],
        ]
        for command in commands {
            for format in ["--table", "--markdown", "--json", "--csv", "--line"] {
                let outcome = try fixtures.inspect(["store/books.sqlite"] + command + [format])
                let text = outcome.standardOutput + outcome.standardError
                #expect(!text.contains("Fatal error"), "\(command) \(format)")
                if !["history", "indexes", "metadata", "check"].contains(command.first ?? "") {
                    #expect(text.lowercased().contains("bkx"), "\(command) \(format) does not show the entity")
                }
                for character in forbidden {
                    #expect(
                        !text.contains(character),
                        "\(command) \(format) let U+\(character.unicodeScalars.first!.value) through")
                }
            }
        }
        let rows = try fixtures.inspect(["store/books.sqlite", "rows", entity, "--csv"])
        #expect(rows.status == 0, "\(rows.standardError)")
        #expect(
            rows.standardOutput.components(separatedBy: "\r\n").filter { !$0.isEmpty }.count == 12,
            "header and 11 books")
        let batch = try fixtures.inspect(["store", "--json"])
        #expect(batch.status == 0, "\(batch.standardError)")
        for character in forbidden { #expect(!batch.standardOutput.contains(character)) }
        let shell = try fixtures.inspect(["store/books.sqlite", "shell"], input: "SELECT * FROM sqlite_master;\n")
        for character in forbidden { #expect(!(shell.standardOutput + shell.standardError).contains(character)) }
    }
}

/// A small deterministic generator so the "random" fixtures are the same on every run.
struct SeededGenerator: RandomNumberGenerator {
    private var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
