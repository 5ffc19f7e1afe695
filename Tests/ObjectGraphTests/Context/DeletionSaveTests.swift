import Foundation
import Testing

@testable import ObjectGraph

/// What a save of deleted objects reports and checks: the did-save sets, the event's sets, and
/// the deny rule, whatever entities the deleted objects are of and however many events deleted them.
@Suite("Saving deletions")
struct DeletionSaveTests {
    /// The user info of each did-save and the changes of each objects-did-change one context posts.
    private final class Recorder: @unchecked Sendable {
        private let lock = NSLock()
        private var saves: [[AnyHashable: Any]] = []
        private var events: [ContextChanges] = []
        private var tokens: [NSObjectProtocol] = []

        init(_ context: ManagedObjectContext) {
            tokens.append(
                NotificationCenter.default.addObserver(
                    forName: ManagedObjectContext.didSaveNotification, object: context, queue: nil
                ) { [weak self] note in self?.lock.withLock { self?.saves.append(note.userInfo ?? [:]) } })
            tokens.append(
                NotificationCenter.default.addObserver(
                    forName: ManagedObjectContext.objectsDidChangeNotification, object: context, queue: nil
                ) { [weak self] note in self?.lock.withLock { self?.events.append(ContextChanges(notification: note)) }
                })
        }

        deinit {
            for token in tokens { NotificationCenter.default.removeObserver(token) }
        }

        var didSaves: [[AnyHashable: Any]] { lock.withLock { saves } }
        var didChanges: [ContextChanges] { lock.withLock { events } }
    }

    private static func deletedObjects(in info: [AnyHashable: Any]?) -> Set<ManagedObject> {
        info?[ManagedObjectContext.NotificationKey.deletedObjects.rawValue] as? Set<ManagedObject> ?? []
    }

    private static func deletedIDs(in info: [AnyHashable: Any]?) -> Set<ManagedObjectID> {
        info?[ManagedObjectContext.NotificationKey.deletedObjectIDs.rawValue] as? Set<ManagedObjectID> ?? []
    }

    @Test(arguments: StoreKind.allCases)
    func aCascadesEventReportsItsMembersOnlyAsDeletedAndDidSaveListsThemAll(_ kind: StoreKind) throws {
        let stack = try CinemaStack(kind)
        try stack.theater("Rex", movies: (0..<500).map { "Movie \($0)" })
        try stack.theater("Odeon", movies: ["Kept"])
        try stack.context.save()
        stack.context.reset()
        let rex = try #require(try stack.fetch("Theater", sortedBy: "name").last)
        let recorder = Recorder(stack.context)
        stack.context.delete(rex)
        let deleted = stack.context.deletedObjects
        let ids = Set(deleted.map(\.objectID))
        #expect(deleted.count == 501)
        try stack.context.save()

        // The detached members were changed, then deleted, in one event: only deleted.
        let event = try #require(recorder.didChanges.last)
        #expect(event.deleted == deleted)
        #expect(event.updated.isEmpty && event.inserted.isEmpty)
        let didSave = try #require(recorder.didSaves.last)
        #expect(Self.deletedObjects(in: didSave) == deleted)
        #expect(Self.deletedIDs(in: didSave) == ids)
        #expect(didSave[ManagedObjectContext.NotificationKey.updatedObjects.rawValue] == nil)
        #expect(try stack.fetch("Movie").map(\.nameValue) == ["Kept"])
    }

    @Test(arguments: StoreKind.allCases)
    func didSaveListsObjectsDeletedOverSeveralEvents(_ kind: StoreKind) throws {
        let stack = try CinemaStack(kind)
        try stack.theater("Rex", movies: ["Alien", "Brave"])
        try stack.context.save()
        let movies = try stack.fetch("Movie", sortedBy: "name")
        try #require(movies.count == 2)
        let recorder = Recorder(stack.context)
        stack.context.delete(movies[0])
        stack.context.processPendingChanges()
        stack.context.delete(movies[1])
        try stack.context.save()
        let didSave = try #require(recorder.didSaves.last)
        #expect(Self.deletedObjects(in: didSave) == Set(movies))
        #expect(Self.deletedIDs(in: didSave) == Set(movies.map(\.objectID)))
        // The event the save ended reported only the second deletion.
        #expect(recorder.didChanges.last?.deleted == [movies[1]])
    }

    @Test(arguments: StoreKind.allCases)
    func didSaveLeavesOutAnObjectInsertedAndDeletedAgain(_ kind: StoreKind) throws {
        let stack = try CinemaStack(kind)
        try stack.theater("Rex", movies: ["Alien"])
        try stack.context.save()
        let alien = try #require(try stack.fetch("Movie").first)
        let fleeting = try stack.movie("Fleeting")
        stack.context.processPendingChanges()
        let recorder = Recorder(stack.context)
        stack.context.delete(alien)
        stack.context.delete(fleeting)
        try stack.context.save()
        let didSave = try #require(recorder.didSaves.last)
        #expect(Self.deletedObjects(in: didSave) == [alien])
        #expect(Self.deletedIDs(in: didSave) == [alien.objectID])
    }

