import Foundation
import ObjectGraph
import Testing

@Suite("Obtaining permanent IDs")
struct PermanentIDTests {
    @Test(arguments: StoreKind.allCases)
    func anInsertedObjectGetsItsPermanentIDBeforeTheSaveAndKeepsIt(_ kind: StoreKind) throws {
        let stack = try CinemaStack(kind)
        let theater = try stack.theater("Odeon", movies: ["Up"])
        let temporary = theater.objectID
        #expect(temporary.isTemporaryID)

        try stack.context.obtainPermanentIDs(for: [theater])
        let permanent = theater.objectID
        #expect(!permanent.isTemporaryID)
        #expect(permanent.uriRepresentation().lastPathComponent.hasPrefix("p"))
        // Still an insert: nothing is written before the save.
        #expect(theater.isInserted)
        #expect(stack.context.insertedObjects.contains(theater))
        #expect(stack.context.registeredObject(for: permanent) === theater)
        #expect(stack.context.registeredObject(for: temporary) == nil)
        #expect(try stack.context.existingObject(with: permanent) === theater)

        try stack.context.save()
        #expect(theater.objectID == permanent)
        #expect(!theater.isInserted)
        let other = stack.otherContext()
        try other.performAndWait { () throws in
            let copy = try other.existingObject(with: permanent)
            #expect(copy.nameValue == "Odeon")
            #expect(copy.names("movies") == ["Up"])
        }
    }

    @Test(arguments: StoreKind.allCases)
    func objectsThatAlreadyHaveAPermanentIDAreLeftAlone(_ kind: StoreKind) throws {
        let stack = try CinemaStack(kind)
        let saved = try stack.theater("Odeon")
        try stack.context.save()
        let savedID = saved.objectID
        let fresh = try stack.movie("Up")

        try stack.context.obtainPermanentIDs(for: [saved, fresh, fresh])
        let freshID = fresh.objectID
        #expect(saved.objectID == savedID)
        #expect(!freshID.isTemporaryID)
        try stack.context.obtainPermanentIDs(for: [fresh])
        #expect(fresh.objectID == freshID)
        #expect(freshID != savedID)
    }

    @Test func theRowsOfSeveralEntitiesAreWrittenUnderTheIDsObtained() throws {
        let stack = try CinemaStack(.sqlite)
        let theater = try stack.theater("Odeon", movies: ["Up", "Coco"])
        let movies = try #require(theater["movies"] as? Set<ManagedObject>)
        try stack.context.obtainPermanentIDs(for: [theater] + Array(movies))
        let ids = Set(([theater] + Array(movies)).map(\.objectID))
        #expect(ids.allSatisfy { !$0.isTemporaryID })

        try stack.context.save()
        stack.context.reset()
        let fetched = try stack.fetch("Movie") + stack.fetch("Theater")
        #expect(Set(fetched.map(\.objectID)) == ids)
    }
}
