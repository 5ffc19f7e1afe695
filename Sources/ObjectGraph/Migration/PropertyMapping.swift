/// How one destination property gets its value from a source object. Core Data's
/// `NSPropertyMapping`, whose value expression is one of ``Value``'s cases.
public struct PropertyMapping: @unchecked Sendable {
    /// Where the value comes from.
    public enum Value: @unchecked Sendable {
        /// The source object's property of this name (the same name, or the one the destination
        /// property's renaming identifier gives): Core Data's `$source.name` expression.
        case sourceProperty(String)
        /// The destination attribute's default value, or nil when it has none.
        case defaultValue
        /// This value for every object (nil for none), of the destination attribute's type.
        case constant(Any?)
        /// The value this closure returns for each source object, given the object's attribute
        /// values by name (nil values left out). The closure of an `NSEntityMigrationPolicy`
        /// subclass's `createDestinationInstances`, for one attribute. A thrown error stops the
        /// migration (134110) and leaves the store as it was.
        case transform(@Sendable (_ sourceValues: [String: Any]) throws -> Any?)
    }

    /// The destination property's name.
    public var name: String
    /// Where its value comes from.
    public var value: Value

    /// A property mapping.
    public init(name: String, value: Value) {
        self.name = name
        self.value = value
    }

    /// The source property this mapping copies from, when it simply copies one.
    public var sourcePropertyName: String? {
        if case .sourceProperty(let name) = value { return name }
        return nil
    }
}
