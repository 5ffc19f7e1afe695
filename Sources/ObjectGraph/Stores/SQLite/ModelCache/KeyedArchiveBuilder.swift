import Foundation

/// Builds an NSKeyedArchiver archive: the flat `$objects` table, UID references and `$top`.
///
/// It follows what NSKeyedArchiver does, as the real model caches show (DESIGN.md §4):
/// - `$objects[0]` is the string `$null`, and UID 0 stands for nil;
/// - an object gets its UID when it is first encoded, then its fields are encoded (giving UIDs to
///   what they hold), and only then its class, so `$class` entries follow their first object;
/// - a conditional reference (``conditionalReference(to:)``, Core Data's back-pointers such as
///   `NSEntity` and `NSDestinationEntity`) reserves the UID without encoding the object, whose
///   slot is filled when it is encoded for real;
/// - equal strings and numbers are archived once and shared.
///
/// Objects are identified by an ``ObjectKey`` chosen by the caller, so one model object is
/// archived once however many times it is referred to, and cycles (entity ↔ property) end.
final class KeyedArchiveBuilder {
    /// Identifies an archived object, so every reference to it shares one UID.
    typealias ObjectKey = String
    /// An object's fields in encoding order; a nil value leaves the key out, as Core Data does
    /// for flags that are off (`NSIsOptional`, `NSIsTransient`, …).
    typealias Fields = [(key: String, value: PropertyListItem?)]

    private var objects: [PropertyListItem?] = [.string("$null")]
    private var uidsByKey: [ObjectKey: Int] = [:]
    private var encodedKeys: Set<ObjectKey> = []
    private var classUIDs: [String: Int] = [:]
    private var valueUIDs: [PropertyListItem: Int] = [:]

    /// A reference to nil (`$null`).
    static let null = PropertyListItem.uid(0)

    // MARK: - Values

    /// A reference to a string, archived once per distinct text; nil becomes `$null`.
    func reference(to text: String?) -> PropertyListItem {
        guard let text else { return Self.null }
        return sharedReference(to: .string(text))
    }

    /// A reference to a plain property-list value (a number, boolean or data), archived once.
    func sharedReference(to value: PropertyListItem) -> PropertyListItem {
        if let uid = valueUIDs[value] { return .uid(uid) }
        let uid = objects.count
        objects.append(value)
        valueUIDs[value] = uid
        return .uid(uid)
    }

    // MARK: - Objects

    /// Encodes the object `key` (once): reserves its UID, asks `fields` for its fields, then adds its
    /// class. `classes` is the class chain from the object's own class up to `NSObject`.
    func object(
        _ key: ObjectKey, classes: [String], fields: () -> Fields
    ) -> PropertyListItem {
        if encodedKeys.contains(key), let uid = uidsByKey[key] { return .uid(uid) }
        encodedKeys.insert(key)
        let uid = reserveUID(for: key)
        var entries = fields().compactMap { field in
            field.value.map { PropertyListItem.Entry(key: field.key, value: $0) }
        }
        entries.append(PropertyListItem.Entry(key: "$class", value: classReference(classes)))
        objects[uid] = .dictionary(entries)
        return .uid(uid)
    }

    /// Encodes an object no one else refers to (a collection, an expression), always as a new entry.
    func anonymousObject(classes: [String], fields: () -> Fields) -> PropertyListItem {
        let uid = objects.count
        objects.append(nil)
        var entries = fields().compactMap { field in
            field.value.map { PropertyListItem.Entry(key: field.key, value: $0) }
        }
        entries.append(PropertyListItem.Entry(key: "$class", value: classReference(classes)))
        objects[uid] = .dictionary(entries)
        return .uid(uid)
    }

    /// A reference that does not encode the object: its UID is reserved and filled when
    /// ``object(_:classes:fields:)`` encodes it (`encodeConditionalObject:`); nil becomes `$null`.
    func conditionalReference(to key: ObjectKey?) -> PropertyListItem {
        guard let key else { return Self.null }
        return .uid(reserveUID(for: key))
    }

    /// An `NSArray`-family object (`NS.objects`); its UID comes before those `members` encodes.
    func array(className: String = "NSArray", _ members: () -> [PropertyListItem]) -> PropertyListItem {
        anonymousObject(classes: Self.classChain(className)) {
            [("NS.objects", .array(members()))]
        }
    }

    /// An `NSDictionary`-family object: `NS.keys` parallel to `NS.objects`, keys encoded first.
    func dictionary(
        className: String = "NSDictionary", keys: () -> [PropertyListItem], values: () -> [PropertyListItem]
    ) -> PropertyListItem {
        anonymousObject(classes: Self.classChain(className)) {
            let keyReferences = keys()
            return [("NS.keys", .array(keyReferences)), ("NS.objects", .array(values()))]
        }
    }

    /// The class chain Foundation archives for its collection classes.
    static func classChain(_ className: String) -> [String] {
        switch className {
        case "NSMutableArray": ["NSMutableArray", "NSArray", "NSObject"]
        case "NSMutableSet": ["NSMutableSet", "NSSet", "NSObject"]
        case "NSMutableDictionary": ["NSMutableDictionary", "NSDictionary", "NSObject"]
        default: [className, "NSObject"]
        }
    }

    // MARK: - Finishing

    /// The archive as a property list: `$version`, `$archiver`, `$top` = {root} and `$objects`.
    ///
    /// A conditional reference whose object was never encoded points at a `$null` string, which
    /// readers take as nil, as NSKeyedArchiver writes nil for it.
    func archive(root: PropertyListItem) -> PropertyListItem {
        .dictionary([
            "$version": .integer(100_000),
            "$archiver": .string("NSKeyedArchiver"),
            "$top": .dictionary(["root": root]),
            "$objects": .array(objects.map { $0 ?? .string("$null") }),
        ])
    }

    // MARK: - Private

    private func reserveUID(for key: ObjectKey) -> Int {
        if let uid = uidsByKey[key] { return uid }
        let uid = objects.count
        objects.append(nil)
        uidsByKey[key] = uid
        return uid
    }

    private func classReference(_ classes: [String]) -> PropertyListItem {
        let name = classes.first ?? "NSObject"
        if let uid = classUIDs[name] { return .uid(uid) }
        let uid = objects.count
        objects.append(
            .dictionary([
                "$classname": .string(name),
                "$classes": .array(classes.map(PropertyListItem.string)),
            ]))
        classUIDs[name] = uid
        return .uid(uid)
    }
}
