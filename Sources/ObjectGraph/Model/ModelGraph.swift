/// The links between the descriptions of one built model, owned by its ``ManagedObjectModel``.
///
/// Descriptions point back up (entity → model and parent, property → entity, relationship →
/// destination and inverse) through an unretained reference to this object plus indexes into
/// ``entities``, never through weak references to each other. A Swift object that is the target
/// of a weak reference moves its reference count to a side table, which makes every retain and
/// release of it slower; entity descriptions are retained by every managed object and object ID,
/// so they must stay free of weak references.
///
/// The reference to this object is unretained rather than weak too: a relationship's destination
/// and inverse are read on every change of a relationship (setting a movie's theater reads both),
/// and a weak reference costs a call into the runtime and a retain and release of this object at
/// each read. It stays safe because this object clears every reference to itself when it goes
/// (`deinit`), with the model that owns it: once the model is gone every back-pointer reads nil,
/// exactly as a weak reference would.
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

    deinit {
        // The descriptions' unretained references to this graph end with it (a description
        // linked into a later model since points at that model's graph, and keeps it).
        for entity in entities {
            if entity.graph === self { entity.graph = nil }
            for property in entity.properties where property.graph === self { property.graph = nil }
        }
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
