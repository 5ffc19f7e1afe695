import Foundation
import Testing

@testable import ObjectGraph

/// The change tracker moves objects between the lifecycle states and keeps its lists of pending
/// changes and its registry in step with them.
@Suite("Change tracker")
struct ChangeTrackerTests {
    /// A tracker and `count` detached objects of one entity (with the model, which the caller holds).
    private static func make(_ count: Int) throws -> (ChangeTracker, ManagedObjectModel, [ManagedObject]) {
        let (model, objects) = try DetachedObjects.make(count)
        return (ChangeTracker(), model, objects)
    }

    /// Registers `object` as fetched under a stored ID made for it.
    private static func fetch(_ object: ManagedObject, into tracker: ChangeTracker, primaryKey: Int64) {
        let objectID = ManagedObjectID(entity: object.entity, primaryKey: primaryKey, persistentStoreIdentifier: "S")
        tracker.registerFetched(object, for: objectID)
    }

    @Test func insertingMakesAnObjectInsertedAndListsItOnce() throws {
        let (tracker, model, objects) = try Self.make(2)
        tracker.insert(objects[0])
        tracker.insert(objects[1])
        #expect(objects[0].isInserted && !objects[0].isFault)
        #expect(tracker.inserted.elements.map(ObjectIdentifier.init) == objects.map(ObjectIdentifier.init))
        #expect(tracker.hasPendingWrites)
        withExtendedLifetime(model) {}
    }

    @Test func anInsertedObjectWithATemporaryIDIsRegisteredUnderIt() throws {
        let (tracker, model, objects) = try Self.make(1)
        let temporary = ManagedObjectID(temporaryIDFor: objects[0].entity)
        objects[0].objectID = temporary
        tracker.insert(objects[0])
        #expect(tracker.registry[temporary] === objects[0])
        withExtendedLifetime(model) {}
    }

    @Test func deletingAnInsertedObjectDiscardsItRatherThanListingItAsDeleted() throws {
        let (tracker, model, objects) = try Self.make(1)
        tracker.insert(objects[0])
        tracker.delete(objects[0])
        #expect(objects[0].isDeleted && !objects[0].isInserted)
        #expect(tracker.inserted.isEmpty && tracker.deleted.isEmpty)
        #expect(tracker.discarded.contains(objects[0]))
        #expect(!tracker.hasPendingWrites)
        withExtendedLifetime(model) {}
    }

    @Test func undeletingAnInsertedObjectInsertsItAgainAndTakesItOutOfTheDiscarded() throws {
        let (tracker, model, objects) = try Self.make(1)
        tracker.insert(objects[0])
        tracker.delete(objects[0])
        tracker.undelete(objects[0], wasInserted: true)
        #expect(objects[0].isInserted && !objects[0].isDeleted)
        #expect(tracker.inserted.contains(objects[0]) && !tracker.discarded.contains(objects[0]))
        withExtendedLifetime(model) {}
    }

    @Test func aFetchedObjectIsStoredRegisteredAndUnchanged() throws {
        let (tracker, model, objects) = try Self.make(1)
        Self.fetch(objects[0], into: tracker, primaryKey: 7)
        #expect(tracker.registry[objects[0].objectID] === objects[0])
        #expect(!objects[0].isInserted && !objects[0].isDeleted && !objects[0].isUpdated)
        #expect(!tracker.hasPendingWrites)
        withExtendedLifetime(model) {}
    }

    @Test func writingToAStoredObjectListsItAsUpdatedOnceButNotAnInsertedOne() throws {
        let (tracker, model, objects) = try Self.make(2)
        Self.fetch(objects[0], into: tracker, primaryKey: 1)
        tracker.insert(objects[1])
        tracker.markUpdated(objects[0])
        tracker.markUpdated(objects[0])
        tracker.markUpdated(objects[1])
        #expect(tracker.updated.count == 1 && tracker.updated.contains(objects[0]))
        #expect(!tracker.updated.contains(objects[1]))
        withExtendedLifetime(model) {}
    }

    @Test func deletingAStoredObjectListsItAsDeletedAndUndeletingTakesItBack() throws {
        let (tracker, model, objects) = try Self.make(1)
        Self.fetch(objects[0], into: tracker, primaryKey: 1)
        tracker.delete(objects[0])
        #expect(objects[0].isDeleted && tracker.deleted.contains(objects[0]) && tracker.discarded.isEmpty)
        tracker.undelete(objects[0], wasInserted: false)
        #expect(!objects[0].isDeleted && tracker.deleted.isEmpty)
        withExtendedLifetime(model) {}
    }

