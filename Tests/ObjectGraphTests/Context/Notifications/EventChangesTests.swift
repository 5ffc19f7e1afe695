import Foundation
import Testing

@testable import ObjectGraph

/// One event's changes follow Core Data's rules for an objects-did-change notification.
@Suite("Event changes")
struct EventChangesTests {
    @Test func anObjectInsertedAndDeletedInOneEventIsNotReported() throws {
        let (_, objects) = try DetachedObjects.make(1)
        var event = EventChanges()
        event.recordInsertion(of: objects[0])
        event.recordUpdate(of: objects[0])
        event.recordDeletion(of: objects[0])
        #expect(event.isEmpty)
        let changes = event.take()
        #expect(changes.isEmpty)
    }

    @Test func insertedObjectsAreReportedOnlyAsInsertedAndDeletedOnesOnlyAsDeleted() throws {
        let (_, objects) = try DetachedObjects.make(3)
        var event = EventChanges()
        event.recordInsertion(of: objects[0])
        event.recordUpdate(of: objects[0])
        event.recordUpdate(of: objects[1])
        event.recordRefresh(of: objects[1])
        event.recordDeletion(of: objects[1])
        event.recordDeletion(of: objects[1])
        event.recordUpdate(of: objects[2])
        let changes = event.take()
        #expect(changes.inserted == [objects[0]])
        #expect(changes.updated == [objects[2]])
        #expect(changes.deleted == [objects[1]])
        #expect(changes.refreshed.isEmpty)
    }

    @Test func takingTheChangesStartsAFreshEvent() throws {
        let (_, objects) = try DetachedObjects.make(1)
        var event = EventChanges()
        event.recordInsertion(of: objects[0])
        #expect(!event.isEmpty)
        let first = event.take()
        #expect(first.inserted == [objects[0]])
        #expect(event.isEmpty)
        // The marks of the old event no longer count: an update is an update now.
        event.recordUpdate(of: objects[0])
        let second = event.take()
        #expect(second.updated == [objects[0]])
    }

    @Test func aSuspendedEventRecordsNothing() throws {
        let (_, objects) = try DetachedObjects.make(1)
        var event = EventChanges()
        event.isSuspended = true
        event.recordInsertion(of: objects[0])
        event.isSuspended = false
        #expect(event.isEmpty)
    }
}
