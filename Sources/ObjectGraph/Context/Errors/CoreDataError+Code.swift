extension CoreDataError {
    /// Apple's Core Data and Cocoa error codes (`NSCoreDataErrors.h`, `FoundationErrors.h`), under
    /// their Swift names without the `NS` prefix and `Error` suffix.
    public enum Code: Int, Sendable, CaseIterable {
        /// 256: a file could not be read, for an unknown reason.
        case fileReadUnknown = 256
        /// 257: a file could not be read because of its permissions.
        case fileReadNoPermission = 257
        /// 259: a file is not in the expected format (not SQLite, damaged).
        case fileReadCorruptFile = 259
        /// 260: a file does not exist.
        case fileReadNoSuchFile = 260
        /// 512: a file could not be written, for an unknown reason.
        case fileWriteUnknown = 512
        /// 513: a file could not be written because of its permissions.
        case fileWriteNoPermission = 513
        /// 516: a file could not be written because a file of that name exists.
        case fileWriteFileExists = 516
        /// 640: a file could not be written because the disk is full.
        case fileWriteOutOfSpace = 640
        /// 642: a file could not be written because its volume is read-only.
        case fileWriteVolumeReadOnly = 642

        /// 1550: a value is invalid (the generic validation error).
        case managedObjectValidation = 1550
        /// 1551: a uniqueness constraint is violated.
        case managedObjectConstraintValidation = 1551
        /// 1560: several validation errors; see ``CoreDataError/underlyingErrors``.
        case validationMultipleErrors = 1560
        /// 1570: a non-optional property has no value.
        case validationMissingMandatoryProperty = 1570
        /// 1580: a to-many relationship holds fewer objects than its minimum count.
        case validationRelationshipLacksMinimumCount = 1580
        /// 1590: a relationship holds more objects than its maximum count.
        case validationRelationshipExceedsMaximumCount = 1590
        /// 1600: a deleted object still has objects in a relationship whose delete rule is deny.
        case validationRelationshipDeniedDelete = 1600
        /// 1610: a number is larger than the attribute's maximum.
        case validationNumberTooLarge = 1610
        /// 1620: a number is smaller than the attribute's minimum.
        case validationNumberTooSmall = 1620
        /// 1630: a date is later than the attribute's maximum.
        case validationDateTooLate = 1630
        /// 1640: a date is earlier than the attribute's minimum.
        case validationDateTooSoon = 1640
        /// 1650: a value is not a valid date.
        case validationInvalidDate = 1650
        /// 1660: a string is longer than the attribute's maximum length.
        case validationStringTooLong = 1660
        /// 1670: a string is shorter than the attribute's minimum length.
        case validationStringTooShort = 1670
        /// 1680: a string does not match the attribute's regular expression.
        case validationStringPatternMatching = 1680
        /// 1690: a value is not a valid URI.
        case validationInvalidURI = 1690

        /// 132000: a context was used from the wrong queue.
        case managedObjectContextLocking = 132000
        /// 132010: a coordinator was used from the wrong queue.
        case persistentStoreCoordinatorLocking = 132010
        /// 133000: an object ID names an object that does not exist (or a store not in the coordinator).
        case managedObjectReferentialIntegrity = 133000
        /// 133010: an object is related to an object in another store.
        case managedObjectExternalRelationship = 133010
        /// 133020: optimistic locking failed; see ``CoreDataError/conflicts``.
        case managedObjectMerge = 133020
        /// 133021: a uniqueness constraint conflict could not be merged.
        case managedObjectConstraintMerge = 133021

        /// 134000: an unknown store type.
        case persistentStoreInvalidType = 134000
        /// 134010: the store's type is not the one asked for.
        case persistentStoreTypeMismatch = 134010
        /// 134020: the store's schema is not the one the model describes.
        case persistentStoreIncompatibleSchema = 134020
        /// 134030: saving to the store failed.
        case persistentStoreSave = 134030
        /// 134040: saving to one of several stores failed.
        case persistentStoreIncompleteSave = 134040
        /// 134050: saving found conflicts.
        case persistentStoreSaveConflicts = 134050
        /// 134060: a general Core Data error.
        case coreData = 134060
        /// 134070: a store operation failed.
        case persistentStoreOperation = 134070
        /// 134080: the store could not be opened.
        case persistentStoreOpen = 134080
        /// 134090: a store operation timed out.
        case persistentStoreTimeout = 134090
        /// 134091: the store does not support this kind of request.
        case persistentStoreUnsupportedRequestType = 134091
        /// 134100: the model's version hashes differ from the store's (the model changed).
        case persistentStoreIncompatibleVersionHash = 134100
        /// 134110: a migration failed.
        case migration = 134110
        /// 134130: no model matches the store, so it cannot be migrated.
        case migrationMissingSourceModel = 134130
        /// 134140: no mapping model converts the store's model into the destination model
        /// (inference failed for the properties the message names).
        case migrationMissingMappingModel = 134140
        /// 134180: SQLite reported an error.
        case sqlite = 134180
    }
}
