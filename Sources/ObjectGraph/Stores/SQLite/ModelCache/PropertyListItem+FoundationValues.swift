import Foundation

extension PropertyListItem {
    /// The property list item for a Foundation value of the kinds a store's metadata holds:
    /// `String`, `Bool`, the integer types, `Double`, `Float`, `Date`, `Data`, and arrays and
    /// `[String: Any]` dictionaries of them (a dictionary's entries sorted by key, so the same
    /// metadata always gives the same bytes). Nil for anything else, an `NSNumber` included;
    /// the caller then hands the value to Foundation's serializer.
    ///
    /// Each value is taken by its exact type: with Foundation's bridging, `as? Int` also accepts
    /// a `Bool` or an `NSNumber`, and `as? Bool` an integer 0 or 1, which would change the kind
    /// of value stored.
    init?(foundationValue value: Any) {
        if let scalar = Self.scalar(value) {
            self = scalar
        } else if let members = value as? [Any] {
            var items: [PropertyListItem] = []
            items.reserveCapacity(members.count)
            for member in members {
                guard let item = PropertyListItem(foundationValue: member) else { return nil }
                items.append(item)
            }
            self = .array(items)
        } else if let entries = value as? [String: Any] {
            var items: [Entry] = []
            items.reserveCapacity(entries.count)
            for key in entries.keys.sorted() {
                guard let entry = entries[key], let item = PropertyListItem(foundationValue: entry) else { return nil }
                items.append(Entry(key: key, value: item))
            }
            self = .dictionary(items)
        } else {
            return nil
        }
    }

    /// The item for a value whose exact type is one of the scalar kinds, else nil.
    private static func scalar(_ value: Any) -> PropertyListItem? {
        switch ObjectIdentifier(type(of: value)) {
        case ObjectIdentifier(String.self): (value as? String).map(PropertyListItem.string)
        case ObjectIdentifier(Bool.self): (value as? Bool).map(PropertyListItem.boolean)
        case ObjectIdentifier(Int.self): (value as? Int).map { .integer(Int64($0)) }
        case ObjectIdentifier(Int64.self): (value as? Int64).map(PropertyListItem.integer)
        case ObjectIdentifier(Int32.self): (value as? Int32).map { .integer(Int64($0)) }
        case ObjectIdentifier(Int16.self): (value as? Int16).map { .integer(Int64($0)) }
        case ObjectIdentifier(Int8.self): (value as? Int8).map { .integer(Int64($0)) }
        case ObjectIdentifier(UInt32.self): (value as? UInt32).map { .integer(Int64($0)) }
        case ObjectIdentifier(UInt16.self): (value as? UInt16).map { .integer(Int64($0)) }
        case ObjectIdentifier(UInt8.self): (value as? UInt8).map { .integer(Int64($0)) }
        case ObjectIdentifier(Double.self): (value as? Double).map(PropertyListItem.real)
        case ObjectIdentifier(Float.self): (value as? Float).map { .real(Double($0)) }
        case ObjectIdentifier(Date.self): (value as? Date).map { .date($0.timeIntervalSinceReferenceDate) }
        case ObjectIdentifier(Data.self): (value as? Data).map(PropertyListItem.data)
        default: nil
        }
    }
}
