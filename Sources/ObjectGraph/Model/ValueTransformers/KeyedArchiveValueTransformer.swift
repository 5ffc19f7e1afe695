import Foundation

/// The keyed-archiving transformer Core Data uses by default: a value is written as an
/// `NSKeyedArchiver` archive (the `bplist00` bytes with `$archiver`, `$objects`, `$top` that Apple's
/// stores hold) and read back with `NSKeyedUnarchiver`.
///
/// Values are the property-list kinds Foundation on Linux can archive: strings, numbers, booleans,
/// dates, data, URLs, and arrays and dictionaries of them (Swift or `NS` types). Archives that hold
/// other classes (an iPhone's `UIColor`, an app's own `NSCoding` class) cannot be unarchived here;
/// reading such a value gives the archive's bytes as `Data` instead, so nothing is lost and the
/// inspector can still show it. Writing a value that cannot be archived is refused by the save
/// (the store reports the attribute and the value's type).
public final class KeyedArchiveValueTransformer: ObjectValueTransformer, @unchecked Sendable {
    /// The classes an archive may contain when it is read back.
    private static let readableClasses: [AnyClass] = [
        NSArray.self, NSDictionary.self, NSSet.self, NSString.self, NSNumber.self, NSDate.self, NSData.self,
        NSURL.self, NSUUID.self, NSNull.self,
    ]

    /// Makes the transformer (registered under both archiving names from the start).
    public override init() {}

    /// The archive of `value` as `Data`; nil for nil, or for a value Foundation cannot archive.
    public override func transformedValue(_ value: Any?) -> Any? {
        guard let value, !(value is NSNull) else { return nil }
        guard let object = Self.archivableObject(value) else { return nil }
        return try? NSKeyedArchiver.archivedData(withRootObject: object, requiringSecureCoding: true)
    }

    /// The value unarchived from `value` (`Data`), in Swift's types where they exist (`String`,
    /// `[Any]`, `[String: Any]`, …); the bytes themselves when they are not an archive this
    /// platform can read.
    public override func reverseTransformedValue(_ value: Any?) -> Any? {
        guard let data = value as? Data else { return value }
        guard let object = try? NSKeyedUnarchiver.unarchivedObject(ofClasses: Self.readableClasses, from: data)
        else { return data }
        return Self.swiftValue(object)
    }

    // MARK: - Between Swift values and Foundation objects

    /// `value` as an `NSObject` graph the archiver can write, or nil when some part cannot be.
    private static func archivableObject(_ value: Any) -> NSObject? {
        switch value {
        case let text as String: return NSString(string: text)
        case let flag as Bool: return NSNumber(value: flag)
        case let number as Int: return NSNumber(value: number)
        case let number as Int64: return NSNumber(value: number)
        case let number as Int32: return NSNumber(value: number)
        case let number as Int16: return NSNumber(value: number)
        case let number as Double: return NSNumber(value: number)
        case let number as Float: return NSNumber(value: number)
        case let date as Date: return NSDate(timeIntervalSinceReferenceDate: date.timeIntervalSinceReferenceDate)
        case let data as Data: return NSData(data: data)
        case let url as URL: return NSURL(string: url.absoluteString)
        case let uuid as UUID: return NSUUID(uuidString: uuid.uuidString)
        case let array as [Any]:
            var objects: [NSObject] = []
            for element in array {
                guard let object = archivableObject(element) else { return nil }
                objects.append(object)
            }
            return NSArray(array: objects)
        case let dictionary as [String: Any]:
            let result = NSMutableDictionary()
            for (key, element) in dictionary {
                guard let object = archivableObject(element) else { return nil }
                result[NSString(string: key)] = object
            }
            return result
        case let object as NSObject
        where object is NSNumber || object is NSString || object is NSArray
            || object is NSDictionary || object is NSDate || object is NSData || object is NSURL:
            return object
        default:
            return nil
        }
    }

    /// `object` in Swift's own types, element by element.
    private static func swiftValue(_ object: Any) -> Any {
        switch object {
        case let text as NSString: return String(text)
        case let date as NSDate: return Date(timeIntervalSinceReferenceDate: date.timeIntervalSinceReferenceDate)
        case let data as NSData: return Data(referencing: data)
        case let url as NSURL: return url.absoluteURL ?? url
        case let uuid as NSUUID: return UUID(uuidString: uuid.uuidString) ?? uuid
        case let array as NSArray: return array.map { swiftValue($0) }
        case let dictionary as NSDictionary:
            var result: [String: Any] = [:]
            for (key, element) in dictionary {
                result[String(describing: key)] = swiftValue(element)
            }
            return result
        default:
            return object
        }
    }
}
