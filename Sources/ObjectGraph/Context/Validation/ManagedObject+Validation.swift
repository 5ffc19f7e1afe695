extension ManagedObject {
    /// What ``validateForInsert()`` and ``validateForUpdate()`` do by default: every problem the
    /// model's rules find, thrown as one ``CoreDataError`` or 1560 carrying several.
    final func throwModelValidationErrors() throws {
        let checked =
            managedObjectContext?.propertiesWithRules(of: entity) ?? ObjectValidator.propertiesWithRules(of: entity)
        if let error = ObjectValidator.combined(ObjectValidator.errorsForSaving(self, checking: checked)) {
            throw error
        }
    }

    /// What ``validateForDelete()`` does by default: 1600 for each relationship with the deny
    /// rule that still holds objects.
    final func throwDeletionValidationErrors() throws {
        let denied = ObjectValidator.deniedRelationships(of: entity)
        if let error = ObjectValidator.combined(ObjectValidator.errorsForDeleting(self, checking: denied)) {
            throw error
        }
    }

    /// Whether the object is of a subclass, whose life-cycle and validation methods may be
    /// overridden; for objects of ``ManagedObject`` itself they would do nothing or what the
    /// context does anyway, so the context does not call them.
    final var mayOverrideLifeCycle: Bool { type(of: self) != ManagedObject.self }

    /// The problems one of the object's validation methods throws: a 1560's errors one by one,
    /// a ``CoreDataError`` as is, any other error as 1550 carrying it.
    final func validationErrors(thrownBy validate: () throws -> Void) -> [CoreDataError] {
        do {
            try validate()
            return []
        } catch let error as CoreDataError {
            if error.code == .validationMultipleErrors, !error.underlyingErrors.isEmpty {
                return error.underlyingErrors
            }
            return [error]
        } catch {
            return [
                CoreDataError(
                    code: .managedObjectValidation, message: "\(entity.name) \(objectID): \(error).",
                    objectID: objectID, underlyingError: error)
            ]
        }
    }
}
