import Foundation

/// Writes a ``PropertyListItem`` as a binary property list (`bplist00`).
///
/// Foundation's `PropertyListSerialization` on Linux cannot write the keyed archiver's UID values
/// (its UID class is private), so the format is written here. The layout is Apple's published
/// one (CFBinaryPList.c): the magic `bplist00`; every object as a marker byte whose high nibble
/// is the type and low nibble a size (15 = a count object follows), big-endian payloads; a table
/// of object offsets; and a 32-byte trailer giving the offset and reference sizes, the object
/// count, the top object and where the offset table starts. Equal scalars are stored once.
struct BinaryPropertyListWriter {
    /// The flattened objects; collections hold indexes of their members.
    private var objects: [FlatObject] = []
    /// The index of each scalar already stored, so equal values are shared.
    private var sharedIndexes: [PropertyListItem: Int] = [:]

    private enum FlatObject {
        case scalar(PropertyListItem)
        case array([Int])
        case dictionary(keys: [Int], values: [Int])
    }

    /// The binary property list holding `root`.
    static func data(for root: PropertyListItem) -> Data {
        var writer = BinaryPropertyListWriter()
        let top = writer.flatten(root)
        return writer.serialize(top: top)
    }

    // MARK: - Flattening

    private mutating func flatten(_ item: PropertyListItem) -> Int {
        if item.isShareable, let index = sharedIndexes[item] { return index }
        let index = objects.count
        switch item {
        case .array(let members):
            objects.append(.array([]))
            let indexes = members.map { flatten($0) }
            objects[index] = .array(indexes)
        case .dictionary(let entries):
            objects.append(.dictionary(keys: [], values: []))
            let keys = entries.map { flatten(.string($0.key)) }
            let values = entries.map { flatten($0.value) }
            objects[index] = .dictionary(keys: keys, values: values)
        default:
            objects.append(.scalar(item))
            sharedIndexes[item] = index
        }
        return index
    }

    // MARK: - Serializing

    private func serialize(top: Int) -> Data {
        let referenceSize = Self.byteCount(for: UInt64(objects.count))
        // Bytes in an array, made `Data` once: appending to `Data` byte by byte went through its
        // general replace-subrange path for every byte.
        var output = Array("bplist00".utf8)
        var offsets: [Int] = []
        offsets.reserveCapacity(objects.count)
        for object in objects {
            offsets.append(output.count)
            switch object {
            case .scalar(let item):
                Self.appendScalar(item, to: &output)
            case .array(let members):
                Self.appendMarker(0xA, count: members.count, to: &output)
                for member in members { Self.appendBigEndian(UInt64(member), size: referenceSize, to: &output) }
            case .dictionary(let keys, let values):
                Self.appendMarker(0xD, count: keys.count, to: &output)
                for reference in keys + values {
                    Self.appendBigEndian(UInt64(reference), size: referenceSize, to: &output)
                }
            }
        }
        let offsetTableStart = output.count
        let offsetSize = Self.byteCount(for: UInt64(offsetTableStart))
        for offset in offsets { Self.appendBigEndian(UInt64(offset), size: offsetSize, to: &output) }
        output.append(contentsOf: [UInt8](repeating: 0, count: 6))
        output.append(UInt8(offsetSize))
        output.append(UInt8(referenceSize))
        Self.appendBigEndian(UInt64(objects.count), size: 8, to: &output)
        Self.appendBigEndian(UInt64(top), size: 8, to: &output)
        Self.appendBigEndian(UInt64(offsetTableStart), size: 8, to: &output)
        return Data(output)
    }

    private static func appendScalar(_ item: PropertyListItem, to output: inout [UInt8]) {
        switch item {
        case .boolean(let flag):
            output.append(flag ? 0x09 : 0x08)
        case .integer(let number):
            appendInteger(number, to: &output)
        case .real(let number):
            output.append(0x23)
            appendBigEndian(number.bitPattern, size: 8, to: &output)
        case .date(let seconds):
            output.append(0x33)
            appendBigEndian(seconds.bitPattern, size: 8, to: &output)
        case .data(let bytes):
            appendMarker(0x4, count: bytes.count, to: &output)
            output.append(contentsOf: bytes)
        case .string(let text):
            if text.utf8.allSatisfy({ $0 < 0x80 }) {
                appendMarker(0x5, count: text.utf8.count, to: &output)
                output.append(contentsOf: text.utf8)
            } else {
                // Non-ASCII strings are UTF-16, big-endian, counted in code units.
                let units = Array(text.utf16)
                appendMarker(0x6, count: units.count, to: &output)
                for unit in units { appendBigEndian(UInt64(unit), size: 2, to: &output) }
            }
        case .uid(let index):
            let size = byteCount(for: UInt64(index))
            output.append(0x80 | UInt8(size - 1))
            appendBigEndian(UInt64(index), size: size, to: &output)
        case .null:
            output.append(0x00)
        case .array, .dictionary:
            break  // Flattened into `FlatObject` collections, never stored as scalars.
        }
    }

    /// An integer object: 1, 2, 4 or 8 bytes; negative numbers always take 8 (as Apple writes them).
    private static func appendInteger(_ number: Int64, to output: inout [UInt8]) {
        let size = number < 0 ? 8 : byteCount(for: UInt64(number))
        let exponent: UInt8 =
            switch size {
            case 1: 0
            case 2: 1
            case 4: 2
            default: 3
            }
        output.append(0x10 | exponent)
        appendBigEndian(UInt64(bitPattern: number), size: 1 << Int(exponent), to: &output)
    }

    /// A marker with a count: in the low nibble below 15, else nibble 15 and an integer object.
    private static func appendMarker(_ type: UInt8, count: Int, to output: inout [UInt8]) {
        if count < 15 {
            output.append(type << 4 | UInt8(count))
        } else {
            output.append(type << 4 | 0x0F)
            appendInteger(Int64(count), to: &output)
        }
    }

    /// The smallest of 1, 2, 4 and 8 bytes that holds `value`.
    private static func byteCount(for value: UInt64) -> Int {
        switch value {
        case ..<0x100: 1
        case ..<0x1_0000: 2
        case ..<0x1_0000_0000: 4
        default: 8
        }
    }

    private static func appendBigEndian(_ value: UInt64, size: Int, to output: inout [UInt8]) {
        for shift in stride(from: (size - 1) * 8, through: 0, by: -8) {
            output.append(UInt8(truncatingIfNeeded: value >> UInt64(shift)))
        }
    }
}
