/// Why classes cannot be generated for a model: each case names the entities at fault.
public enum CodegenError: Error, Equatable, Sendable, CustomStringConvertible {
    /// Two or more entities would generate the same Swift class.
    case duplicateClassName(String, entities: [String])
    /// An entity's class would hide a type the generated code uses (`Date`, `Set`, `ManagedObject`…).
    case reservedClassName(String, entity: String)
    /// The name of an entity or of its class is not a Swift identifier.
    case invalidClassName(String, entity: String)

    /// One line a student understands: what clashed, and what to change in the model.
    public var description: String {
        switch self {
        case .duplicateClassName(let name, let entities):
            let names = entities.map { "'\($0)'" }
            let list = names.dropLast().joined(separator: ", ") + " and " + (names.last ?? "")
            return "entities \(list) would both generate the class '\(name)'; "
                + "give them different class names in the model"
        case .reservedClassName(let name, let entity):
            return "entity '\(entity)' would generate the class '\(name)', which hides the type '\(name)' "
                + "the generated code uses; give it another class name in the model"
        case .invalidClassName(let name, let entity):
            return "entity '\(entity)' has the class name '\(name)', which is not a Swift type name; "
                + "give it another class name in the model"
        }
    }
}
