import Foundation
import SQLite

@testable import ObjectGraph

/// The smallest files that crashed or hung `companion` before issue 20, built byte by byte.
enum HostileFiles {
    /// An XML processing instruction with no data: FoundationXML called strlen(NULL) on it.
    static let processingInstruction = Data("<?x?>".utf8)

    /// An XML declaration naming no real encoding, then an attribute name that is not UTF-8: the
    /// UTF-8 check did not recognise the declaration, and FoundationXML trapped on the name.
    static let badDeclarationThenBadName = Data("<?xml encoding=?><a ".utf8) + Data([0xFF]) + Data("=\"1\"/>".utf8)

    /// A binary property list holding a set, `{"a": set()}`: Foundation's reader crashed on any set.
    static let setPropertyList: Data = {
        var bytes = Data("bplist00".utf8)
        bytes += [0xD1, 0x01, 0x02]  // object 0 at 8: a dictionary of one entry, key 1, value 2
        bytes += [0x51, UInt8(ascii: "a")]  // object 1 at 11: "a"
        bytes += [0xC0]  // object 2 at 13: an empty set
        bytes += [0x08, 0x0B, 0x0D]  // the offset table, at 14
        bytes += [UInt8](repeating: 0, count: 6) + [1, 1]  // offset and reference sizes
        bytes += bigEndian(3) + bigEndian(0) + bigEndian(14)  // objects, top, offset table
        return bytes
    }()

    /// A keyed archive whose root is a model whose one entity's name is an `NSString` holding
    /// itself: reading the name recursed until the stack overflowed.
    static let selfReferentialModelCache: Data = {
        let archive = keyedArchive(objects: [
            .string("$null"),
            object(class: 2, ["NSEntities": .uid(3)]),
            classEntry("NSManagedObjectModel"),
            object(class: 4, ["NS.keys": .array([.uid(5)]), "NS.objects": .array([.uid(7)])]),
            classEntry("NSDictionary"),
            object(class: 6, ["NS.string": .uid(5)]),
            classEntry("NSString"),
            object(class: 8, ["NSEntityName": .uid(5)]),
            classEntry("NSEntityDescription"),
        ])
        // Model caches are stored as raw DEFLATE (DESIGN.md §4).
        return (try? RawDeflate.deflate(archive)) ?? Data()
    }()

    /// A keyed archive of `levels` arrays, each listing the next one twice: 2^levels paths to walk.
    static func doublingArrays(levels: Int) -> Data {
        var objects: [PropertyListItem] = [.string("$null"), classEntry("NSArray")]
        for level in 0..<levels {
            let next = PropertyListItem.uid(objects.count + 1)
            let members: [PropertyListItem] = level == levels - 1 ? [] : [next, next]
            objects.append(object(class: 1, ["NS.objects": .array(members)]))
        }
        return keyedArchive(objects: objects, root: 2)
    }

    /// A copy of Z_METADATA's property list with one dictionary marker turned into a set (0xD5 →
    /// 0xC5): the one-bit flip that crashed Foundation's reader.
    static func metadataWithFlippedBit(_ plist: Data) -> Data? {
        guard let index = plist.firstIndex(of: 0xD5) else { return nil }
        var copy = plist
        copy[index] = 0xC5
        return copy
    }

    // MARK: - Building archives

    private static func keyedArchive(objects: [PropertyListItem], root: Int = 1) -> Data {
        BinaryPropertyListWriter.data(
            for: .dictionary([
                "$archiver": .string("NSKeyedArchiver"), "$version": .integer(100000),
                "$top": .dictionary(["root": .uid(root)]), "$objects": .array(objects),
            ]))
    }

    private static func object(class index: Int, _ fields: KeyValuePairs<String, PropertyListItem>) -> PropertyListItem
    {
        .dictionary(
            [PropertyListItem.Entry(key: "$class", value: .uid(index))]
                + fields.map { .init(key: $0.key, value: $0.value) })
    }

    private static func classEntry(_ name: String) -> PropertyListItem {
        .dictionary(["$classname": .string(name), "$classes": .array([.string(name), .string("NSObject")])])
    }

    private static func bigEndian(_ value: UInt64) -> [UInt8] {
        (0..<8).map { UInt8(truncatingIfNeeded: value >> (56 - 8 * UInt64($0))) }
    }
}
