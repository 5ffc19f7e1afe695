import Foundation
import ObjectGraph
import Testing

@Suite("Object identity and faults")
struct ObjectIdentityTests {
    @Test(arguments: StoreKind.allCases)
    func contextHoldsOneObjectPerID(_ kind: StoreKind) throws {
        let stack = try CinemaStack(kind)
        try stack.theater("Odeon", movies: ["Up", "Alien"])
        try stack.context.save()
        stack.context.reset()

        let first = try stack.fetch("Theater")
        let second = try stack.fetch("Theater")
        let theater = try #require(first.first)
        #expect(theater === second.first)
        let viaID = stack.context.object(with: theater.objectID)
        #expect(viaID === theater)
        let movies = try stack.fetch("Movie")
        #expect(movies.allSatisfy { $0["theater"] as? ManagedObject === first[0] })
    }

    @Test(arguments: StoreKind.allCases)
    func objectWithIDIsAFaultThatFiresOnFirstAccess(_ kind: StoreKind) throws {
        let stack = try CinemaStack(kind)
        let theater = try stack.theater("Odeon")
        try stack.context.save()
        let id = theater.objectID

        let other = stack.otherContext()
        try other.performAndWait { () throws in
            let fault = other.object(with: id)
            #expect(fault.isFault)
            #expect(fault.description.hasSuffix("data: <fault>"))
            #expect(fault.nameValue == "Odeon")
            #expect(!fault.isFault)
        }
    }

    @Test(arguments: StoreKind.allCases)
    func toManyRelationshipsStayFaultsUntilTouched(_ kind: StoreKind) throws {
        let stack = try CinemaStack(kind)
        try stack.theater("Odeon", movies: ["Up", "Alien"])
        try stack.context.save()

        let other = stack.otherContext()
        try other.performAndWait { () throws in
            let theater = try #require(try stack.fetch("Theater", in: other).first)
            #expect(theater.isFault)  // fetched objects are faults by default (returnsObjectsAsFaults)
            theater.fireFault()
            #expect(!theater.isFault)
            #expect(theater.hasFault(forRelationshipNamed: "movies"))
            #expect(theater.description.contains("movies = <relationship fault>"))
            #expect(theater.names("movies") == ["Alien", "Up"])
            #expect(!theater.hasFault(forRelationshipNamed: "movies"))
        }
    }

    @Test(arguments: StoreKind.allCases)
    func existingObjectThrowsForRowsThatDoNotExist(_ kind: StoreKind) throws {
        let stack = try CinemaStack(kind)
        let theater = try stack.theater("Odeon")
        try stack.context.save()
        let id = theater.objectID
        stack.context.delete(theater)
        try stack.context.save()

        let error = try #require(throws: CoreDataError.self) { try stack.context.existingObject(with: id) }
        #expect(error.code == .managedObjectReferentialIntegrity)
        #expect(error.code.rawValue == 133000)
    }

    @Test(arguments: StoreKind.allCases)
    func uriRepresentationRoundTripsThroughTheCoordinator(_ kind: StoreKind) throws {
        let stack = try CinemaStack(kind)
        let theater = try stack.theater("Odeon")
        try stack.context.save()
        let uri = theater.objectID.uriRepresentation()

        let coordinator = stack.container.persistentStoreCoordinator
        let id = try #require(coordinator.managedObjectID(forURIRepresentation: uri))
        #expect(id == theater.objectID)
        #expect(id.hashValue == theater.objectID.hashValue)
        #expect(
            coordinator.managedObjectID(forURIRepresentation: try #require(URL(string: "x-coredata:///Theater/t123")))
                == nil)
        #expect(
            coordinator.managedObjectID(
                forURIRepresentation: try #require(URL(string: "https://example.com/Theater/p1"))) == nil)
    }
}
