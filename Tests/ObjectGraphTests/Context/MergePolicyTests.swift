import Foundation
import ObjectGraph
import Testing

/// Two contexts change the same theater; the second save meets a row whose version moved.
@Suite("Optimistic locking and merge policies")
struct MergePolicyTests {
    /// The stored theater after context B changed capacity and code, while context A (the view
    /// context, returned) holds its own changes to name and code.
    private func conflictingEdits(_ kind: StoreKind) throws -> (CinemaStack, ManagedObject) {
        let stack = try CinemaStack(kind)
        let theater = try stack.theater("Odeon")
        theater["capacity"] = 100
        try stack.context.save()

        let other = stack.otherContext()
        try other.performAndWait { () throws in
            let copy = try other.existingObject(with: theater.objectID)
            copy["capacity"] = 200
            copy["code"] = "BBB"
            try other.save()
        }
        theater["name"] = "Rex"
        theater["code"] = "AAA"
        return (stack, theater)
    }

    /// The stored values of the theater, read by a fresh context.
    private func stored(_ stack: CinemaStack, _ theater: ManagedObject) throws -> (String?, Int?, String?) {
        let fresh = stack.otherContext()
        return try fresh.performAndWait { () throws in
            let copy = try fresh.existingObject(with: theater.objectID)
            return (copy["name"] as? String, copy["capacity"] as? Int, copy["code"] as? String)
        }
    }

    @Test(arguments: StoreKind.allCases)
    func defaultPolicyFailsWith133020AndChangesNothing(_ kind: StoreKind) throws {
        let (stack, theater) = try conflictingEdits(kind)
        #expect(stack.context.mergePolicy == .error)

        let error = try #require(throws: CoreDataError.self) { try stack.context.save() }
        #expect(error.code == .managedObjectMerge)
        #expect(error.code.rawValue == 133020)
        let conflict = try #require(error.conflicts.first)
        #expect(error.conflicts.count == 1)
        #expect(conflict.objectID == theater.objectID)
        #expect(conflict.oldVersion == 1)
        #expect(conflict.newVersion == 2)
        #expect(conflict.persistedRow?.values["capacity"] as? Int == 200)

        #expect(theater.isUpdated)
        #expect(theater["name"] as? String == "Rex")
        #expect(try stored(stack, theater) == ("Odeon", 200, "BBB"))
    }

    @Test(arguments: StoreKind.allCases)
    func objectTrumpKeepsOurChangesAndTheirOtherChanges(_ kind: StoreKind) throws {
        let (stack, theater) = try conflictingEdits(kind)
        stack.context.mergePolicy = .mergeByPropertyObjectTrump
        try stack.context.save()
        #expect(try stored(stack, theater) == ("Rex", 200, "AAA"))
        #expect(theater["capacity"] as? Int == 200)
    }

    @Test(arguments: StoreKind.allCases)
    func storeTrumpLetsTheirChangedPropertiesWin(_ kind: StoreKind) throws {
        let (stack, theater) = try conflictingEdits(kind)
        stack.context.mergePolicy = .mergeByPropertyStoreTrump
        try stack.context.save()
        #expect(try stored(stack, theater) == ("Rex", 200, "BBB"))
        #expect(theater["code"] as? String == "BBB")
    }

    @Test(arguments: StoreKind.allCases)
    func overwriteWritesOurWholeObject(_ kind: StoreKind) throws {
        let (stack, theater) = try conflictingEdits(kind)
        stack.context.mergePolicy = .overwrite
        try stack.context.save()
        #expect(try stored(stack, theater) == ("Rex", 100, "AAA"))
    }

    @Test(arguments: StoreKind.allCases)
    func rollbackPolicyDropsOurChangesToConflictingObjects(_ kind: StoreKind) throws {
        let (stack, theater) = try conflictingEdits(kind)
        let movie = try stack.movie("Up")
        stack.context.mergePolicy = .rollback
        try stack.context.save()
        #expect(try stored(stack, theater) == ("Odeon", 200, "BBB"))
        #expect(theater["name"] as? String == "Odeon")
        #expect(!movie.objectID.isTemporaryID)
    }

    @Test(arguments: StoreKind.allCases)
    func rowDeletedElsewhereConflictsUnlessTheStoreWins(_ kind: StoreKind) throws {
        let stack = try CinemaStack(kind)
        let theater = try stack.theater("Odeon")
        try stack.context.save()
        let other = stack.otherContext()
        try other.performAndWait { () throws in
            other.delete(try other.existingObject(with: theater.objectID))
            try other.save()
        }
        theater["name"] = "Rex"

        let error = try #require(throws: CoreDataError.self) { try stack.context.save() }
        #expect(error.code == .managedObjectMerge)
        #expect(error.conflicts.first?.persistedRow == nil)

        stack.context.mergePolicy = .mergeByPropertyStoreTrump
        try stack.context.save()
        #expect(!stack.context.hasChanges)
        #expect(try stack.fetch("Theater").isEmpty)
    }

    @Test(arguments: StoreKind.allCases)
    func deletingARowChangedElsewhereConflicts(_ kind: StoreKind) throws {
        let stack = try CinemaStack(kind)
        let theater = try stack.theater("Odeon")
        try stack.context.save()
        let other = stack.otherContext()
        try other.performAndWait { () throws in
            try other.existingObject(with: theater.objectID)["capacity"] = 5
            try other.save()
        }
        stack.context.delete(theater)
        let error = try #require(throws: CoreDataError.self) { try stack.context.save() }
        #expect(error.code == .managedObjectMerge)

        stack.context.mergePolicy = .mergeByPropertyObjectTrump
        try stack.context.save()
        #expect(try stack.fetch("Theater").isEmpty)
        #expect(try other.performAndWait { try other.count(for: FetchRequest(entityName: "Theater")) } == 0)
    }
}
