import Foundation

/// An attribute of an entity: a typed value such as a name, a date or a picture.
///
/// Values travel as these Swift types: integers and booleans as `Int` and `Bool`, `decimal` as
/// `Decimal`, `double` as `Double`, `float` as `Float`, `string` as `String`, `date` as `Date`,
/// `binaryData` and `transformable` as `Data`, `uuid` as `UUID`, `uri` as `URL`.
///
/// ```swift
/// let name = AttributeDescription(name: "name", type: .string, isOptional: false, minValue: 1)
/// ```
public final class AttributeDescription: PropertyDescription, @unchecked Sendable {
    /// The attribute's type.
    public let attributeType: AttributeType
    /// The value a new object starts with, of the Swift type listed above, or nil.
    public let defaultValue: Any?
    /// The smallest allowed value: a number of the attribute's Swift type, a `Date` for dates, or an
    /// `Int` length (characters for strings, bytes for binary data). Nil when unbounded.
    public let minValue: Any?
    /// The largest allowed value, in the same form as ``minValue``. Nil when unbounded.
    public let maxValue: Any?
    /// A regular expression every string value must match, or nil.
    public let regularExpression: String?
    /// Whether large binary values may be kept in files beside the store (still hashed).
    public let allowsExternalBinaryDataStorage: Bool
    /// Whether persistent history keeps this value after the object is deleted (`preserveAfterDeletion`).
    public let preservesValueInHistoryOnDeletion: Bool
    /// The name of the value transformer of a transformable attribute, or nil for the default one.
    public let valueTransformerName: String?
    /// The class name of a transformable value (`customClassName` in Xcode's XML), or nil.
    public let attributeValueClassName: String?
    /// For a derived attribute, the expression it is computed from (`pages.@count`), else nil.
    public let derivationExpression: String?
    /// For a derived attribute, an optional predicate filtering what the expression sees.
    public let derivationFilterPredicate: String?
    /// Whether generated code uses a scalar (`Int64`) rather than an object (`NSNumber`) for it.
    public let usesScalarValueType: Bool
    /// Whether an old model marked the attribute "Indexed" (modern models use fetch indexes).
    public let isIndexed: Bool

    /// Whether the attribute is derived from others by an expression (and so read-only).
    public var isDerived: Bool { derivationExpression != nil }

    /// Whether the attribute has neither a ``minValue`` nor a ``maxValue``: worked out once, since
    /// asking either of them copies an `Any` (validating a save asks for every object).
    let isUnbounded: Bool

    /// Describes an attribute; every argument but the name and type has Core Data's default.
    public init(
        name: String, type: AttributeType, isOptional: Bool = true, isTransient: Bool = false,
        defaultValue: Any? = nil, minValue: Any? = nil, maxValue: Any? = nil, regularExpression: String? = nil,
        allowsExternalBinaryDataStorage: Bool = false, preservesValueInHistoryOnDeletion: Bool = false,
        valueTransformerName: String? = nil, attributeValueClassName: String? = nil,
        derivationExpression: String? = nil, derivationFilterPredicate: String? = nil,
        usesScalarValueType: Bool = false, isIndexed: Bool = false,
        userInfo: [String: String] = [:], versionHashModifier: String? = nil, renamingIdentifier: String? = nil
    ) {
        self.attributeType = type
        self.defaultValue = defaultValue
        self.minValue = minValue
        self.maxValue = maxValue
        self.isUnbounded = minValue == nil && maxValue == nil
        self.regularExpression = regularExpression
        self.allowsExternalBinaryDataStorage = allowsExternalBinaryDataStorage
        self.preservesValueInHistoryOnDeletion = preservesValueInHistoryOnDeletion
        self.valueTransformerName = valueTransformerName
        self.attributeValueClassName = attributeValueClassName
        self.derivationExpression = derivationExpression
        self.derivationFilterPredicate = derivationFilterPredicate
        self.usesScalarValueType = usesScalarValueType
        self.isIndexed = isIndexed
        super.init(
            name: name, isOptional: isOptional, isTransient: isTransient, isReadOnly: derivationExpression != nil,
            userInfo: userInfo, versionHashModifier: versionHashModifier, renamingIdentifier: renamingIdentifier)
    }
}
