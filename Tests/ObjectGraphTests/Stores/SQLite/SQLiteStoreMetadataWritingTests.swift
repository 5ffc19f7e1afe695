import Foundation
import Testing

@testable import ObjectGraph

/// `Z_PLIST` as the store writes it: our binary property list writer for the values a store's
/// metadata holds, read back by Foundation's own parser; Foundation's serializer for the rest.
@Suite struct SQLiteStoreMetadataWritingTests {
    private func readBack(_ data: Data) throws -> [String: Any] {
        var format = PropertyListSerialization.PropertyListFormat.xml
        let object = try PropertyListSerialization.propertyList(from: data, options: [], format: &format)
        #expect(format == .binary)
        return try #require(object as? [String: Any])
    }

    @Test func metadataOfEveryKindReadsBackUnchangedThroughFoundation() throws {
        let model = try StoreFixtures.everyTypeModel()
        let opened = Date(timeIntervalSinceReferenceDate: 86_400.5)
        let user: [String: Any] = [
            "Course": "iOS 101 — Théâtre", "Graded": true, "Week": 12, "Seats": Int64(1) << 40, "One": 1,
            "Zero": 0, "Closed": false,
            "Rating": 4.25, "Opened": opened, "Logo": Data([0, 1, 2, 255]),
            "Tags": ["core", "data"], "Nested": ["Level": 3, "Names": ["a", "b"]] as [String: Any],
        ]
        let metadata = SQLiteStoreMetadata(newStoreFor: model, uuid: "0123-ABCD", userMetadata: user)
        #expect(PropertyListItem(foundationValue: metadata.dictionary) != nil)
        let plist = try readBack(try metadata.propertyListData())
        #expect(plist["Course"] as? String == "iOS 101 — Théâtre")
        #expect(plist["Graded"] as? Bool == true)
        #expect(plist["Week"] as? Int == 12)
        // 1 and 0 stay integers and true and false booleans (Foundation's bridging would blur them).
        guard case .dictionary(let entries) = try BinaryPropertyListReader.read(try metadata.propertyListData()) else {
            Issue.record("the metadata is not a dictionary")
            return
        }
        let items = Dictionary(uniqueKeysWithValues: entries.map { ($0.key, $0.value) })
        #expect(items["One"] == .integer(1))
        #expect(items["Zero"] == .integer(0))
        #expect(items["Graded"] == .boolean(true))
        #expect(items["Closed"] == .boolean(false))
        #expect((plist["Seats"] as? NSNumber)?.int64Value == Int64(1) << 40)
        #expect(plist["Rating"] as? Double == 4.25)
        #expect(plist["Opened"] as? Date == opened)
        #expect(plist["Logo"] as? Data == Data([0, 1, 2, 255]))
        #expect(plist["Tags"] as? [String] == ["core", "data"])
        let nested = try #require(plist["Nested"] as? [String: Any])
        #expect(nested["Level"] as? Int == 3)
        #expect(nested["Names"] as? [String] == ["a", "b"])
        #expect(plist["NSStoreUUID"] as? String == "0123-ABCD")
        #expect(plist["NSStoreModelVersionHashes"] as? [String: Data] == model.entityVersionHashesByName)
        #expect(plist["NSStoreModelVersionIdentifiers"] as? [String] == [""])
        #expect(plist["NSStoreModelVersionHashesVersion"] as? Int == 3)
    }

    @Test func theSameMetadataAlwaysGivesTheSameBytes() throws {
        let model = try StoreFixtures.theaterModel()
        let metadata = SQLiteStoreMetadata(
            newStoreFor: model, uuid: "UUID", userMetadata: ["b": 1, "a": 2, "c": ["z": 1, "y": 2]])
        #expect(try metadata.propertyListData() == (try metadata.propertyListData()))
    }

    @Test func aValueTheWriterDoesNotTakeGoesToFoundationsSerializer() throws {
        let model = try StoreFixtures.theaterModel()
        let metadata = SQLiteStoreMetadata(
            newStoreFor: model, uuid: "UUID", userMetadata: ["Count": NSNumber(value: 7)])
        #expect(PropertyListItem(foundationValue: metadata.dictionary) == nil)
        let plist = try readBack(try metadata.propertyListData())
        #expect((plist["Count"] as? NSNumber)?.intValue == 7)
        #expect(plist["NSStoreUUID"] as? String == "UUID")
    }

    @Test func onlyPropertyListKindsBecomeItems() {
        #expect(PropertyListItem(foundationValue: "text") == .string("text"))
        #expect(PropertyListItem(foundationValue: false) == .boolean(false))
        #expect(PropertyListItem(foundationValue: 1) == .integer(1))
        #expect(PropertyListItem(foundationValue: 0) == .integer(0))
        #expect(PropertyListItem(foundationValue: Int16(-3)) == .integer(-3))
        #expect(PropertyListItem(foundationValue: Float(1.5)) == .real(1.5))
        #expect(PropertyListItem(foundationValue: [1, 2] as [Int]) == .array([.integer(1), .integer(2)]))
        #expect(PropertyListItem(foundationValue: URL(fileURLWithPath: "/tmp")) == nil)
        #expect(PropertyListItem(foundationValue: [URL(fileURLWithPath: "/tmp")]) == nil)
        #expect(PropertyListItem(foundationValue: ["k": UUID()] as [String: Any]) == nil)
        #expect(PropertyListItem(foundationValue: NSNumber(value: true)) == nil)
    }
}
