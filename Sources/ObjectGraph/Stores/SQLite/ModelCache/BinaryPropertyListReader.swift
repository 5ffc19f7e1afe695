import Foundation

/// Reads a binary property list (`bplist00`) into a ``PropertyListItem``, safely.
///
/// Stores and model caches come from anywhere, and Foundation's `PropertyListSerialization` on
/// Linux crashes on some of them (any set, for one). This reader follows the layout the writer
/// (`BinaryPropertyListWriter`) produces and Apple publishes in CFBinaryPList.c, and checks every
/// size, offset and reference against the bytes it has. Each object is decoded once, so an object
/// referenced from many places costs nothing more; a collection that contains itself is an error;
/// and ``BinaryPropertyListLimits`` bound the object count, the nesting, the decoded bytes and the
/// size of the tree a caller will walk (shared objects counted every place they appear).
///
/// Sets and ordered sets come back as arrays in stored order; `null` and fill bytes as ``PropertyListItem/null``.
///
/// ```swift
/// let item = try BinaryPropertyListReader.read(bytes)
/// if case .dictionary(let entries) = item { print(entries.map(\.key)) }
/// ```
public struct BinaryPropertyListReader {
    private let bytes: [UInt8]
    private let limits: BinaryPropertyListLimits
    private let offsetSize: Int
    private let referenceSize: Int
    private let objectCount: Int
    private let offsetTableStart: Int
    /// Each object's decoded value, once decoded.
    private var decoded: [PropertyListItem?]
    /// Each object's size as a tree (itself plus its members' sizes), once decoded.
    private var treeSizes: [Int]
    /// Objects being decoded right now: meeting one again means it contains itself.
    private var inProgress: Set<Int> = []
    private var decodedBytes = 0

    /// Decodes the property list in `data`.
    ///
    /// - Throws: ``BinaryPropertyListError`` naming what is wrong and, where there is one, the byte offset.
    public static func read(_ data: Data, limits: BinaryPropertyListLimits = BinaryPropertyListLimits())
        throws(BinaryPropertyListError) -> PropertyListItem
    {
        var reader = try BinaryPropertyListReader(bytes: [UInt8](data), limits: limits)
        let top = try reader.topObject()
        return try reader.object(top, depth: 0)
    }

    /// Whether `data` starts like a binary property list.
    public static func isBinaryPropertyList(_ data: Data) -> Bool {
        data.starts(with: Array("bplist00".utf8))
    }

    private init(bytes: [UInt8], limits: BinaryPropertyListLimits) throws(BinaryPropertyListError) {
        guard bytes.starts(with: Array("bplist00".utf8)) else {
            throw .notBinary
        }
        // Magic (8) + at least one object (1) + one offset (1) + trailer (32).
        guard bytes.count >= 42 else { throw .malformed(offset: bytes.count, "it is too short to hold a trailer") }
        guard bytes.count <= limits.maximumBytes else {
            throw .limitExceeded("it is \(bytes.count) bytes, more than the \(limits.maximumBytes) accepted")
        }
        let trailer = bytes.count - 32
        self.bytes = bytes
        self.limits = limits
        offsetSize = Int(bytes[trailer + 6])
        referenceSize = Int(bytes[trailer + 7])
        guard (1...8).contains(offsetSize), (1...8).contains(referenceSize) else {
            throw .malformed(
                offset: trailer + 6, "the trailer gives offset size \(offsetSize), reference size \(referenceSize)")
        }
        let count = Self.bigEndian(bytes, at: trailer + 8, size: 8)
        let table = Self.bigEndian(bytes, at: trailer + 24, size: 8)
        guard count >= 1, count <= UInt64(limits.maximumObjects) else {
            throw count < 1
                ? .malformed(offset: trailer + 8, "the trailer says it holds no objects")
                : .limitExceeded("it holds \(count) objects, more than the \(limits.maximumObjects) accepted")
        }
        objectCount = Int(count)
        // The offset table lies between the objects and the trailer.
        guard table >= 9, table < UInt64(trailer),
            UInt64(trailer) - table >= UInt64(objectCount) * UInt64(offsetSize)
        else {
            throw .malformed(offset: trailer + 24, "the offset table at \(table) does not fit before the trailer")
        }
        offsetTableStart = Int(table)
        decoded = Array(repeating: nil, count: objectCount)
        treeSizes = Array(repeating: 0, count: objectCount)
    }

    // MARK: - Objects

    private func topObject() throws(BinaryPropertyListError) -> Int {
        let top = Self.bigEndian(bytes, at: bytes.count - 16, size: 8)
        guard top < UInt64(objectCount) else {
            throw .malformed(offset: bytes.count - 16, "the top object \(top) is not one of the \(objectCount) objects")
        }
        return Int(top)
    }

    /// Where object `index` starts, checked to lie among the objects.
    private func offset(of index: Int) throws(BinaryPropertyListError) -> Int {
        let offset = Self.bigEndian(bytes, at: offsetTableStart + index * offsetSize, size: offsetSize)
        guard offset >= 8, offset < UInt64(offsetTableStart) else {
            throw .malformed(
                offset: offsetTableStart + index * offsetSize,
                "object \(index) starts at \(offset), outside the objects")
        }
        return Int(offset)
    }

