/// Why a managed object model could not be built or read.
///
/// Each case carries the names needed to find the problem, and ``description`` says it in one
/// sentence. The file path is not part of the message: whoever reads the file names it (the CLI
/// prints `companion: <path>: <message>`).
public enum ModelError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The model file is not well-formed XML.
    case malformedXML(line: Int, column: Int, reason: String)
    /// The XML is well-formed but is not an Xcode model (wrong root element, missing attribute…).
    case notAModel(reason: String)
    /// A value in the model XML cannot be understood (`maxCount="many"`).
    case invalidValue(element: String, attribute: String, value: String)
    /// The model is in the binary format Xcode 3 wrote, which Xcode itself no longer reads.
    case binaryXcode3Model
    /// The model file or bundle cannot be read.
    case unreadable(path: String, reason: String)
    /// An attribute names a type Core Data does not have.
    case unknownAttributeType(entity: String, attribute: String, type: String)
    /// A relationship's destination entity is not in the model.
    case unknownDestinationEntity(entity: String, relationship: String, destination: String)
    /// A relationship's inverse is not a relationship of its destination entity.
    case unknownInverseRelationship(entity: String, relationship: String, destination: String, inverse: String)
    /// A relationship's `inverseEntity` (in a model file) is not its destination: the entity is
    /// not in the model, or the inverse is looked for on an entity the relationship does not reach.
    case inverseEntityNotDestination(entity: String, relationship: String, destination: String, inverseEntity: String)
    /// An entity's parent entity is not in the model.
    case unknownParentEntity(entity: String, parent: String)
    /// A uniqueness constraint, fetch index or configuration names something that is not there.
    case unknownName(entity: String, name: String, usedBy: String)
    /// A fetch request template or configuration names an entity that is not in the model.
    case unknownEntity(name: String, usedBy: String)
    /// Two entities share a name.
    case duplicateEntity(name: String)
    /// Two properties of one entity (its inherited ones included) share a name.
    case duplicateProperty(entity: String, property: String)
    /// Entities are each other's parents, directly or through others (listed in cycle order).
    case parentEntityCycle(entities: [String])
    /// An entity description was given to a second model; each entity belongs to one model.
    case entityAlreadyInAModel(name: String)
    /// A model file names an entity, or a property of `entity`, with something that is not an
    /// identifier (empty, or with spaces or punctuation): its table or column would be broken.
    case invalidName(String, entity: String?)

    /// The problem, in one sentence a student understands.
    public var description: String {
        switch self {
        case .malformedXML(let line, let column, let reason):
            "malformed XML at line \(line), column \(column): \(reason)"
        case .notAModel(let reason):
            "not a Core Data model: \(reason)"
        case .invalidValue(let element, let attribute, let value):
            "\(element): \(attribute)=\"\(value)\" is not a valid value"
        case .binaryXcode3Model:
            "this is a binary model written by Xcode 3, which cannot be read; open and re-save it in a newer Xcode"
        case .unreadable(let path, let reason):
            "cannot read \(path): \(reason)"
        case .unknownAttributeType(let entity, let attribute, let type):
            "attribute \(entity).\(attribute) has unknown type \"\(type)\""
        case .unknownDestinationEntity(let entity, let relationship, let destination):
            "relationship \(entity).\(relationship) points to entity \"\(destination)\", which is not in the model"
        case .unknownInverseRelationship(let entity, let relationship, let destination, let inverse):
            "relationship \(entity).\(relationship) names inverse \"\(inverse)\", "
                + "which is not a relationship of \(destination)"
        case .inverseEntityNotDestination(let entity, let relationship, let destination, let inverseEntity):
            "relationship \(entity).\(relationship) names inverse entity \"\(inverseEntity)\", but its destination is "
                + "\(destination) (an inverse belongs to the destination entity)"
        case .unknownParentEntity(let entity, let parent):
            "entity \(entity) has parent entity \"\(parent)\", which is not in the model"
        case .unknownName(let entity, let name, let usedBy):
            "\(usedBy) of entity \(entity) names \"\(name)\", which is not a property of \(entity)"
        case .unknownEntity(let name, let usedBy):
            "\(usedBy) names entity \"\(name)\", which is not in the model"
        case .duplicateEntity(let name):
            "the model has more than one entity named \"\(name)\""
        case .duplicateProperty(let entity, let property):
            "entity \(entity) has more than one property named \"\(property)\" (inherited ones included)"
        case .parentEntityCycle(let entities):
            "parent entities form a cycle: \((entities + entities.prefix(1)).joined(separator: " → "))"
        case .entityAlreadyInAModel(let name):
            "entity \(name) already belongs to another model; make a new EntityDescription for each model"
        case .invalidName(let name, let entity):
            (entity.map { "entity \($0) has a property named \"\(name)\"" } ?? "an entity is named \"\(name)\"")
                + ", which is not a name (use letters, digits and _, not starting with a digit)"
        }
    }
}
