import Foundation
import Testing

@testable import ObjectGraph

/// Our binary plist reader: what the writer writes reads back, and hostile bytes end in one
/// clear error or a bounded result, never a crash (Foundation's reader crashed on any set).
@Suite struct BinaryPropertyListReaderTests {
    /// A plist from its objects (each a marker and payload), with one-byte offsets and references.
    private func plist(_ objects: [[UInt8]], top: UInt64 = 0) -> Data {
        var bytes = [UInt8]("bplist00".utf8)
        var offsets: [UInt8] = []
        for object in objects {
            offsets.append(UInt8(bytes.count))
            bytes += object
        }
        let table = UInt64(bytes.count)
        bytes += offsets + [UInt8](repeating: 0, count: 6) + [1, 1]
        for value in [UInt64(objects.count), top, table] {
            bytes += (0..<8).map { UInt8(truncatingIfNeeded: value >> (56 - 8 * UInt64($0))) }
        }
        return Data(bytes)
    }

    @Test func whatTheWriterWritesReadsBack() throws {
        let item = PropertyListItem.dictionary([
            "name": .string("Café ☕︎"), "count": .integer(-7), "big": .integer(1 << 40), "ratio": .real(0.25),
            "flag": .boolean(true), "when": .date(12.5), "bytes": .data(Data([0, 1, 2])), "ref": .uid(300),
            "list": .array([.string("a"), .string("a"), .dictionary([:])]),
        ])
        #expect(try BinaryPropertyListReader.read(BinaryPropertyListWriter.data(for: item)) == item)
    }

    @Test func aSetReadsAsAnArray() throws {
        let bytes = plist([[0xD1, 0x01, 0x02], [0x51, UInt8(ascii: "a")], [0xC1, 0x01]])
        #expect(try BinaryPropertyListReader.read(bytes) == .dictionary(["a": .array([.string("a")])]))
    }

    @Test func aCollectionHoldingItselfIsAnError() {
        let bytes = plist([[0xA1, 0x00]])
        #expect(throws: BinaryPropertyListError.malformed(offset: 8, "object 0 contains itself")) {
            try BinaryPropertyListReader.read(bytes)
        }
    }

    @Test func arraysListingTheNextTwiceAreRefusedPastTheTreeBudget() throws {
        // 40 arrays, each holding the next twice: 2^40 values if expanded, 41 objects stored.
        let objects = (0..<40).map { level -> [UInt8] in [0xA2, UInt8(level + 1), UInt8(level + 1)] } + [[0xA0]]
        let error = #expect(throws: BinaryPropertyListError.self) { try BinaryPropertyListReader.read(plist(objects)) }
        #expect(error?.description.hasPrefix("binary property list refused: it expands to more than") == true)
    }

    @Test func sharedObjectsWithinTheBudgetAreDecodedOnce() throws {
        let objects = (0..<10).map { level -> [UInt8] in [0xA2, UInt8(level + 1), UInt8(level + 1)] } + [[0xA0]]
        guard case .array(let members) = try BinaryPropertyListReader.read(plist(objects)) else {
            Issue.record("expected an array")
            return
        }
        #expect(members.count == 2)
    }

    @Test(arguments: [
        (Data("bplist00".utf8), "too short"),
        (Data("not a plist at all, not at all, not at all".utf8), "no bplist00"),
    ])
    func bytesThatAreNoPlistSaySo(data: Data, words: String) {
        let error = #expect(throws: BinaryPropertyListError.self) { try BinaryPropertyListReader.read(data) }
        #expect(error?.description.contains(words) == true, "\(String(describing: error))")
    }

    @Test func everyTruncationAndEveryFlippedBitEndsInAValueOrAnError() throws {
        let original = BinaryPropertyListWriter.data(
            for: .dictionary([
                "hashes": .dictionary(["A": .data(Data(repeating: 1, count: 32))]),
                "ids": .array([.string(""), .string("v2")]), "n": .integer(3), "x": .real(1.5),
            ]))
        for length in 0..<original.count {
            _ = try? BinaryPropertyListReader.read(original.prefix(length))
        }
        for index in original.indices {
            for bit in 0..<8 {
                var copy = original
                copy[index] ^= 1 << bit
                _ = try? BinaryPropertyListReader.read(copy)
            }
        }
    }

    @Test func offsetsOutsideTheObjectsAreAnError() {
        var bytes = [UInt8](plist([[0x08]]))
        bytes[9] = 0xF0  // the one offset now points into the trailer
        let error = #expect(throws: BinaryPropertyListError.self) { try BinaryPropertyListReader.read(Data(bytes)) }
        #expect(error?.description.contains("outside the objects") == true, "\(String(describing: error))")
    }
}
