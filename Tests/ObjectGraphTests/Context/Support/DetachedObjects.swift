import Foundation
import Testing

@testable import ObjectGraph

/// Objects of a one-entity model that belong to no context, for tests of the bookkeeping types
/// a context keeps its objects in.
enum DetachedObjects {
    /// `count` objects of the entity `Movie`, with their model (objects do not keep their model
    /// alive, so the caller holds it).
    static func make(_ count: Int) throws -> (ManagedObjectModel, [ManagedObject]) {
        let (model, entity) = try movieEntity()
        return (model, (0..<count).map { _ in ManagedObject(entity: entity, insertInto: nil) })
    }

    /// A model of one attribute-less entity `Movie`, and that entity (the caller holds the model:
    /// an entity does not keep it alive).
    static func movieEntity() throws -> (ManagedObjectModel, EntityDescription) {
        let model = try ManagedObjectModel(entities: [EntityDescription(name: "Movie")])
        return (model, try #require(model.entitiesByName["Movie"]))
    }
}
