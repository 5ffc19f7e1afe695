import Foundation
import ObjectGraph

/// Writes Swift classes for a model's entities, like Xcode's "Class Definition" code generation:
/// `Movie+CoreDataClass.swift` and `Movie+CoreDataProperties.swift` for each entity, and one
/// `<Model>Model.swift` whose `registerClasses()` makes fetches and inserts hand out the classes.
///
/// ```swift
/// let model = try ManagedObjectModel(contentsOf: URL(fileURLWithPath: "Theater.xcdatamodeld"))
/// let generator = try ClassGenerator(model: model, modelName: "Theater")
/// for file in generator.files() { print(file.name) }   // Movie+CoreDataClass.swift, …
/// ```
///
/// Each class is named by its entity's class name with the module dropped (`Theater.Movie` →
/// `Movie`), or by the entity's name when the model gives no class. Attributes become typed
/// properties: numbers and Booleans marked "Use Scalar Type" are non-optional (nil reads as 0 or
/// false); everything else is optional, as in Xcode, because a new object has no value until
/// one is set, whatever the model requires at `save()`. A property named like a Swift keyword is
/// declared in backticks; one named like a member of ``ManagedObject`` (`description`, `entity`,
/// `value`…) gets its kind appended (`descriptionAttribute`, `entityRelationship`) and says so
/// in its documentation.
public struct ClassGenerator {
    /// The model the classes are generated for.
    public let model: ManagedObjectModel
    /// The model's name (`Theater`): the registration enum is named `<modelName>Model`.
    public let modelName: String
    /// Where the model was read from, for the files' header (`Theater.xcdatamodeld`).
    public let sourceName: String
    /// The entities, by name, with the class each one generates.
    let classNames: [String: String]

    /// Types the generated code names: an entity class with one of these names would hide them.
    static let usedTypeNames: Set<String> = [
        "ManagedObject", "ManagedObjectContext", "ManagedObjectID", "ManagedObjectClassRegistry", "FetchRequest",
        "OrderedSet", "Set", "Array", "Int", "Int16", "Int32", "Int64", "Double", "Float", "Bool", "Decimal",
        "String", "Date", "Data", "UUID", "URL", "IndexSet", "Sendable", "Foundation", "ObjectGraph",
    ]

    /// Prepares the classes of `model`, checking that every entity gets a distinct, usable class name.
    ///
    /// - Parameters:
    ///   - modelName: the model's name; made into a type name (`Core-Data Editor` → `CoreDataEditor`).
    ///   - sourceName: the model file's name for the generated files' header; `modelName` when nil.
    /// - Throws: ``CodegenError`` naming the entities whose classes clash or cannot be declared.
    public init(model: ManagedObjectModel, modelName: String, sourceName: String? = nil) throws(CodegenError) {
        self.model = model
        self.modelName = SwiftIdentifier.typeName(from: modelName)
        self.sourceName = sourceName ?? modelName
        var names: [String: String] = [:]
        var entitiesByClass: [String: [String]] = [:]
        for entity in model.entities.sorted(by: { $0.name < $1.name }) {
            let name = Self.className(of: entity)
            guard SwiftIdentifier.isIdentifier(name), !SwiftIdentifier.keywords.contains(name),
                !SwiftIdentifier.reservedNames.contains(name)
            else { throw .invalidClassName(name, entity: entity.name) }
            guard !Self.usedTypeNames.contains(name), name != self.modelName + "Model" else {
                throw .reservedClassName(name, entity: entity.name)
            }
            names[entity.name] = name
            entitiesByClass[name, default: []].append(entity.name)
        }
        if let (name, entities) = entitiesByClass.filter({ $0.value.count > 1 }).min(by: { $0.key < $1.key }) {
            throw .duplicateClassName(name, entities: entities)
        }
        classNames = names
    }

    /// The model's name as the generator derives it from the model's file: the bundle or
    /// version folder's name (`Theater.xcdatamodeld` → `Theater`), or the file's own name
    /// without its extension for a bare `contents` file.
    public static func modelName(forModelAt url: URL) -> String {
        var file = url.standardizedFileURL
        if file.lastPathComponent == "contents" { file.deleteLastPathComponent() }
        return file.deletingPathExtension().lastPathComponent
    }

