import ObjectGraph

extension AttributeDescription {
    /// The Swift type of a non-optional scalar, and the value a nil reads as, for the attribute
    /// types Xcode can generate as scalars (numbers and Booleans with "Use Scalar Type" ticked).
    var scalarType: (name: String, zero: String)? {
        guard usesScalarValueType else { return nil }
        switch attributeType {
        case .integer16: return ("Int16", "0")
        case .integer32: return ("Int32", "0")
        case .integer64: return ("Int64", "0")
        case .double: return ("Double", "0")
        case .float: return ("Float", "0")
        case .boolean: return ("Bool", "false")
        default: return nil
        }
    }

    /// The Swift type the value is read as, without the optional: what Xcode generates, with
    /// Swift value types where Xcode would use `NSNumber` or `NSDecimalNumber`.
    var valueTypeName: String {
        switch attributeType {
        case .integer16: "Int16"
        case .integer32: "Int32"
        case .integer64: "Int64"
        case .double: "Double"
        case .float: "Float"
        case .boolean: "Bool"
        case .decimal: "Decimal"
        case .string: "String"
        case .date: "Date"
        case .binaryData: "Data"
        case .uuid: "UUID"
        case .uri: "URL"
        case .objectID: "ManagedObjectID"
        case .transformable, .undefined: "Any"
        }
    }
}
