import Foundation
import TestSupport
import Testing

/// `companion inspect trace LOGFILE`: a SQLDebug log (DESIGN.md §3.6) summarised, with and without
/// the NSLog prefix Xcode's console adds, in every output format.
@Suite struct InspectTraceTests {
    /// A level-3 log of a theater app: a fetch, three faults fired one at a time, a count, a save.
    static let log = """
        CoreData: annotation: Connecting to sqlite database file at "/path/Theater.sqlite"
        CoreData: sql: SELECT Z_VERSION, Z_UUID, Z_PLIST FROM Z_METADATA
        CoreData: sql: SELECT 0, t0.Z_PK, t0.Z_OPT, t0.ZNAME, t0.ZTHEATER FROM ZMOVIE t0 WHERE  t0.ZTHEATER = ? ORDER BY t0.ZNAME
        CoreData: annotation: sql connection fetch time: 0.0004s
        CoreData: annotation: total fetch execution time: 0.0009s for 3 rows.
        CoreData: sql: SELECT 0, t0.Z_PK, t0.Z_OPT, t0.ZNAME FROM ZTHEATER t0 WHERE  t0.Z_PK = ?
        CoreData: annotation: total fetch execution time: 0.0002s for 1 rows.
        CoreData: annotation: fault fulfilled from database for : 0x6000 <x-coredata://UUID/Theater/p1>
        CoreData: sql: SELECT 0, t0.Z_PK, t0.Z_OPT, t0.ZNAME FROM ZTHEATER t0 WHERE  t0.Z_PK = ?
        CoreData: annotation: total fetch execution time: 0.0002s for 1 rows.
        CoreData: annotation: fault fulfilled from database for : 0x6001 <x-coredata://UUID/Theater/p2>
        CoreData: sql: SELECT 0, t0.Z_PK, t0.Z_OPT, t0.ZNAME FROM ZTHEATER t0 WHERE  t0.Z_PK = ?
        CoreData: annotation: total fetch execution time: 0.0002s for 1 rows.
        CoreData: annotation: fault fulfilled from database for : 0x6002 <x-coredata://UUID/Theater/p3>
        CoreData: sql: SELECT COUNT(*) FROM ZMOVIE t0
        CoreData: annotation: total count request execution time: 0.0002s for count of 3.
        CoreData: sql: BEGIN EXCLUSIVE
        CoreData: sql: COMMIT
        CoreData: sql: INSERT INTO ZMOVIE(Z_PK, Z_ENT, Z_OPT, ZTHEATER, ZNAME) VALUES(?, ?, ?, ?, ?)
        CoreData: details: SQLite bind[0] = "My House"

        """

    private static func withNSLogPrefix(_ text: String) -> String {
        text.split(separator: "\n", omittingEmptySubsequences: false).map { line in
            line.isEmpty ? "" : "2024-05-10 18:14:06.843210+0200 Theater[1234:56789] " + line
        }.joined(separator: "\n")
    }

    @Test func aLogWithOrWithoutTheNSLogPrefixGivesTheSameSummary() throws {
        let fixtures = try InspectFixtures()
        try fixtures.write("plain.log", Data(Self.log.utf8))
        try fixtures.write("console.log", Data(Self.withNSLogPrefix(Self.log).utf8))
        let plain = try fixtures.inspect(["trace", "plain.log", "--json"])
        let console = try fixtures.inspect(["trace", "console.log", "--json"])
        #expect(plain.status == 1, "the N+1 pattern is a finding: \(plain.standardError)")
        #expect(
            plain.standardOutput.replacingOccurrences(of: "plain.log", with: "X")
                == console.standardOutput.replacingOccurrences(of: "console.log", with: "X"))
        let object = try #require(
            try JSONSerialization.jsonObject(with: Data(plain.standardOutput.utf8)) as? [String: Any])
        let log = try #require(object["log"] as? [String: Any])
        #expect(log["lines"] as? Int == 20)
        #expect(log["Core Data lines"] as? Int == 20)
        #expect(log["fetches"] as? Int == 4)
        #expect(log["rows fetched"] as? Int == 6)
        #expect(abs((log["total fetch time (s)"] as? Double ?? 0) - 0.0015) < 1e-9)
        let faults = try #require(object["repeatedFaults"] as? [String])
        #expect(faults.count == 1)
        #expect(faults.first?.hasPrefix("Theater: 3 single-object fault fetches") == true)
    }

    @Test func statementsAreCountedByKindAndTheEntityTheLogsFaultLinesName() throws {
        let fixtures = try InspectFixtures()
        try fixtures.write("plain.log", Data(Self.log.utf8))
        let outcome = try fixtures.inspect(["trace", "plain.log", "--csv"])
        // Several sections in one RFC 4180 table: the `section` column says which each row is.
        let csv = try CSVDocument(outcome.standardOutput)
        #expect(csv.header.first == "section")
        let counted = csv.dictionaries.filter { $0["kind"]?.isEmpty == false }.map {
            [$0["kind"] ?? "", $0["table"] ?? "", $0["entity"] ?? "", $0["count"] ?? ""]
        }
        #expect(counted.contains(["SELECT", "ZTHEATER", "Theater", "3"]))
        #expect(counted.contains(["SELECT", "ZMOVIE", "", "2"]))
        #expect(counted.contains(["INSERT", "ZMOVIE", "", "1"]))
    }

    @Test func everyOutputFormatShowsTheSummaryAndNoControlFromTheLog() throws {
        let fixtures = try InspectFixtures()
        let hostile = "\u{1B}]0;pwned\u{07}\u{1B}[2J\u{202E}\u{9B}31m"
        let text = Self.log.replacingOccurrences(of: "/path/Theater", with: "/path/" + hostile)
            .replacingOccurrences(of: "ZMOVIE t0 WHERE  t0.ZTHEATER", with: "\"Z\(hostile)\" t0 WHERE  t0.ZTHEATER")
        try fixtures.write("hostile.log", Data(text.utf8))
        for format in ["--table", "--markdown", "--json", "--csv", "--line"] {
            let outcome = try fixtures.inspect(["trace", "hostile.log", format])
            #expect(outcome.status == 1, "\(format): \(outcome.standardError)")
            #expect(outcome.standardOutput.contains("Theater"), "\(format)")
            for forbidden in ["\u{1B}", "\u{07}", "\u{202E}", "\u{9B}"] {
                #expect(!outcome.standardOutput.contains(forbidden), "\(format) let a control through")
            }
        }
    }

    @Test func aFileWithoutCoreDataLinesIsOneErrorLine() throws {
        let fixtures = try InspectFixtures()
        try fixtures.write("notes.txt", Data("just some text\nand more\n".utf8))
        let outcome = try fixtures.inspect(["trace", "notes.txt"])
        #expect(outcome.status == 1)
        #expect(outcome.standardOutput.isEmpty)
        #expect(outcome.standardError.hasPrefix("companion: notes.txt: no Core Data SQLDebug line"))
        #expect(outcome.standardError.split(separator: "\n").count == 1)
        let missing = try fixtures.inspect(["trace", "absent.log"])
        #expect(missing.status == 1 && missing.standardError == "companion: absent.log: no such file or directory\n")
    }
}
