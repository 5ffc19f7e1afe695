import Foundation

extension SQLiteValueConversion {
    /// What the store keeps for `value` of the transformable `attribute`: the value passed through
    /// the transformer the attribute names when one is registered (``ObjectValueTransformer``),
    /// else the value itself.
    static func storedValue(_ value: Any?, ofTransformable attribute: AttributeDescription) -> Any? {
        guard let value, let name = attribute.valueTransformerName,
            let transformer = ObjectValueTransformer.valueTransformer(forName: name)
        else { return value }
        return transformer.transformedValue(value)
    }

    /// The attribute's value made from the `stored` bytes of a transformable column: through the
    /// transformer named `transformerName` when one is registered, else the bytes themselves.
    static func objectValue(_ stored: Any?, transformerName: String?) -> Any? {
        guard let stored, let transformerName,
            let transformer = ObjectValueTransformer.valueTransformer(forName: transformerName)
        else { return stored }
        return transformer.reverseTransformedValue(stored)
    }
}
