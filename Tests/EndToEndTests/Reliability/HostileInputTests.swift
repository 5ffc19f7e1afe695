import Foundation
import SQLite
import TestSupport
import Testing

/// Issue 20: each file that used to kill `companion` with a signal or hang it now ends in one
/// clear line and exit status 1 or 2, or in a correct result; a batch reports the bad store and
/// goes on.
@Suite struct HostileInputTests {
    /// The outcome ended by itself (no signal) with one of `statuses`, and said at most one line on
    /// stderr (a report of findings goes to stdout with status 1; an error is one stderr line).
    private func expectOneLineFailure(_ outcome: ProcessOutcome, statuses: Set<Int32> = [1, 2]) {
        #expect(statuses.contains(outcome.status), "status \(outcome.status): \(outcome.standardError)")
        let lines = outcome.standardError.split(separator: "\n")
        #expect(lines.count <= 1, "\(outcome.standardError)")
        if outcome.status == 2 || !lines.isEmpty {
            #expect(lines.count == 1 && outcome.standardError.hasPrefix("companion: "), "\(outcome.standardError)")
        }
    }

    @Test func aModelThatIsOnlyAProcessingInstructionIsMalformed() throws {
        let fixtures = try InspectFixtures()
        let path = try fixtures.write("pi.xml", HostileFiles.processingInstruction)
        let outcome = try ProductRunner.run("companion", ["model", "show", path])
        expectOneLineFailure(outcome)
        #expect(outcome.standardError.contains("malformed XML"))
    }

    @Test func aModelWithABrokenDeclarationAndANameThatIsNotUTF8IsMalformed() throws {
        let fixtures = try InspectFixtures()
        let path = try fixtures.write("declaration.xml", HostileFiles.badDeclarationThenBadName)
        expectOneLineFailure(try ProductRunner.run("companion", ["model", "show", path]))
    }

    @Test(arguments: [HostileFiles.processingInstruction, HostileFiles.badDeclarationThenBadName])
    func aChannelsFileOfHostileXMLIsRefused(xml: Data) throws {
        let fixtures = try InspectFixtures()
        let channels = try fixtures.write("context.xml", xml)
        let capture = try fixtures.write("capture.bin", Data(repeating: 0, count: 64))
        let outcome = try ProductRunner.run(
            "companion", ["accel", "import", capture, "--channels", channels, "-o", fixtures.path + "/out.iiorec"])
        expectOneLineFailure(outcome)
    }

    @Test func metadataHoldingASetIsReadOrRefusedInOneLine() throws {
        let fixtures = try InspectFixtures()
        let path = try fixtures.copyCorpusStore(InspectFixtures.recipes)
        try replace("UPDATE Z_METADATA SET Z_PLIST = ?", with: HostileFiles.setPropertyList, in: path)
        for command in ["summary", "metadata", "model"] {
            expectOneLineFailure(try fixtures.inspect([InspectFixtures.recipes, command]), statuses: [0, 1, 2])
        }
    }

    @Test func metadataWithOneFlippedBitIsReadOrRefusedInOneLine() throws {
        let fixtures = try InspectFixtures()
        let path = try fixtures.copyCorpusStore(InspectFixtures.recipes)
        let database = try Database(path: path)
        let plist = try #require(try database.rows("SELECT Z_PLIST FROM Z_METADATA").first?[0].dataValue)
        database.close()
        let flipped = try #require(HostileFiles.metadataWithFlippedBit(plist))
        try replace("UPDATE Z_METADATA SET Z_PLIST = ?", with: flipped, in: path)
        for command in ["summary", "metadata", "model"] {
            expectOneLineFailure(try fixtures.inspect([InspectFixtures.recipes, command]), statuses: [0, 1, 2])
        }
    }

    @Test func aModelCacheWhoseStringHoldsItselfIsReportedNotFollowed() throws {
        let fixtures = try InspectFixtures()
        let path = try fixtures.copyCorpusStore(InspectFixtures.recipes)
        try replace("UPDATE Z_MODELCACHE SET Z_CONTENT = ?", with: HostileFiles.selfReferentialModelCache, in: path)
        for command in ["summary", "model", "metadata"] {
            expectOneLineFailure(try fixtures.inspect([InspectFixtures.recipes, command]), statuses: [0, 1, 2])
        }
    }

    @Test func aMetadataValueOfArraysListingTheNextTwiceIsShownWithinItsBudget() throws {
        let fixtures = try InspectFixtures()
        let path = try fixtures.copyCorpusStore(InspectFixtures.recipes)
        let database = try Database(path: path)
        let plist = try #require(try database.rows("SELECT Z_PLIST FROM Z_METADATA").first?[0].dataValue)
        database.close()
        // The application key "evil" holds the archive, beside Apple's keys.
        var dictionary = try #require(
            try PropertyListSerialization.propertyList(from: plist, format: nil) as? [String: Any])
        dictionary["evil"] = HostileFiles.doublingArrays(levels: 60)
        let updated = try PropertyListSerialization.data(fromPropertyList: dictionary, format: .binary, options: 0)
        try replace("UPDATE Z_METADATA SET Z_PLIST = ?", with: updated, in: path)
        let outcome = try fixtures.inspect([InspectFixtures.recipes, "metadata"])
        expectOneLineFailure(outcome, statuses: [0])
        #expect(outcome.standardOutput.contains("evil"))
    }

    @Test func aBatchReportsTheHostileStoreAndGoesOn() throws {
        let fixtures = try InspectFixtures()
        try fixtures.copyCorpusStore(InspectFixtures.recipes, into: "class/a")
        try fixtures.copyCorpusStore(InspectFixtures.sampleModel2, into: "class/b")
        let hostile = try fixtures.copyCorpusStore(InspectFixtures.recipes, into: "class/c", as: "Hostile.sqlite")
        try replace("UPDATE Z_MODELCACHE SET Z_CONTENT = ?", with: HostileFiles.selfReferentialModelCache, in: hostile)
        let setStore = try fixtures.copyCorpusStore(InspectFixtures.recipes, into: "class/d", as: "Set.sqlite")
        try replace("UPDATE Z_METADATA SET Z_PLIST = ?", with: HostileFiles.setPropertyList, in: setStore)

        let outcome = try fixtures.inspect(["class", "--line"])
        #expect([0, 1, 2].contains(outcome.status), "status \(outcome.status): \(outcome.standardError)")
        let text = outcome.standardOutput
        #expect(text.contains("class/a/" + InspectFixtures.recipes))
        #expect(text.contains("class/b/" + InspectFixtures.sampleModel2))
        #expect(text.contains("class/c/Hostile.sqlite"))
        #expect(text.contains("class/d/Set.sqlite"))
    }

    private func replace(_ statement: String, with bytes: Data, in path: String) throws {
        let database = try Database(path: path)
        defer { database.close() }
        try database.execute(statement, [.blob(bytes)])
    }
}
