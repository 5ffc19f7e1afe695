import Foundation
import Testing

@testable import ObjectGraph

/// The binary plist writer's output read back by Foundation's own parser.
@Suite struct BinaryPropertyListWriterTests {
    private func readBack(_ item: PropertyListItem) throws -> Any {
        let data = BinaryPropertyListWriter.data(for: item)
        #expect(data.starts(with: Array("bplist00".utf8)))
        var format = PropertyListSerialization.PropertyListFormat.xml
        let object = try PropertyListSerialization.propertyList(from: data, options: [], format: &format)
        #expect(format == .binary)
        return object
    }

    @Test func scalarsOfEverySizeReadBackUnchanged() throws {
        let integers: [Int64] = [0, 1, 255, 256, 65_535, 65_536, 4_294_967_295, 4_294_967_296, .max, -1, .min]
        let item = PropertyListItem.dictionary([
            "integers": .array(integers.map(PropertyListItem.integer)),
            "real": .real(-2.5),
            "yes": .boolean(true),
            "no": .boolean(false),
            "date": .date(86_400),
        ])
        let object = try #require(try readBack(item) as? [String: Any])
        #expect((object["integers"] as? [NSNumber])?.map(\.int64Value) == integers)
        #expect((object["real"] as? NSNumber)?.doubleValue == -2.5)
        #expect(object["yes"] as? Bool == true)
        #expect(object["no"] as? Bool == false)
        #expect(object["date"] as? Date == Date(timeIntervalSinceReferenceDate: 86_400))
    }

    @Test func stringsAreASCIIOrUTF16AndLongCountsFollowTheMarker() throws {
        let long = String(repeating: "abcdefghij", count: 40)
        let texts = ["", "Theater", "légende", "🎭 Theater", long, long + "é"]
        let object = try #require(try readBack(.array(texts.map(PropertyListItem.string))) as? [String])
        #expect(object == texts)
    }

    @Test func dataAndLargeCollectionsReadBackUnchanged() throws {
        let bytes = Data((0..<300).map { UInt8($0 % 256) })
        let many = (0..<40).map { PropertyListItem.integer(Int64($0)) }
        let item = PropertyListItem.dictionary(["bytes": .data(bytes), "many": .array(many)])
        let object = try #require(try readBack(item) as? [String: Any])
        #expect(object["bytes"] as? Data == bytes)
        #expect((object["many"] as? [NSNumber])?.map(\.intValue) == Array(0..<40))
    }

    @Test func uidsAreWrittenAsKeyedArchiverUIDs() throws {
        let object = try #require(try readBack(.array([.uid(0), .uid(7), .uid(300), .uid(70_000)])) as? [Any])
        #expect(object.count == 4)
        for value in object {
            #expect(String(describing: type(of: value)).contains("KeyedArchiverUID"))
        }
        // Foundation keeps the index in a stored `value` it does not expose publicly.
        let indexes = object.map { value in
            Mirror(reflecting: value).children.first { $0.label == "value" }.map { "\($0.value)" }
        }
        #expect(indexes == ["0", "7", "300", "70000"])
    }

    @Test func equalScalarsAreStoredOnce() {
        let name = PropertyListItem.string("NSPropertyName")
        let repeated = BinaryPropertyListWriter.data(for: .array(Array(repeating: name, count: 50)))
        let single = BinaryPropertyListWriter.data(for: .array([.string("NSPropertyName")]))
        // 49 more one-byte references and a 2-byte count after the array marker (50 ≥ 15),
        // but no second copy of the 15-byte string.
        #expect(repeated.count == single.count + 49 + 2)
    }
}