    private mutating func object(_ index: Int, depth: Int) throws(BinaryPropertyListError) -> PropertyListItem {
        if let done = decoded[index] { return done }
        guard !inProgress.contains(index) else {
            throw .malformed(offset: try offset(of: index), "object \(index) contains itself")
        }
        guard depth < limits.maximumDepth else {
            throw .limitExceeded("objects are nested more than \(limits.maximumDepth) deep")
        }
        inProgress.insert(index)
        defer { inProgress.remove(index) }
        let start = try offset(of: index)
        let marker = bytes[start]
        let item: PropertyListItem
        var size = 1
        switch marker >> 4 {
        case 0x0:
            switch marker {
            case 0x08: item = .boolean(false)
            case 0x09: item = .boolean(true)
            case 0x00, 0x0F: item = .null
            default: throw .malformed(offset: start, "marker 0x\(Self.hex(marker)) is not a known object")
            }
        case 0x1:
            item = .integer(try integer(at: start))
        case 0x2:
            let width = 1 << Int(marker & 0x0F)
            guard width == 4 || width == 8 else {
                throw .malformed(offset: start, "a real number of \(width) bytes (only 4 and 8 exist)")
            }
            let raw = try payload(at: start + 1, count: width)
            let bits = Self.bigEndian(bytes, at: raw, size: width)
            item = .real(width == 4 ? Double(Float(bitPattern: UInt32(bits))) : Double(bitPattern: bits))
        case 0x3:
            guard marker == 0x33 else { throw .malformed(offset: start, "a date must be 8 bytes (marker 0x33)") }
            item = .date(Double(bitPattern: Self.bigEndian(bytes, at: try payload(at: start + 1, count: 8), size: 8)))
        case 0x4:
            let (count, first) = try length(at: start)
            let from = try payload(at: first, count: count)
            try spend(count)
            item = .data(Data(bytes[from..<(from + count)]))
        case 0x5:
            let (count, first) = try length(at: start)
            let from = try payload(at: first, count: count)
            try spend(count)
            // ASCII as Apple writes it; other bytes are read as Latin-1 rather than refused.
            let text = bytes[from..<(from + count)]
            item = .string(
                text.allSatisfy { $0 < 0x80 }
                    ? String(decoding: text, as: UTF8.self) : String(text.map { Character(Unicode.Scalar($0)) }))
        case 0x6:
            let (count, first) = try length(at: start)
            let (byteCount, overflow) = count.multipliedReportingOverflow(by: 2)
            guard !overflow else { throw .malformed(offset: start, "a string of \(count) UTF-16 units cannot fit") }
            let from = try payload(at: first, count: byteCount)
            try spend(byteCount)
            let units = (0..<count).map { UInt16(bytes[from + 2 * $0]) << 8 | UInt16(bytes[from + 2 * $0 + 1]) }
            item = .string(String(decoding: units, as: UTF16.self))
        case 0x8:
            let width = Int(marker & 0x0F) + 1
            guard width <= 4 else { throw .malformed(offset: start, "a UID of \(width) bytes (at most 4)") }
            item = .uid(Int(Self.bigEndian(bytes, at: try payload(at: start + 1, count: width), size: width)))
        case 0xA, 0xB, 0xC:
            let references = try references(at: start, groups: 1)
            var members: [PropertyListItem] = []
            members.reserveCapacity(references.count)
            for reference in references {
                members.append(try object(reference, depth: depth + 1))
                size = try grow(size, by: treeSizes[reference])
            }
            item = .array(members)
        case 0xD:
            let references = try references(at: start, groups: 2)
            let half = references.count / 2
            var entries: [PropertyListItem.Entry] = []
            entries.reserveCapacity(half)
            for position in 0..<half {
                let keyIndex = references[position]
                let valueIndex = references[half + position]
                guard case .string(let key) = try object(keyIndex, depth: depth + 1) else {
                    throw .malformed(offset: start, "a dictionary key (object \(keyIndex)) is not a string")
                }
                entries.append(PropertyListItem.Entry(key: key, value: try object(valueIndex, depth: depth + 1)))
                size = try grow(size, by: treeSizes[keyIndex] + treeSizes[valueIndex])
            }
            item = .dictionary(entries)
        default:
            throw .malformed(offset: start, "marker 0x\(Self.hex(marker)) is not a known object")
        }
        decoded[index] = item
        treeSizes[index] = size
        return item
    }

    // MARK: - Pieces

    /// An integer object at `start`: 1, 2, 4 or 8 bytes (8 signed), or 16 (its low 8 bytes).
    private func integer(at start: Int) throws(BinaryPropertyListError) -> Int64 {
        let marker = bytes[start]
        guard marker >> 4 == 0x1, marker & 0x0F <= 4 else {
            throw .malformed(offset: start, "expected an integer, found marker 0x\(Self.hex(marker))")
        }
        let width = 1 << Int(marker & 0x0F)
        let from = try payload(at: start + 1, count: width)
        return Int64(bitPattern: Self.bigEndian(bytes, at: from + max(0, width - 8), size: min(width, 8)))
    }

