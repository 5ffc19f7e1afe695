import ObjectGraph

extension ClassGenerator {
    /// `Movie+CoreDataClass.swift`: the class, its superclass and `init(context:)`.
    ///
    /// A class is `final` unless other entities inherit from its entity; a subentity's class
    /// inherits from its parent's. Every class restates `@unchecked Sendable`, as
    /// ``ManagedObject`` asks of its subclasses.
    func classDeclaration(of entity: EntityDescription) -> [String] {
        let name = className(entity)
        let superclass = entity.superentity.map(className) ?? "ManagedObject"
        let modifiers = entity.subentities.isEmpty ? "public final class" : "public class"
        let summary =
            userDocumentation(entity.userInfo)
            ?? "An object of the \(entity.isAbstract ? "abstract " : "")`\(entity.name)` entity of the \(modelName) model."
        var lines = documentation(summary) + ["\(modifiers) \(name): \(superclass), @unchecked Sendable {"]
        // In an inheritance chain `fetchRequest()` is a class method here, not a static one in
        // the properties' extension: methods declared in extensions cannot be overridden.
        if entity.superentity != nil {
            lines += fetchRequestDeclaration(of: entity, modifiers: "override public class func") + [""]
        } else if !entity.subentities.isEmpty {
            lines += fetchRequestDeclaration(of: entity, modifiers: "public class func") + [""]
        }
        return lines + [
            "    /// Makes an object of the `\(entity.name)` entity and inserts it into `context`, like Core Data's",
            "    /// `init(context:)`. The context's model must have the entity; it reaches the store at `save()`.",
            "    public convenience init(context: ManagedObjectContext) {",
            "        guard let entity = context.managedObjectModel.entitiesByName[\(literal(entity.name))] else {",
            "            preconditionFailure(\(literal("the context's model has no entity '\(entity.name)'")))",
            "        }",
            "        self.init(entity: entity, insertInto: context)",
            "    }",
            "}",
        ]
    }
}
