/// The validation of one save: every problem of the pending changes, gathered object by object.
///
/// The save plan checks each inserted object on the walk it makes over them anyway (to count the
/// permanent IDs it needs), then ``finish()`` checks the changed and deleted objects and throws
/// everything found, before any ID is taken from a store. Problems are listed in the order of
/// the objects: inserted, changed, deleted.
struct SaveValidation {
    private let context: ManagedObjectContext
    private var errors: [CoreDataError] = []
    /// The entity of the previous object checked and its properties that have rules.
    private var entity: EntityDescription?
    private var checked: [PropertyDescription] = []
    /// The stored relationships of that entity, whose destinations must not be deleted objects.
    private var relationships: [RelationshipDescription] = []
    /// Whether this save deletes anything, so a relationship could still hold a deleted object
    /// (a relationship to another context's object is refused when it is set): a save of only
    /// inserts and changes checks no destination.
    private let mayHoldDeletedObjects: Bool
    /// The entity of the previous deleted object checked and its relationships with the deny rule.
    private var deletedEntity: EntityDescription?
    private var denied: [RelationshipDescription] = []

    /// Starts validating the pending changes of `context`.
    init(context: ManagedObjectContext) {
        self.context = context
        mayHoldDeletedObjects = !context.tracker.deleted.isEmpty || !context.tracker.discarded.isEmpty
    }

    /// Checks an inserted or changed object against its model, through its `validateForInsert()`
    /// or `validateForUpdate()` when it is of a subclass (which may override them).
    mutating func check(_ object: ManagedObject) {
        if object.entity !== entity {
            entity = object.entity
            checked = context.propertiesWithRules(of: object.entity)
            relationships = context.relationshipsInNameOrder(of: object.entity).filter { !$0.isTransient }
        }
        let found =
            if object.mayOverrideLifeCycle {
                object.validationErrors(
                    thrownBy: object.state.lifecycle == .inserted ? object.validateForInsert : object.validateForUpdate)
            } else {
                ObjectValidator.errorsForSaving(object, checking: checked)
            }
        if !found.isEmpty { errors += found }
        if mayHoldDeletedObjects {
            let dangling = ObjectValidator.danglingReferenceErrors(object, relationships: relationships)
            if !dangling.isEmpty { errors += dangling }
        }
    }

    /// Checks the changed and deleted objects, then throws every problem found (one
    /// ``CoreDataError``, or 1560 carrying several).
    mutating func finish() throws {
        for object in context.tracker.updated where object.state.lifecycle == .persisted { check(object) }
        for object in context.tracker.deleted {
            if object.mayOverrideLifeCycle {
                errors += object.validationErrors(thrownBy: object.validateForDelete)
                continue
            }
            if object.entity !== deletedEntity {
                deletedEntity = object.entity
                denied = ObjectValidator.deniedRelationships(of: object.entity)
            }
            guard !denied.isEmpty else { continue }
            errors += ObjectValidator.errorsForDeleting(object, checking: denied)
        }
        if let error = ObjectValidator.combined(errors) { throw error }
    }
}
