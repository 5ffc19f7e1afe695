import Foundation
import Testing

@testable import ObjectGraph

/// A context's lists of pending changes keep order, membership and single entries through
/// removals, re-additions, compaction and clearing.
@Suite("Object list")
struct ObjectListTests {
    @Test func membersKeepTheOrderTheyJoinedAndJoinOnce() throws {
        let (_, objects) = try DetachedObjects.make(3)
        var list = ObjectList(.inserted)
        let addedFirst = list.append(objects[2])
        let addedSecond = list.append(objects[0])
        let addedAgain = list.append(objects[2])
        #expect(addedFirst && addedSecond && !addedAgain)
        #expect(list.elements.map { ObjectIdentifier($0) } == [objects[2], objects[0]].map { ObjectIdentifier($0) })
        #expect(list.count == 2)
        #expect(list.contains(objects[0]) && !list.contains(objects[1]))
    }

    @Test func anObjectThatLeavesAndJoinsAgainMovesToTheEnd() throws {
        let (_, objects) = try DetachedObjects.make(3)
        var list = ObjectList(.updated)
        for object in objects { list.append(object) }
        let removed = list.remove(objects[0])
        let removedAgain = list.remove(objects[0])
        #expect(removed && !removedAgain)
        #expect(!list.contains(objects[0]))
        list.append(objects[0])
        #expect(Array(list).map { ObjectIdentifier($0) } == [1, 2, 0].map { ObjectIdentifier(objects[$0]) })
        #expect(list.count == 3)
    }

    @Test func compactionKeepsOrderAndMembership() throws {
        let (_, objects) = try DetachedObjects.make(200)
        var list = ObjectList(.deleted)
        for object in objects { list.append(object) }
        // Removing most members compacts the list several times over.
        for (index, object) in objects.enumerated() where index % 5 != 0 { list.remove(object) }
        let kept = objects.enumerated().filter { $0.offset % 5 == 0 }.map(\.element)
        #expect(list.elements.map { ObjectIdentifier($0) } == kept.map { ObjectIdentifier($0) })
        for (index, object) in objects.enumerated() { #expect(list.contains(object) == (index % 5 == 0)) }
        #expect(list.set == Set(kept))
    }

    @Test func listsOfDifferentKindsAndClearedListsDoNotSeeEachOthersMembers() throws {
        let (_, objects) = try DetachedObjects.make(2)
        var inserted = ObjectList(.inserted)
        var updated = ObjectList(.updated)
        inserted.append(objects[0])
        updated.append(objects[1])
        #expect(!inserted.contains(objects[1]) && !updated.contains(objects[0]))
        inserted.removeAll()
        #expect(inserted.isEmpty && !inserted.contains(objects[0]))
        // A second list of the same kind (another context's) does not see the first one's members.
        var other = ObjectList(.updated)
        #expect(!other.contains(objects[1]))
        other.append(objects[0])
        #expect(updated.contains(objects[1]) && other.contains(objects[0]))
    }

    @Test func runsHandOverTheMembersInOrderSkippingHoles() throws {
        let (_, objects) = try DetachedObjects.make(70)
        var list = ObjectList(.inserted)
        for object in objects { list.append(object) }
        list.remove(objects[3])
        var runs: [[ManagedObject]] = []
        list.forEachRun(ofSize: 32) { runs.append($0) }
        #expect(runs.map(\.count) == [32, 32, 5])
        let members = objects.enumerated().filter { $0.offset != 3 }.map(\.element)
        #expect(runs.joined().map { ObjectIdentifier($0) } == members.map { ObjectIdentifier($0) })
        var none = 0
        ObjectList(.deleted).forEachRun(ofSize: 32) { _ in none += 1 }
        #expect(none == 0)
    }

    @Test func removingAllReturnsTheMembersInOrderAndEmptiesTheList() throws {
        let (_, objects) = try DetachedObjects.make(3)
        var list = ObjectList(.deleted)
        for object in objects { list.append(object) }
        list.remove(objects[1])
        let returned = list.removeAllReturningMembers()
        let expected = [ObjectIdentifier(objects[0]), nil, ObjectIdentifier(objects[2])]
        #expect(returned.map { $0.map { ObjectIdentifier($0) } } == expected)
        #expect(list.isEmpty && !list.contains(objects[0]) && !list.contains(objects[2]))
        // The list works on: the objects' old places no longer count.
        list.append(objects[2])
        #expect(list.elements.map { ObjectIdentifier($0) } == [ObjectIdentifier(objects[2])])
    }
}
