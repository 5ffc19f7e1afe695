import Foundation
import Testing

@testable import ObjectGraph

/// An ID keeps its primary key and store, or its temporary UUID, in one field; what it reports and
/// how it compares must not depend on that.
@Suite("Managed object IDs")
struct ManagedObjectIDTests {
    @Test func aPermanentIDReportsItsKeyAndStoreAndNoUUID() throws {
        let (model, movie) = try DetachedObjects.movieEntity()
        let id = ManagedObjectID(entity: movie, primaryKey: 42, persistentStoreIdentifier: "STORE")
        #expect(id.primaryKey == 42)
        #expect(id.persistentStoreIdentifier == "STORE")
        #expect(id.temporaryIdentifier == nil)
        #expect(!id.isTemporaryID)
        #expect(id.uriRepresentation().absoluteString == "x-coredata://STORE/Movie/p42")
        withExtendedLifetime(model) {}
    }

    @Test func aTemporaryIDReportsItsUUIDAndNoKeyOrStore() throws {
        let (model, movie) = try DetachedObjects.movieEntity()
        let id = ManagedObjectID(temporaryIDFor: movie)
        let identifier = try #require(id.temporaryIdentifier)
        #expect(id.primaryKey == nil && id.persistentStoreIdentifier == nil)
        #expect(id.isTemporaryID)
        #expect(id.uriRepresentation().absoluteString == "x-coredata:///Movie/t\(identifier.uuidString)")
        withExtendedLifetime(model) {}
    }

    @Test func idsAreEqualWhenTheyNameTheSameRowOrAreTheSameTemporaryID() throws {
        let (model, movie) = try DetachedObjects.movieEntity()
        let one = ManagedObjectID(entity: movie, primaryKey: 1, persistentStoreIdentifier: "STORE")
        // Made apart, with families of their own: still the same row.
        let sameRow = ManagedObjectID(entity: movie, primaryKey: 1, persistentStoreIdentifier: "STORE")
        let otherRow = ManagedObjectID(entity: movie, primaryKey: 2, persistentStoreIdentifier: "STORE")
        let otherStore = ManagedObjectID(entity: movie, primaryKey: 1, persistentStoreIdentifier: "OTHER")
        let temporary = ManagedObjectID(temporaryIDFor: movie)
        #expect(one == sameRow && one.hashValue == sameRow.hashValue)
        #expect(one != otherRow && one != otherStore)
        #expect(temporary == temporary && temporary != ManagedObjectID(temporaryIDFor: movie))
        #expect(temporary != one && one != temporary)
        #expect(Set([one, sameRow, otherRow, temporary]).count == 3)
        withExtendedLifetime(model) {}
    }

    @Test func aTemporaryIDGivesTheSameUUIDEachTimeAndAnotherIDAnotherOne() throws {
        let (model, movie) = try DetachedObjects.movieEntity()
        let ids = (0..<100).map { _ in ManagedObjectID(temporaryIDFor: movie) }
        let uuids = ids.compactMap(\.temporaryIdentifier)
        #expect(uuids.count == ids.count && Set(uuids).count == ids.count)
        #expect(ids.allSatisfy { $0.temporaryIdentifier == $0.temporaryIdentifier })
        // Version 4, RFC 4122 variant, as `UUID()` would make.
        let text = try #require(uuids.first?.uuidString)
        #expect(Array(text)[14] == "4" && "89AB".contains(Array(text)[19]))
        #expect(Set(ids.map(\.hashValue)).count > 90)
        withExtendedLifetime(model) {}
    }
}
