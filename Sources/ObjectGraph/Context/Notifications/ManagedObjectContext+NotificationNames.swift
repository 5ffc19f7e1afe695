import Foundation

extension ManagedObjectContext {
    /// Posted by a context after each event that changed objects (`processPendingChanges()`, which
    /// `save()` also runs), with the changes since the previous one. The object is the context.
    public static let objectsDidChangeNotification = Notification.Name(
        "NSManagedObjectContextObjectsDidChangeNotification")

    /// Posted by a context when `save()` begins, before anything is written. The object is the
    /// context; the user info is empty, as in Core Data (read the context's change sets).
    public static let willSaveNotification = Notification.Name("NSManagedObjectContextWillSaveNotification")

    /// Posted by a context after a successful `save()`, with the inserted, updated and deleted
    /// objects it wrote. The object is the context. Pass it to another context's
    /// ``mergeChanges(fromContextDidSave:)``.
    public static let didSaveNotification = Notification.Name("NSManagedObjectContextDidSaveNotification")

    /// The user-info keys of context notifications (Core Data's strings).
    public enum NotificationKey: String, Sendable {
        /// `Set<ManagedObject>` of inserted objects.
        case insertedObjects = "inserted"
        /// `Set<ManagedObject>` of updated objects.
        case updatedObjects = "updated"
        /// `Set<ManagedObject>` of deleted objects.
        case deletedObjects = "deleted"
        /// `Set<ManagedObject>` of refreshed objects.
        case refreshedObjects = "refreshed"
        /// `Set<ManagedObject>` of invalidated objects.
        case invalidatedObjects = "invalidated"
        /// Present (true) when the context was reset.
        case invalidatedAllObjects = "invalidatedAll"
        /// `Set<ManagedObjectID>` of inserted objects' IDs, in a did-save notification.
        case insertedObjectIDs = "inserted_objectIDs"
        /// `Set<ManagedObjectID>` of updated objects' IDs, in a did-save notification.
        case updatedObjectIDs = "updated_objectIDs"
        /// `Set<ManagedObjectID>` of deleted objects' IDs, in a did-save notification.
        case deletedObjectIDs = "deleted_objectIDs"
    }
}
