import Foundation
import ObjectGraph
import Testing

/// A review whose deletion records which objects its context reported as updated at that moment.
final class CascadeListReview: ManagedObject, @unchecked Sendable {
    /// The names of the updated objects (movies) when each review was prepared for deletion.
    nonisolated(unsafe) static var updatedWhenDeleted: [[String]] = []

    override func prepareForDeletion() {
        super.prepareForDeletion()
        let updated = managedObjectContext?.updatedObjects ?? []
        Self.updatedWhenDeleted.append(updated.compactMap { $0.value(forKey: "name") as? String }.sorted())
    }
}

/// The members a cascade deletes are reported as deleted, never as updated, whether or not code of
/// the app could look at the change lists while the cascade runs; their cleared inverse is a change
/// of theirs all the same.
@Suite("The change lists of a cascade", .serialized)
struct CascadeChangeListTests {
    @Test(arguments: StoreKind.allCases)
    func aCascadesMembersAreDeletedNotUpdatedAndKeepTheirClearedInverse(_ kind: StoreKind) throws {
        let stack = try CinemaStack.savedAndReset(kind) { stack in
            try stack.theater("Odeon", movies: ["Alien", "Heat", "Up"])
        }
        let theater = try #require(try stack.fetch("Theater").first)
        stack.context.delete(theater)
        let movies = try stack.fetch("Movie", sortedBy: "name")
        #expect(movies.isEmpty)
        let deleted = stack.context.deletedObjects
        #expect(deleted.count == 4)
        #expect(stack.context.updatedObjects.isEmpty)
        for member in deleted where member.entity.name == "Movie" {
            #expect(member.isDeleted && !member.isUpdated)
            #expect(member.changedValues().keys.contains("theater"))
            #expect(member.value(forKey: "theater") == nil)
        }

        // Rolled back, every member is stored again with its theater, and nothing is pending.
        stack.context.rollback()
        #expect(!stack.context.hasChanges)
        let restored = try stack.fetch("Movie", sortedBy: "name")
        #expect(restored.map(\.nameValue) == ["Alien", "Heat", "Up"])
        #expect(restored.allSatisfy { ($0.value(forKey: "theater") as? ManagedObject)?.nameValue == "Odeon" })

        // Deleted again and saved: the rows are gone and nothing is left to write.
        stack.context.delete(try #require(try stack.fetch("Theater").first))
        try stack.context.save()
        #expect(!stack.context.hasChanges)
        stack.context.reset()
        #expect(try stack.fetch("Movie").isEmpty && stack.fetch("Theater").isEmpty)
    }

    @Test func membersNotDeletedYetAreUpdatedWhenASubclassObjectTheCascadeLoadedCanLook() throws {
        ManagedObjectClassRegistry.shared.register(CascadeListReview.self, forClassName: "CascadeListReview")
        CascadeListReview.updatedWhenDeleted = []
        let stack = try CinemaStack(.inMemory, model: Self.reviewedCinema())
        // Saved by another context: the view context holds no subclass object yet.
        let other = stack.otherContext()
        try other.performAndWait { () throws in
            let theater = try other.insertNewObject(forEntityName: "Theater")
            for name in ["Alien", "Heat"] {
                let movie = try other.insertNewObject(forEntityName: "Movie")
                movie["name"] = name
                movie["theater"] = theater
                let review = try other.insertNewObject(forEntityName: "Review")
                review["movie"] = movie
            }
            try other.save()
        }

        // The context holds no subclass object until the cascade loads the reviews: the second
        // movie, its theater cleared but not deleted yet, is updated when the first review's
        // `prepareForDeletion()` looks, and no longer when the second's does.
        stack.context.delete(try #require(try stack.fetch("Theater").first))
        #expect(CascadeListReview.updatedWhenDeleted == [["Heat"], []])
        #expect(stack.context.updatedObjects.isEmpty)
        #expect(stack.context.deletedObjects.count == 5)
    }

    @Test(arguments: StoreKind.allCases)
    func anObserverOfTheDeletedTheaterSeesItsMembersUpdatedUntilTheyAreDeleted(_ kind: StoreKind) throws {
        let stack = try CinemaStack.savedAndReset(kind) { stack in
            try stack.theater("Odeon", movies: ["Alien", "Heat"])
        }
        let theater = try #require(try stack.fetch("Theater").first)
        let context = stack.context
        nonisolated(unsafe) var seen: [[String]] = []
        // Its members are cleared before its own list of them: the observer hears about the
        // list while both movies, their theater cleared, are still only updated.
        let token = theater.observe("movies") { _, _ in
            seen.append(context.updatedObjects.compactMap(\.nameValue).sorted())
        }
        context.delete(theater)
        withExtendedLifetime(token) {}
        #expect(seen == [["Alien", "Heat"]])
        #expect(context.updatedObjects.isEmpty && context.deletedObjects.count == 3)
    }

    /// The cinema's theaters and movies, each movie with reviews deleted with it.
    private static func reviewedCinema() throws -> ManagedObjectModel {
        let theater = EntityDescription(
            name: "Theater",
            properties: [
                RelationshipDescription(
                    name: "movies", destinationEntityName: "Movie", inverseName: "theater", isToMany: true,
                    deleteRule: .cascade)
            ])
        let movie = EntityDescription(
            name: "Movie",
            properties: [
                AttributeDescription(name: "name", type: .string),
                RelationshipDescription(
                    name: "theater", destinationEntityName: "Theater", inverseName: "movies", deleteRule: .nullify),
                RelationshipDescription(
                    name: "reviews", destinationEntityName: "Review", inverseName: "movie", isToMany: true,
                    deleteRule: .cascade),
            ])
        let review = EntityDescription(
            name: "Review", managedObjectClassName: "CascadeListReview",
            properties: [
                RelationshipDescription(
                    name: "movie", destinationEntityName: "Movie", inverseName: "reviews", deleteRule: .nullify)
            ])
        return try ManagedObjectModel(entities: [theater, movie, review])
    }
}