    /// The count of a data, string or collection object and where its payload starts: the marker's
    /// low nibble, or, when that is 15, the integer object that follows.
    private func length(at start: Int) throws(BinaryPropertyListError) -> (count: Int, first: Int) {
        let nibble = Int(bytes[start] & 0x0F)
        guard nibble == 15 else { return (nibble, start + 1) }
        guard start + 1 < offsetTableStart else { throw .malformed(offset: start, "the object's length is missing") }
        let count = try integer(at: start + 1)
        guard count >= 0, count < Int64(offsetTableStart) else {
            throw .malformed(offset: start, "a length of \(count) does not fit in the file")
        }
        return (Int(count), start + 2 + (1 << Int(bytes[start + 1] & 0x0F)))
    }

    /// `from`, after checking that `count` bytes from there lie among the objects.
    private func payload(at from: Int, count: Int) throws(BinaryPropertyListError) -> Int {
        guard count >= 0, from <= offsetTableStart, count <= offsetTableStart - from else {
            throw .malformed(offset: from, "\(count) bytes from here run past the objects")
        }
        return from
    }

    /// A collection's object references (`groups` of them per member: 2 for dictionaries), checked.
    private func references(at start: Int, groups: Int) throws(BinaryPropertyListError) -> [Int] {
        let (count, first) = try length(at: start)
        let (total, overflow) = (count * groups).multipliedReportingOverflow(by: referenceSize)
        guard !overflow else { throw .malformed(offset: start, "a collection of \(count) members cannot fit") }
        let from = try payload(at: first, count: total)
        return try (0..<(count * groups)).map { position throws(BinaryPropertyListError) -> Int in
            let reference = Self.bigEndian(bytes, at: from + position * referenceSize, size: referenceSize)
            guard reference < UInt64(objectCount) else {
                throw .malformed(offset: start, "a collection refers to object \(reference) of \(objectCount)")
            }
            return Int(reference)
        }
    }

    /// Counts decoded bytes against the limit.
    private mutating func spend(_ count: Int) throws(BinaryPropertyListError) {
        decodedBytes += count
        guard decodedBytes <= limits.maximumDecodedBytes else {
            throw .limitExceeded("it decodes to more than \(limits.maximumDecodedBytes) bytes")
        }
    }

    /// A collection's tree size grown by a member's, against the limit.
    private func grow(_ size: Int, by member: Int) throws(BinaryPropertyListError) -> Int {
        let total = size + member
        guard total <= limits.maximumTreeSize else {
            throw .limitExceeded(
                "it expands to more than \(limits.maximumTreeSize) values (objects shared by many collections)")
        }
        return total
    }

    private static func bigEndian(_ bytes: [UInt8], at start: Int, size: Int) -> UInt64 {
        var value: UInt64 = 0
        for index in start..<(start + size) { value = value << 8 | UInt64(bytes[index]) }
        return value
    }

    private static func hex(_ byte: UInt8) -> String {
        let digits = Array("0123456789ABCDEF")
        return String([digits[Int(byte >> 4)], digits[Int(byte & 0x0F)]])
    }
}

/// How much of a binary property list ``BinaryPropertyListReader`` accepts; real metadata and model
/// caches stay far below every limit (the largest cache in the corpus has under 10,000 objects).
public struct BinaryPropertyListLimits: Sendable {
    /// The largest input, in bytes.
    public var maximumBytes: Int
    /// The most objects in the offset table.
    public var maximumObjects: Int
    /// The deepest nesting of collections.
    public var maximumDepth: Int
    /// The most bytes of strings and data, all objects together.
    public var maximumDecodedBytes: Int
    /// The most values in the tree handed back, a shared object counted everywhere it appears: what
    /// bounds the work of any caller walking the tree.
    public var maximumTreeSize: Int

    /// The defaults: 64 MiB in and out, a million objects, nesting 128 deep, 4 million values in the tree.
    public init(
        maximumBytes: Int = 64 << 20, maximumObjects: Int = 1_000_000, maximumDepth: Int = 128,
        maximumDecodedBytes: Int = 64 << 20, maximumTreeSize: Int = 4_000_000
    ) {
        self.maximumBytes = maximumBytes
        self.maximumObjects = maximumObjects
        self.maximumDepth = maximumDepth
        self.maximumDecodedBytes = maximumDecodedBytes
        self.maximumTreeSize = maximumTreeSize
    }
}

/// Why bytes could not be read as a binary property list.
public enum BinaryPropertyListError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The bytes do not start with `bplist00`.
    case notBinary
    /// The bytes break the format at `offset`: the reason says how.
    case malformed(offset: Int, String)
    /// The property list passes one of the reader's limits.
    case limitExceeded(String)

    /// The problem in one line, starting "not a binary property list" or "binary property list".
    public var description: String {
        switch self {
        case .notBinary: return "not a binary property list (no bplist00 at the start)"
        case .malformed(let offset, let reason): return "binary property list broken at byte \(offset): \(reason)"
        case .limitExceeded(let reason): return "binary property list refused: \(reason)"
        }
    }
}
