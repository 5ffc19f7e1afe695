import Foundation
import ObjectGraph
import Testing

/// `value(forKey:)` on a fault: an attribute or to-one fires it and answers from the loaded row,
/// whichever way the key is spelt; a key that names no attribute or to-one leaves it a fault.
@Suite("Reading a fault's values")
struct FaultReadingTests {
    /// A saved theater `Odeon` with the movie `Up` (rated 8.5); the context is reset, so every
    /// fetch returns faults.
    private static func savedTheater(_ kind: StoreKind) throws -> CinemaStack {
        try CinemaStack.savedAndReset(kind) { stack in
            let odeon = try stack.theater("Odeon", movies: ["Up"])
            odeon["capacity"] = 120
            let movie = try #require(try stack.fetch("Movie").first)
            movie["rating"] = 8.5
        }
    }

    @Test(arguments: StoreKind.allCases)
    func readingAnAttributeOfAFaultFiresItAndGivesTheStoredValue(_ kind: StoreKind) throws {
        let stack = try Self.savedTheater(kind)
        let movie = try #require(try stack.fetch("Movie").first)
        #expect(movie.isFault)
        #expect(movie.value(forKey: "rating") as? Double == 8.5)
        #expect(!movie.isFault)
        #expect(movie.nameValue == "Up")
    }

    @Test(arguments: StoreKind.allCases)
    func readingAToOneOfAFaultFiresItAndGivesTheDestination(_ kind: StoreKind) throws {
        let stack = try Self.savedTheater(kind)
        let movie = try #require(try stack.fetch("Movie").first)
        let theater = try #require(movie.value(forKey: "theater") as? ManagedObject)
        #expect(!movie.isFault)
        #expect(theater.value(forKey: "capacity") as? Int == 120)
    }

    @Test(arguments: StoreKind.allCases)
    func aKeyBuiltAtRunTimeReadsLikeALiteral(_ kind: StoreKind) throws {
        let stack = try Self.savedTheater(kind)
        let theater = try #require(try stack.fetch("Theater").first)
        let key = String(["c", "a", "p", "a", "c", "i", "t", "y"])
        #expect(theater.value(forKey: key) as? Int == 120)
        #expect(!theater.isFault)
    }

    @Test(arguments: StoreKind.allCases)
    func aKeyTheEntityLacksLeavesTheFaultAFault(_ kind: StoreKind) throws {
        let stack = try Self.savedTheater(kind)
        let theater = try #require(try stack.fetch("Theater").first)
        #expect(theater.value(forKey: "screens") == nil)
        #expect(theater.isFault)
    }

    @Test(arguments: StoreKind.allCases)
    func readingATransientAttributeOfAFaultFiresItAndGivesNil(_ kind: StoreKind) throws {
        let stack = try Self.savedTheater(kind)
        let theater = try #require(try stack.fetch("Theater").first)
        #expect(theater.value(forKey: "note") == nil)
        #expect(!theater.isFault)
        #expect(theater.nameValue == "Odeon")
    }

    @Test
    func anAttributeWithALongNameIsReadFromAFault() throws {
        let entity = EntityDescription(
            name: "Screening",
            properties: [AttributeDescription(name: "projectionistNotes", type: .string)])
        let stack = try CinemaStack(.sqlite, model: try ManagedObjectModel(entities: [entity]))
        let screening = try stack.context.insertNewObject(forEntityName: "Screening")
        screening["projectionistNotes"] = "Reel two is scratched"
        try stack.context.save()
        stack.context.reset()

        let fault = try #require(try stack.fetch("Screening").first)
        #expect(fault.isFault)
        #expect(fault.value(forKey: "projectionistNotes") as? String == "Reel two is scratched")
        #expect(!fault.isFault)
    }
}
