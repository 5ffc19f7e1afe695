import Foundation
import SQLite
import Testing

/// `companion inspect STORE metadata`: every key of the Z_METADATA plist, and JSON of the right types.
@Suite struct InspectMetadataTests {
    @Test func everyKeyOfThePlistIsShown() throws {
        let fixtures = try InspectFixtures()
        try fixtures.copyCorpusStore(InspectFixtures.bookmarks)
        let outcome = try fixtures.inspect([InspectFixtures.bookmarks, "metadata", "--markdown"])
        #expect(outcome.status == 0, "\(outcome.standardError)")
        for key in [
            "NSStoreType", "NSPersistenceFrameworkVersion", "NSStoreModelVersionIdentifiers",
            "NSStoreModelVersionHashesVersion", "_NSAutoVacuumLevel", "NSStoreModelVersionHashesDigest",
            "NSStoreModelVersionChecksumKey",
        ] {
            #expect(outcome.standardOutput.contains("| \(key) |"), "\(key) missing")
        }
        let digest = "f3zhRcli1vU1KL1eGWk+BkpW5eZLLlkgDMaIRfi7mC3a9eGmHvJvEoHfMAaXAYLC9Ua3nas4g1P8aXw0xiQM2g=="
        #expect(outcome.standardOutput.contains(digest))
    }

    @Test func jsonKeepsThePlistsTypes() throws {
        let fixtures = try InspectFixtures()
        try fixtures.copyCorpusStore(InspectFixtures.bookmarks)
        let outcome = try fixtures.inspect([InspectFixtures.bookmarks, "metadata", "--json"])
        #expect(outcome.status == 0, "\(outcome.standardError)")
        let object = try #require(
            try JSONSerialization.jsonObject(with: Data(outcome.standardOutput.utf8)) as? [String: Any])
        let metadata = try #require(object["metadata"] as? [String: Any])
        #expect(metadata["NSStoreModelVersionIdentifiers"] as? [String] == [""])
        #expect(metadata["NSPersistenceFrameworkVersion"] as? Int == 1333)
        #expect(metadata["NSStoreModelVersionHashesVersion"] as? Int == 3)
        // Apple writes the vacuum level as a string; it stays one.
        #expect(metadata["_NSAutoVacuumLevel"] as? String == "2")
        #expect(metadata["NSStoreModelVersionChecksumKey"] as? String == "iheL242Wk4NBM9JCcDWZC7hP4J9Hv8iA7W0XzuNEkZc=")
    }

    @Test func appDefinedValuesKeepTheirTypesInJSON() throws {
        let fixtures = try InspectFixtures()
        let path = try fixtures.copyCorpusStore(InspectFixtures.recipes)
        // An app's setMetadata: an array, a number, a boolean, a date and data beside Apple's keys.
        let database = try Database(path: path)
        let row = try database.rows("SELECT Z_PLIST FROM Z_METADATA").first
        let bytes = try #require(row?[0].dataValue)
        var plist = try #require(try PropertyListSerialization.propertyList(from: bytes, format: nil) as? [String: Any])
        plist["tags"] = ["a", "b"]
        plist["launches"] = 7
        plist["synced"] = true
        plist["lastSync"] = Date(timeIntervalSinceReferenceDate: 0)
        plist["token"] = Data([1, 2, 3])
        let updated = try PropertyListSerialization.data(fromPropertyList: plist, format: .binary, options: 0)
        try database.execute("UPDATE Z_METADATA SET Z_PLIST = ?", [.blob(updated)])
        database.close()

        let outcome = try fixtures.inspect([InspectFixtures.recipes, "metadata", "--json"])
        #expect(outcome.status == 0, "\(outcome.standardError)")
        let object = try #require(
            try JSONSerialization.jsonObject(with: Data(outcome.standardOutput.utf8)) as? [String: Any])
        let entries = try #require(object["application"] as? [[String: Any]])
        let values = Dictionary(
            uniqueKeysWithValues: entries.compactMap { entry in
                (entry["key"] as? String).map { ($0, entry["value"] as Any) }
            })
        #expect(values["tags"] as? [String] == ["a", "b"])
        #expect(values["launches"] as? Int == 7)
        #expect(values["synced"] as? Bool == true)
        #expect(values["lastSync"] as? String == "2001-01-01T00:00:00Z")
        #expect(values["token"] as? String == "AQID")
    }

    @Test func aStoreWhoseMetadataRowIsGoneHasAProblemInTheSummaryToo() throws {
        let fixtures = try InspectFixtures()
        let path = try fixtures.copyCorpusStore(InspectFixtures.recipes)
        let database = try Database(path: path)
        try database.execute("DELETE FROM Z_METADATA")
        database.close()
        let summary = try fixtures.inspect([InspectFixtures.recipes])
        #expect(summary.status == 1)
        #expect(summary.standardOutput.contains("Z_METADATA has no row"))
        #expect(!summary.standardOutput.contains("no problems found"))
        let metadata = try fixtures.inspect([InspectFixtures.recipes, "metadata"])
        #expect(metadata.status == 1)
        #expect(metadata.standardOutput.contains("Z_METADATA has no row"))
    }

    /// A metadata dictionary whose version hashes are gone or of the wrong type is a problem named as
    /// such, and `fetch` says so, instead of blaming the store's own model for not matching.
    @Test(arguments: [
        ("gone", "has no NSStoreModelVersionHashes"),
        ("string", "NSStoreModelVersionHashes in Z_METADATA.Z_PLIST is a string"),
        ("short", "gives entity Recipe 2 bytes, not a 32-byte version hash"),
    ])
    func damagedVersionHashesAreAProblemNotAModelMismatch(damage: String, problem: String) throws {
        let fixtures = try InspectFixtures()
        let path = try fixtures.copyCorpusStore(InspectFixtures.recipes)
        let database = try Database(path: path)
        let bytes = try #require(try database.rows("SELECT Z_PLIST FROM Z_METADATA").first?[0].dataValue)
        var plist = try #require(try PropertyListSerialization.propertyList(from: bytes, format: nil) as? [String: Any])
        switch damage {
        case "gone": plist["NSStoreModelVersionHashes"] = nil
        case "string": plist["NSStoreModelVersionHashes"] = "none"
        default:
            var hashes = try #require(plist["NSStoreModelVersionHashes"] as? [String: Any])
            hashes["Recipe"] = Data([1, 2])
            plist["NSStoreModelVersionHashes"] = hashes
        }
        let updated = try PropertyListSerialization.data(fromPropertyList: plist, format: .binary, options: 0)
        try database.execute("UPDATE Z_METADATA SET Z_PLIST = ?", [.blob(updated)])
        database.close()

        let summary = try fixtures.inspect([InspectFixtures.recipes])
        #expect(summary.status == 1)
        #expect(summary.standardOutput.contains(problem), "\(summary.standardOutput)")
        let fetch = try fixtures.inspect([InspectFixtures.recipes, "fetch", "Recipe"])
        #expect(fetch.status == 1)
        #expect(fetch.standardError.contains(problem), "\(fetch.standardError)")
        #expect(!fetch.standardError.contains("model mismatch"))
        #expect(fetch.standardError.split(separator: "\n").count == 1)
    }
}