    @Test func droppingChangesLeavesAStoredObjectInNeitherUpdatedNorDeleted() throws {
        let (tracker, model, objects) = try Self.make(1)
        Self.fetch(objects[0], into: tracker, primaryKey: 1)
        tracker.markUpdated(objects[0])
        tracker.delete(objects[0])
        tracker.dropChanges(of: objects[0])
        #expect(!objects[0].isDeleted)
        #expect(tracker.updated.isEmpty && tracker.deleted.isEmpty)
        #expect(tracker.registry[objects[0].objectID] === objects[0])
        withExtendedLifetime(model) {}
    }

    @Test func forgettingAnObjectTakesItOutOfEveryListAndTheRegistry() throws {
        let (tracker, model, objects) = try Self.make(1)
        Self.fetch(objects[0], into: tracker, primaryKey: 1)
        let objectID = objects[0].objectID
        tracker.markUpdated(objects[0])
        tracker.delete(objects[0])
        tracker.forget(objects[0])
        #expect(tracker.registry[objectID] == nil)
        #expect(tracker.updated.isEmpty && tracker.deleted.isEmpty && !tracker.hasPendingWrites)
        #expect(!objects[0].isDeleted && !objects[0].isInserted)
        withExtendedLifetime(model) {}
    }

    @Test func rollingBackDetachesInsertsAndTurnsChangedObjectsIntoStoredFaults() throws {
        let (tracker, model, objects) = try Self.make(3)
        tracker.insert(objects[0])
        Self.fetch(objects[1], into: tracker, primaryKey: 1)
        Self.fetch(objects[2], into: tracker, primaryKey: 2)
        tracker.markUpdated(objects[1])
        tracker.delete(objects[2])
        let dropped = tracker.rollBackInserts()
        for object in [objects[1], objects[2]] { tracker.revertToStored(object) }
        tracker.clearPendingChanges()
        #expect(dropped.map(ObjectIdentifier.init) == [ObjectIdentifier(objects[0])])
        #expect(!objects[0].isInserted)
        #expect(objects[1].isFault && objects[2].isFault && !objects[2].isDeleted)
        #expect(!tracker.hasPendingWrites && tracker.discarded.isEmpty)
        #expect(tracker.registry[objects[1].objectID] === objects[1])
        withExtendedLifetime(model) {}
    }

    @Test func resetForgetsEveryObject() throws {
        let (tracker, model, objects) = try Self.make(2)
        tracker.insert(objects[0])
        Self.fetch(objects[1], into: tracker, primaryKey: 1)
        let storedID = objects[1].objectID
        tracker.reset()
        #expect(tracker.registry.count == 0 && tracker.allObjects.isEmpty)
        #expect(tracker.registry[storedID] == nil && !tracker.hasPendingWrites)
        #expect(!objects[0].isInserted)
        withExtendedLifetime(model) {}
    }

    @Test func permanentIDsReplaceTemporaryOnesInTheRegistry() throws {
        let (tracker, model, objects) = try Self.make(1)
        let temporary = ManagedObjectID(temporaryIDFor: objects[0].entity)
        objects[0].objectID = temporary
        tracker.insert(objects[0])
        let permanent = ManagedObjectID(entity: objects[0].entity, primaryKey: 3, persistentStoreIdentifier: "S")
        tracker.assignPermanentID(permanent, to: objects[0])
        #expect(tracker.registry[temporary] == nil && tracker.registry[permanent] === objects[0])
        #expect(objects[0].isInserted)
        withExtendedLifetime(model) {}
    }

    @Test(arguments: StoreKind.allCases)
    func anInsertedObjectWhoseDeletionIsUndoneIsSaved(_ kind: StoreKind) throws {
        let stack = try CinemaStack(kind)
        stack.context.undoManager = UndoManager()
        let theater = try stack.theater("Rex")
        stack.context.processPendingChanges()
        stack.context.delete(theater)
        stack.context.processPendingChanges()
        stack.context.undo()
        try stack.context.save()
        #expect(theater.managedObjectContext === stack.context && !theater.objectID.isTemporaryID)
        stack.context.reset()
        #expect(try stack.fetch("Theater").count == 1)
    }
}
