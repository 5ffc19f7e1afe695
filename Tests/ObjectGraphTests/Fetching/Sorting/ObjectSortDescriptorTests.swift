import Foundation
import ObjectGraph
import Testing

@Suite("Sort descriptors")
struct ObjectSortDescriptorTests {
    private func sorted(_ values: [Any?], _ descriptor: ObjectSortDescriptor) -> [String] {
        values.sorted { descriptor.compare($0, $1) == .orderedAscending }.map { $0.map { "\($0)" } ?? "nil" }
    }

    @Test func plainCompareIsByCodePointLikeSQLite() {
        let descriptor = ObjectSortDescriptor(key: "name")
        #expect(sorted(["b", "B", "a", "Ä", "A"], descriptor) == ["A", "B", "a", "b", "Ä"])
    }

    @Test func caseInsensitiveCompareIgnoresCase() {
        let descriptor = ObjectSortDescriptor(key: "name", comparison: .caseInsensitiveCompare)
        #expect(descriptor.compare("apple", "APPLE") == .orderedSame)
        #expect(sorted(["b", "A", "c"], descriptor) == ["A", "b", "c"])
    }

    @Test func localizedStandardCompareOrdersNumbersByValue() {
        let descriptor = ObjectSortDescriptor(key: "file", comparison: .localizedStandardCompare)
        #expect(sorted(["file10", "file2", "file1"], descriptor) == ["file1", "file2", "file10"])
    }

    @Test func localizedComparisonsFollowCollationNotCodePoints() {
        let plain = ObjectSortDescriptor(key: "name")
        let localized = ObjectSortDescriptor(key: "name", comparison: .localizedCompare)
        let localizedCaseless = ObjectSortDescriptor(key: "name", comparison: .localizedCaseInsensitiveCompare)
        #expect(sorted(["f", "é", "e"], plain) == ["e", "f", "é"])
        #expect(sorted(["f", "é", "e"], localized) == ["e", "é", "f"])
        #expect(localizedCaseless.compare("Éclair", "éclair") == .orderedSame)
    }

    @Test func nilSortsFirstAscendingAndLastDescending() {
        let ascending = ObjectSortDescriptor(key: "runtime")
        #expect(sorted([3, nil, 1], ascending) == ["nil", "1", "3"])
        #expect(sorted([3, nil, 1], ascending.reversed) == ["3", "1", "nil"])
    }

    @Test func numbersOfDifferentTypesCompareByValue() {
        let descriptor = ObjectSortDescriptor(key: "n")
        #expect(descriptor.compare(2, 2.5) == .orderedAscending)
        #expect(descriptor.compare(Decimal(3), 2) == .orderedDescending)
        #expect(descriptor.compare(Float(1.5), 1.5) == .orderedSame)
        #expect(descriptor.compare(true, 0) == .orderedDescending)
    }

    @Test func datesDataAndUUIDsHaveANaturalOrder() throws {
        let descriptor = ObjectSortDescriptor(key: "v")
        #expect(descriptor.compare(Date(timeIntervalSince1970: 1), Date(timeIntervalSince1970: 2)) == .orderedAscending)
        #expect(descriptor.compare(Data([1, 2]), Data([1, 3])) == .orderedAscending)
        let low = try #require(UUID(uuidString: "00000000-0000-0000-0000-000000000001"))
        let high = try #require(UUID(uuidString: "F0000000-0000-0000-0000-000000000000"))
        #expect(descriptor.compare(high, low) == .orderedDescending)
    }

    @Test func descriptionLooksLikeCoreData() {
        let descriptor = ObjectSortDescriptor(key: "name", ascending: false, comparison: .caseInsensitiveCompare)
        #expect(descriptor.description == "(name, descending, caseInsensitiveCompare:)")
    }
}