    /// The name of the class generated for `entity`: its class name without the module, or the
    /// entity's name when the model names no class (`ManagedObject`, `NSManagedObject` or none).
    public static func className(of entity: EntityDescription) -> String {
        let declared = entity.managedObjectClassName
        guard !["", "ManagedObject", "NSManagedObject"].contains(declared) else { return entity.name }
        // Xcode writes `Movie`, `MyApp.Movie` or `$(PRODUCT_MODULE_NAME).Movie`.
        return declared.split(separator: ".").last.map(String.init) ?? entity.name
    }

    /// The name of the registration enum: `<modelName>Model`.
    public var registrationTypeName: String { modelName + "Model" }

    /// The generated files: a class file and a properties file per entity, in entity-name
    /// order, then the registration file.
    public func files() -> [GeneratedFile] {
        let entities = model.entities.sorted { $0.name < $1.name }
        var files: [GeneratedFile] = []
        for entity in entities {
            let name = className(entity)
            files.append(file("\(name)+CoreDataClass.swift", body: classDeclaration(of: entity)))
            files.append(file("\(name)+CoreDataProperties.swift", body: propertiesDeclaration(of: entity)))
        }
        files.append(file("\(registrationTypeName).swift", body: registrationDeclaration()))
        return files
    }

    /// Every generated declaration in one file named `name`, for build tools that must name
    /// their outputs before they read the model (the SwiftPM plugin).
    public func singleFile(named name: String) -> GeneratedFile {
        let parts = files().map { file in
            ["// MARK: - \(file.name)", ""]
                + file.contents.split(separator: "\n", omittingEmptySubsequences: false)
                .drop { !$0.hasPrefix("import ObjectGraph") }.dropFirst(2).map(String.init)
        }
        let body = parts.map { $0.joined(separator: "\n") }.joined(separator: "\n")
        return GeneratedFile(name: name, contents: header(name) + body)
    }

    // MARK: - Files

    /// The class generated for `entity`.
    func className(_ entity: EntityDescription) -> String {
        classNames[entity.name] ?? entity.name
    }

    /// A file named `name` with the header, the imports and `body`.
    private func file(_ name: String, body: [String]) -> GeneratedFile {
        GeneratedFile(name: name, contents: header(name) + body.joined(separator: "\n") + "\n")
    }

    /// The lines every file starts with: where it came from, and the imports.
    private func header(_ name: String) -> String {
        """
        // \(name)
        // Generated by `companion model codegen` from \(sourceName).
        // Do not edit: change the model and generate again.

        import Foundation
        import ObjectGraph


        """
    }

    // MARK: - Registration

    /// The enum whose `registerClasses()` registers every class for its entity.
    private func registrationDeclaration() -> [String] {
        var lines = [
            "/// The classes generated for the \(modelName) model.",
            "public enum \(registrationTypeName) {",
            "    /// Registers every generated class for its entity, so inserts and fetches hand out these",
            "    /// classes instead of plain `ManagedObject`s. Call it once at start-up, before the first fetch.",
            "    public static func registerClasses(in registry: ManagedObjectClassRegistry = .shared) {",
        ]
        for entity in model.entities.sorted(by: { $0.name < $1.name }) {
            lines.append("        registry.register(\(className(entity)).self, forEntityName: \(literal(entity.name)))")
        }
        return lines + ["    }", "}"]
    }

    // MARK: - Text helpers

    /// `text` as a Swift string literal.
    func literal(_ text: String) -> String {
        "\""
            + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
            .replacingOccurrences(of: "\n", with: "\\n") + "\""
    }

    /// `text` as `///` lines indented by `indent`.
    func documentation(_ text: String, indent: String = "") -> [String] {
        text.split(separator: "\n", omittingEmptySubsequences: false).map {
            $0.isEmpty ? indent + "///" : indent + "/// " + $0
        }
    }

    /// The documentation the model gives in a user-info entry, if any: the first of the keys
    /// `documentation`, `doc`, `comment`, `description` that is present and not empty.
    func userDocumentation(_ userInfo: [String: String]) -> String? {
        for key in ["documentation", "doc", "comment", "description"] {
            if let text = userInfo[key]?.trimmingCharacters(in: .whitespacesAndNewlines), !text.isEmpty {
                return text
            }
        }
        return nil
    }
}
