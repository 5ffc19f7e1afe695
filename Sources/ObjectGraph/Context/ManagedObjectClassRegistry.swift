import Foundation

/// Which ``ManagedObject`` subclass represents which entity, so fetches and inserts hand out
/// typed objects (Core Data finds the class through the entity's class name; Swift on Linux
/// cannot look classes up by name, so subclasses are registered once at start-up).
///
/// ```swift
/// final class Movie: ManagedObject, @unchecked Sendable {
///     var name: String? {
///         get { value(forKey: "name", as: String.self) }
///         set { setValue(newValue, forKey: "name") }
///     }
/// }
/// ManagedObjectClassRegistry.shared.register(Movie.self, forEntityName: "Movie")
/// let movies = try context.fetch(FetchRequest(entityName: "Movie"), as: Movie.self)
/// ```
///
/// A class registered by entity name wins; otherwise a class registered under the entity's
/// `managedObjectClassName` exactly (`Theater.Movie`), then under its last dot-separated part
/// (`Movie`), since Xcode writes the class name with or without the module.
/// The registry is shared by every model and context and guarded by a lock.
public final class ManagedObjectClassRegistry: @unchecked Sendable {
    /// The registry every context uses.
    public static let shared = ManagedObjectClassRegistry()

    private let lock = NSLock()
    private var classesByEntityName: [String: ManagedObject.Type] = [:]
    private var classesByClassName: [String: ManagedObject.Type] = [:]

    /// Makes an empty registry (tests may use their own; contexts use ``shared``).
    public init() {}

    /// Registers `type` for the entity named `entityName` (in any model).
    public func register(_ type: ManagedObject.Type, forEntityName entityName: String) {
        lock.lock()
        defer { lock.unlock() }
        classesByEntityName[entityName] = type
    }

    /// Registers `type` under its own class name, for entities whose `managedObjectClassName`
    /// (Xcode's "Class" field) names it, with or without the module (`Movie`, `MyApp.Movie`).
    public func register(_ type: ManagedObject.Type) {
        register(type, forClassName: String(describing: type))
        register(type, forClassName: String(reflecting: type))
    }

    /// Registers `type` for entities whose `managedObjectClassName` is exactly `className`.
    public func register(_ type: ManagedObject.Type, forClassName className: String) {
        lock.lock()
        defer { lock.unlock() }
        classesByClassName[className] = type
    }

    /// The class objects of `entity` are made from: the registered subclass, else ``ManagedObject``.
    public func objectClass(for entity: EntityDescription) -> ManagedObject.Type {
        lock.lock()
        defer { lock.unlock() }
        if let type = classesByEntityName[entity.name] { return type }
        if let type = classesByClassName[entity.managedObjectClassName] { return type }
        let shortName = entity.managedObjectClassName.split(separator: ".").last.map(String.init) ?? ""
        return classesByClassName[shortName] ?? ManagedObject.self
    }

    /// The name of the entity of `model` whose objects are made from `type`, if any.
    public func entityName(for type: ManagedObject.Type, in model: ManagedObjectModel) -> String? {
        model.entities.first { objectClass(for: $0) == type }?.name
    }
}
