/// The links between the descriptions of one built model, owned by its ``ManagedObjectModel``.
///
/// Descriptions point back up (entity → model and parent, property → entity, relationship →
/// destination and inverse) through a weak reference to this object plus indexes into
/// ``entities``, never through weak references to each other. A Swift object that is the target
/// of a weak reference moves its reference count to a side table, which makes every retain and
/// release of it slower; entity descriptions are retained by every managed object and object ID,
/// so they must stay free of weak references. Once the model is gone the graph goes with it and
/// every back-pointer reads nil, exactly as the weak references did.
///
/// `@unchecked Sendable`: ``entities`` never changes; ``model`` is set once, in the model's initializer.
final class ModelGraph: @unchecked Sendable {
    /// The model's entities, in the model's order; the indexes descriptions hold point here.
    let entities: [EntityDescription]
    /// Every entity's own relationships, entity by entity in model order, for inverses to point at
    /// by index (typed, so reading an inverse needs no cast).
    let relationships: [RelationshipDescription]
    /// The model that owns this graph.
    weak var model: ManagedObjectModel?

    init(entities: [EntityDescription]) {
        self.entities = entities
        self.relationships = entities.flatMap(\.ownRelationships)
    }

    /// The entity at `index`, or nil for an index this graph does not have.
    func entity(at index: Int?) -> EntityDescription? {
        guard let index, entities.indices.contains(index) else { return nil }
        return entities[index]
    }

    /// The relationship at `index` of ``relationships``, or nil for an index this graph does not have.
    func relationship(at index: Int?) -> RelationshipDescription? {
        guard let index, relationships.indices.contains(index) else { return nil }
        return relationships[index]
    }
}
