import Foundation

/// An NSKeyedArchiver archive: a flat `$objects` table whose entries refer to each other by UID.
///
/// Walking it means starting at `$top.root`, following UIDs into `$objects`, and naming each
/// object by its `$class` entry's `$classname` (DESIGN.md §4). UID 0 is `$null`.
public struct KeyedArchive: Sendable {
    /// The `$objects` table.
    public let objects: [PropertyListValue]
    /// The `$top` dictionary (usually just `root`).
    public let top: PropertyListValue

    /// Reads an archive from binary-plist bytes.
    ///
    /// - Throws: ``PropertyListError`` when the bytes are not a plist or not a keyed archive.
    public init(data: Data) throws(PropertyListError) {
        let plist = try PropertyListValue(data: data)
        guard plist["$archiver"]?.stringValue == "NSKeyedArchiver" else {
            throw .unreadable("not an NSKeyedArchiver archive (no $archiver = NSKeyedArchiver)")
        }
        guard let objects = plist["$objects"]?.arrayValue, let top = plist["$top"] else {
            throw .unreadable("the keyed archive has no $objects or $top")
        }
        self.objects = objects
        self.top = top
    }

    /// Whether `data` looks like a keyed archive (a plist with `$archiver`), without throwing.
    public static func isKeyedArchive(_ data: Data) -> Bool {
        guard data.starts(with: Array("bplist".utf8)) || data.starts(with: Array("<?xml".utf8)) else { return false }
        return (try? KeyedArchive(data: data)) != nil
    }

    /// The root object (`$top.root`).
    public var root: ArchivedObject? {
        top["root"].flatMap { resolve($0).asObject }
    }

    /// Follows a UID to its entry; other values come back unchanged. UID 0 and bad UIDs are `.null`.
    public func resolve(_ value: PropertyListValue) -> ArchivedValue {
        guard case .uid(let index) = value else { return ArchivedValue(archive: self, value: value) }
        guard index > 0, index < objects.count else { return ArchivedValue(archive: self, value: .null) }
        let target = objects[index]
        if case .string("$null") = target { return ArchivedValue(archive: self, value: .null) }
        return ArchivedValue(archive: self, value: target, index: index)
    }

    /// The class name of the object at `value` (its `$class` → `$classname`).
    func className(of value: PropertyListValue) -> String? {
        guard let classReference = value["$class"] else { return nil }
        return resolve(classReference).value["$classname"]?.stringValue
    }
}

/// One value of a keyed archive, resolved, with its archive to resolve further.
public struct ArchivedValue: Sendable {
    let archive: KeyedArchive
    /// The raw property-list value.
    public let value: PropertyListValue
    /// The index in `$objects` it came from, when it came from one (for cycle detection).
    public var index: Int?

    /// The value as an archived object, when it is a dictionary with a `$class`.
    public var asObject: ArchivedObject? {
        guard case .dictionary = value, let name = archive.className(of: value) else { return nil }
        return ArchivedObject(archive: archive, fields: value, className: name, index: index)
    }

    /// The string, also for an archived `NSString`/`NSMutableString` object.
    ///
    /// A hostile archive can make an `NSString` whose `NS.string` is itself, so the chain is
    /// followed a few steps at most (Apple's archives take one).
    public var string: String? {
        var current = self
        for _ in 0..<Self.maximumStringHops {
            if let plain = current.value.stringValue { return plain }
            guard let object = current.asObject, object.className.hasSuffix("String") else { return nil }
            current = object["NS.string"]
        }
        return nil
    }

    private static let maximumStringHops = 8

    /// The number as an integer, or a boolean as 0/1.
    public var integer: Int64? { value.integerValue }

    /// Truthiness; nil when absent or not a number.
    public var bool: Bool? { value.boolValue }

    /// Whether it is `$null` or missing.
    public var isNull: Bool {
        if case .null = value { return true }
        return false
    }
}

/// An archived object: its class name and fields, whose values resolve through the archive.
public struct ArchivedObject: Sendable {
    let archive: KeyedArchive
    let fields: PropertyListValue
    /// `$classname` of its `$class`, like `NSEntityDescription`.
    public let className: String
    /// The index in `$objects`.
    public let index: Int?

    /// The field `key`, resolved; `.null` when missing.
    public subscript(key: String) -> ArchivedValue {
        guard let raw = fields[key] else { return ArchivedValue(archive: archive, value: .null) }
        return archive.resolve(raw)
    }

    /// The field names, without `$class`.
    public var keys: [String] {
        guard case .dictionary(let entries) = fields else { return [] }
        return entries.map(\.key).filter { $0 != "$class" }
    }

    /// The members of an `NSArray`/`NSSet`/`NSOrderedSet` (`NS.objects`), resolved.
    public var arrayElements: [ArchivedValue] {
        guard let raw = fields["NS.objects"]?.arrayValue else { return [] }
        return raw.map { archive.resolve($0) }
    }

    /// The entries of an `NSDictionary` (`NS.keys` parallel to `NS.objects`), resolved, in archive order.
    public var dictionaryEntries: [(key: ArchivedValue, value: ArchivedValue)] {
        guard let keys = fields["NS.keys"]?.arrayValue, let values = fields["NS.objects"]?.arrayValue else { return [] }
        return zip(keys, values).map { (archive.resolve($0), archive.resolve($1)) }
    }
}
