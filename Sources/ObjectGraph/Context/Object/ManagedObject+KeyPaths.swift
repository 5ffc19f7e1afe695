import Foundation

extension ManagedObject {
    /// The value at a dotted key path: `"theater.name"` follows to-one relationships;
    /// through a to-many relationship the result collects the members' values as Foundation's
    /// collections do, leaving out nils and repeats: a `Set<AnyHashable>` through an unordered
    /// relationship (`"movies.name"` → the set of names, `as? Set<String>`), an array in member
    /// order through an ordered one. The collection operators `@count`, `@sum`, `@avg`, `@min` and
    /// `@max` reduce a to-many relationship over every member: `"movies.@count"`,
    /// `"movies.@sum.runtime"`. The union operators gather the members' values as an array, as
    /// Foundation's do: `"movies.@unionOfObjects.name"` keeps repeats, `"movies.@distinctUnionOfObjects.name"`
    /// drops them (both leave out nils); `@unionOfArrays`, `@distinctUnionOfArrays` and
    /// `@distinctUnionOfSets` join collections the members hold (`"theaters.@distinctUnionOfSets.movies"`).
    ///
    /// Nil when any step is nil or names no property.
    public func value(forKeyPath keyPath: String) -> Any? {
        let components = keyPath.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        return Self.resolve(self, components[...])
    }

    private static func resolve(_ value: Any?, _ components: ArraySlice<String>) -> Any? {
        guard let first = components.first else { return value }
        let rest = components.dropFirst()
        if first.hasPrefix("@") {
            guard let elements = elements(of: value) else { return nil }
            return aggregate(first, elements.map { resolve($0, rest) })
        }
        if let object = value as? ManagedObject {
            return resolve(object.value(forKey: first), rest)
        }
        if let elements = elements(of: value) {
            return collected(elements.compactMap { resolve($0, components) }, readFrom: value)
        }
        return nil
    }

    /// The values read from the members of `collection`, gathered as Foundation's KVC gathers them:
    /// a set from a set (`NSSet`), distinct values in order from an ordered set (`NSOrderedSet`),
    /// every value from an array. A set whose values are not all hashable stays an array.
    private static func collected(_ values: [Any], readFrom collection: Any?) -> Any {
        switch collection {
        case is Set<ManagedObject>, is Set<AnyHashable>:
            let hashable = values.compactMap { $0 as? AnyHashable }
            return hashable.count == values.count ? Set(hashable) : values
        case is OrderedSet<ManagedObject>:
            return distinct(values)
        default:
            return values
        }
    }

    /// The members of a to-many value or of a collection a key path gathered, or nil for a single value.
    private static func elements(of value: Any?) -> [Any]? {
        switch value {
        case let objects as Set<ManagedObject>: return Array(objects)
        case let objects as OrderedSet<ManagedObject>: return objects.elements
        case let values as Set<AnyHashable>: return values.map(\.base)
        case let values as [Any]: return values
        default: return nil
        }
    }

    /// Applies a collection operator to the values it reduces (nils are skipped, as in Foundation).
    private static func aggregate(_ operation: String, _ values: [Any?]) -> Any? {
        let present = values.compactMap { $0 }
        switch operation {
        case "@count":
            return values.count
        case "@sum":
            return NumericAggregate(present).sum
        case "@avg":
            return NumericAggregate(present).average
        case "@min":
            return present.min { ObjectSortDescriptor.Comparison.compare.compare($0, $1) == .orderedAscending }
        case "@max":
            return present.max { ObjectSortDescriptor.Comparison.compare.compare($0, $1) == .orderedAscending }
        case "@unionOfObjects":
            return present
        case "@distinctUnionOfObjects":
            return distinct(present)
        case "@unionOfArrays":
            return present.flatMap { elements(of: $0) ?? [$0] }
        case "@distinctUnionOfArrays":
            return distinct(present.flatMap { elements(of: $0) ?? [$0] })
        case "@distinctUnionOfSets":
            // NSSet's operator answers a set; values that cannot be hashed keep it an array.
            return collected(distinct(present.flatMap { elements(of: $0) ?? [$0] }), readFrom: Set<AnyHashable>())
        default:
            return nil
        }
    }

    /// `values` without repeats, in their order (a value that cannot be hashed is kept).
    private static func distinct(_ values: [Any]) -> [Any] {
        var seen: Set<AnyHashable> = []
        return values.filter { value in (value as? AnyHashable).map { seen.insert($0).inserted } ?? true }
    }
}

/// Sums and averages numbers of mixed types the way Core Data reports them: integers stay `Int`,
/// any `Decimal` makes the result `Decimal`, any floating-point value makes it `Double`.
private struct NumericAggregate {
    private var integers: [Int] = []
    private var doubles: [Double] = []
    private var decimals: [Decimal] = []

    init(_ values: [Any]) {
        for value in values {
            switch value {
            case let number as Int: integers.append(number)
            case let flag as Bool: integers.append(flag ? 1 : 0)
            case let number as Double: doubles.append(number)
            case let number as Float: doubles.append(Double(number))
            case let number as Decimal: decimals.append(number)
            default: continue
            }
        }
    }

    private var count: Int { integers.count + doubles.count + decimals.count }

    var sum: Any {
        if !decimals.isEmpty {
            return decimals.reduce(0, +) + integers.reduce(Decimal(0)) { $0 + Decimal($1) }
                + Decimal(doubles.reduce(0, +))
        }
        var total = 0
        for number in integers {
            let (next, overflow) = total.addingReportingOverflow(number)
            // Integers too large to add exactly fall back to floating point rather than trapping.
            if overflow { return doubles.reduce(0, +) + integers.reduce(0.0) { $0 + Double($1) } }
            total = next
        }
        if !doubles.isEmpty { return doubles.reduce(0, +) + Double(total) }
        return total
    }

    var average: Any {
        guard count > 0 else { return 0 }
        if !decimals.isEmpty, let total = sum as? Decimal { return total / Decimal(count) }
        switch sum {
        case let total as Int: return Double(total) / Double(count)
        case let total as Double: return total / Double(count)
        default: return 0
        }
    }
}