    @Test(arguments: StoreKind.allCases)
    func denyIsCheckedForADeletedObjectAmongManyOfOtherEntities(_ kind: StoreKind) throws {
        let stack = try CinemaStack(kind)
        let rex = try stack.theater("Rex", movies: (0..<50).map { "Movie \($0)" })
        let odeon = try stack.theater("Odeon")
        let employee = try stack.context.insertNewObject(forEntityName: "Employee")
        employee["name"] = "Ann"
        employee["theater"] = odeon
        try stack.context.save()

        // Movies (no deny rule) come first in the deleted objects, then a theater that has one.
        for movie in try stack.fetch("Movie") { stack.context.delete(movie) }
        stack.context.delete(odeon)
        let error = try #require(throws: CoreDataError.self) { try stack.context.save() }
        #expect(error.code == .validationRelationshipDeniedDelete)
        #expect(error.objectID == odeon.objectID)
        #expect(error.key == "staff")
        // Nothing was written: every movie is still stored.
        #expect(stack.context.deletedObjects.count == 51)
        stack.context.rollback()
        #expect(try stack.fetch("Movie").count == 50)
        #expect(!rex.isDeleted)
    }

    @Test(arguments: StoreKind.allCases)
    func savedDeletionsLeaveTheRegistryAndEveryOtherObjectStaysFound(_ kind: StoreKind) throws {
        let stack = try CinemaStack(kind)
        try stack.theater("Rex", movies: (0..<300).map { "Rex \($0)" })
        try stack.theater("Odeon", movies: (0..<40).map { "Odeon \($0)" })
        try stack.context.save()
        stack.context.reset()
        let theaters = try stack.fetch("Theater", sortedBy: "name")
        try #require(theaters.count == 2)
        // Odeon's movies are registered before Rex's, Rex's as the cascade reads them.
        let kept = try #require(theaters[0].value(forKey: "movies") as? Set<ManagedObject>)
        stack.context.delete(theaters[1])
        let deleted = stack.context.deletedObjects
        let deletedIDs = deleted.map(\.objectID)
        try stack.context.save()
        for objectID in deletedIDs { #expect(stack.context.registeredObject(for: objectID) == nil) }
        for movie in kept { #expect(stack.context.registeredObject(for: movie.objectID) === movie) }
        #expect(stack.context.registeredObject(for: theaters[0].objectID) === theaters[0])
        #expect(deleted.allSatisfy { $0.managedObjectContext == nil })
    }
    /// The rollback merge policy gives up our side of each conflict: a deletion of a row changed
    /// elsewhere is undone and a conflicting change dropped, so the did-save notification of the
    /// retried save lists neither, only the deletion that was written.
    @Test(arguments: StoreKind.allCases)
    func didSaveAfterARollbackMergeListsOnlyWhatTheRetryWrote(_ kind: StoreKind) throws {
        let stack = try CinemaStack(kind)
        let changedElsewhere = try stack.theater("Odeon")
        let deleted = try stack.theater("Rex")
        let renamed = try stack.theater("Lux")
        try stack.context.save()
        let deletedID = deleted.objectID
        let other = stack.otherContext()
        try other.performAndWait { () throws in
            try other.existingObject(with: changedElsewhere.objectID)["capacity"] = 5
            try other.existingObject(with: renamed.objectID)["capacity"] = 7
            try other.save()
        }
        stack.context.delete(changedElsewhere)
        stack.context.delete(deleted)
        renamed["name"] = "Luxor"
        stack.context.mergePolicy = .rollback
        let recorder = Recorder(stack.context)
        try stack.context.save()

        let info = try #require(recorder.didSaves.last)
        #expect(Self.deletedObjects(in: info) == [deleted])
        #expect(Self.deletedIDs(in: info) == [deletedID])
        #expect(info[ManagedObjectContext.NotificationKey.updatedObjects.rawValue] == nil)
        let updatedIDs = info[ManagedObjectContext.NotificationKey.updatedObjectIDs.rawValue] as? Set<ManagedObjectID>
        #expect(updatedIDs?.isEmpty ?? true)
        #expect(!changedElsewhere.isDeleted)
        #expect(changedElsewhere["capacity"] as? Int == 5)
        #expect(renamed["name"] as? String == "Lux")
        #expect(try stack.fetch("Theater", sortedBy: "name").compactMap { $0["name"] as? String } == ["Lux", "Odeon"])
    }
}
