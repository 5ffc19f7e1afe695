extension ManagedObjectContext {
    /// Makes a new object of the entity named `entityName` and inserts it; it reaches the store
    /// at the next ``save()``. Attributes start at their model default values.
    ///
    /// The object is an instance of the subclass registered for the entity (see
    /// ``ManagedObjectClassRegistry``), else of ``ManagedObject``.
    ///
    /// - Throws: ``CoreDataError`` when the model has no such entity or the entity is abstract.
    @discardableResult
    public func insertNewObject(forEntityName entityName: String) throws -> ManagedObject {
        let entity = try insertableEntity(named: entityName)
        let object = objectClass(for: entity).init(entity: entity, insertInto: nil)
        insert(object)
        return object
    }

    /// Makes and inserts a new object of a registered subclass, typed.
    ///
    /// ```swift
    /// let movie = try context.insertNewObject(of: Movie.self)
    /// movie.name = "Up"
    /// ```
    ///
    /// - Throws: ``CoreDataError`` when `type` is not registered for an entity of this model.
    public func insertNewObject<T: ManagedObject>(of type: T.Type) throws -> T {
        guard let entityName = ManagedObjectClassRegistry.shared.entityName(for: type, in: managedObjectModel) else {
            throw CoreDataError(
                code: .coreData,
                message: "\(type) is not registered for an entity of this model; call "
                    + "ManagedObjectClassRegistry.shared.register(\(type).self, forEntityName:) first")
        }
        let entity = try insertableEntity(named: entityName)
        let object = type.init(entity: entity, insertInto: nil)
        insert(object)
        return object
    }

    /// Inserts an object made without a context; it reaches the store at the next ``save()``.
    /// Objects that already belong to a context are left where they are. The object's
    /// ``ManagedObject/awakeFromInsert()`` runs once it is in the context.
    public func insert(_ object: ManagedObject) {
        insert(object, awakening: true)
    }

    /// ``insert(_:)``; `awakening` false for an object that is not new (an undo bringing it
    /// back, a child context's save handing it over), whose `awakeFromInsert()` already ran.
    func insert(_ object: ManagedObject, awakening: Bool) {
        guard object.state.lifecycle == .detached, object.managedObjectContext == nil else { return }
        // Attributes start at their defaults (over values set before the object had a context).
        let start = insertionStart(for: object.entity)
        if object.state.attributeValues.isEmpty {
            object.state.attributeValues = start.values
        } else {
            object.state.attributeValues = PropertyValues(
                layout: propertyLayout(for: object.entity), copying: object.state.attributeValues)
            for (name, value) in start.values.dictionary { object.state.attributeValues[name] = value }
        }
        for name in start.toManyNames { object.state.toManyValues[name] = OrderedSet() }
        object.managedObjectContext = self
        if object.mayOverrideLifeCycle { mayHoldSubclassObjects = true }
        if object.observationInfo != nil { mayHoldObservedObjects = true }
        tracker.insert(object)
        noteInsertion(of: object)
        if awakening { object.awakeFromInsert() }
    }

    private func insertableEntity(named entityName: String) throws -> EntityDescription {
        // Inserts come in runs of one entity: the previous one is checked first, by name.
        if let previous = entityCaches.lastInsertedEntity, previous.name == entityName { return previous }
        guard let entity = managedObjectModel.entitiesByName[entityName] else {
            throw CoreDataError(
                code: .coreData,
                message: "The model has no entity named \"\(entityName)\"; it has "
                    + managedObjectModel.entities.map(\.name).sorted().joined(separator: ", "))
        }
        guard !entity.isAbstract else {
            throw CoreDataError(
                code: .coreData,
                message: "\(entityName) is abstract; insert one of its sub-entities ("
                    + entity.subentities.map(\.name).joined(separator: ", ") + ")")
        }
        entityCaches.lastInsertedEntity = entity
        return entity
    }
}
