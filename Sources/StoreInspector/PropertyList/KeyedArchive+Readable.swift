import Foundation

extension KeyedArchive {
    /// The whole archive turned into a readable tree: collections become arrays and dictionaries,
    /// strings, numbers, dates, UUIDs and URLs become plain values, and any other object becomes
    /// `.object(className:fields:)`. Cycles are cut with a `<cycle: Class>` marker, depth is
    /// capped, and so is the number of values produced: an archive whose collections list the same
    /// objects many times over (each shared object appears everywhere it is referenced) would
    /// otherwise grow the tree exponentially. Past the budget, values read `<too many values>`.
    public var readableRoot: PropertyListValue {
        var budget = Self.maximumValues
        return readableRoot(budget: &budget)
    }

    /// ``readableRoot``, spending from a budget of values shared with other archives.
    func readableRoot(budget: inout Int) -> PropertyListValue {
        guard let rootReference = top["root"] else { return .null }
        return readable(resolve(rootReference), visiting: [], depth: 0, budget: &budget)
    }

    private static let maximumDepth = 64

    /// The most values one readable tree holds. The archives apps keep in store metadata hold tens
    /// to hundreds; a fuzzed model cache of 7 KB reached this many in a fraction of a second, and
    /// ten times as many took seconds (it is the only budget between them and the terminal).
    static let maximumValues = 20_000

    private func readable(_ value: ArchivedValue, visiting: Set<Int>, depth: Int, budget: inout Int)
        -> PropertyListValue
    {
        guard depth < Self.maximumDepth else { return .string("<nested too deeply>") }
        guard budget > 0 else { return .string("<too many values>") }
        budget -= 1
        guard let object = value.asObject else {
            switch value.value {
            case .array(let items):
                return .array(
                    items.map { readable(resolve($0), visiting: visiting, depth: depth + 1, budget: &budget) })
            case .dictionary(let entries):
                return .dictionary(
                    entries.map {
                        ($0.key, readable(resolve($0.value), visiting: visiting, depth: depth + 1, budget: &budget))
                    })
            default:
                return value.value
            }
        }
        if let index = object.index, visiting.contains(index) {
            return .string("<cycle: \(object.className)>")
        }
        var inside = visiting
        if let index = object.index { inside.insert(index) }
        let next = depth + 1
        switch object.className {
        case "NSArray", "NSMutableArray", "NSSet", "NSMutableSet", "NSOrderedSet", "NSMutableOrderedSet":
            return .array(object.arrayElements.map { readable($0, visiting: inside, depth: next, budget: &budget) })
        case "NSDictionary", "NSMutableDictionary":
            return .dictionary(
                object.dictionaryEntries.map { entry in
                    let key =
                        entry.key.string
                        ?? Self.flatText(readable(entry.key, visiting: inside, depth: next, budget: &budget))
                    return (key, readable(entry.value, visiting: inside, depth: next, budget: &budget))
                })
        case "NSString", "NSMutableString":
            return object["NS.string"].string.map(PropertyListValue.string) ?? .null
        case "NSData", "NSMutableData":
            return object["NS.data"].value
        case "NSDate":
            guard case .real(let seconds) = object["NS.time"].value else { return .null }
            return .date(Date(timeIntervalSinceReferenceDate: seconds))
        case "NSUUID":
            guard let bytes = object["NS.uuidbytes"].value.dataValue, bytes.count == 16 else { return .null }
            return .string(UUID(uuid: bytes.withUnsafeBytes { $0.loadUnaligned(as: uuid_t.self) }).uuidString)
        case "NSURL":
            let relative = object["NS.relative"].string ?? ""
            let base = object["NS.base"].string
            return .string(base.map { $0 + " + " + relative } ?? relative)
        default:
            let fields = object.keys.sorted().map { key in
                (key, readable(object[key], visiting: inside, depth: next, budget: &budget))
            }
            return .object(className: object.className, fields: fields)
        }
    }

    private static func flatText(_ value: PropertyListValue) -> String {
        switch value {
        case .string(let text): return text
        case .integer(let number): return String(number)
        default: return String(describing: value)
        }
    }
}
