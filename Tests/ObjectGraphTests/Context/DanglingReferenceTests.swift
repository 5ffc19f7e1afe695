import Foundation
import ObjectGraph
import Testing

/// A relationship set to an object that is deleted would save a key naming a row that is gone:
/// the save fails with 1550, as Core Data's "dangling reference to an invalid object" does.
@Suite("Dangling references fail the save")
struct DanglingReferenceTests {
    @Test(arguments: StoreKind.allCases)
    func aNewMovieOfADeletedTheaterFailsTheSaveUntilItLetsGo(_ kind: StoreKind) throws {
        let stack = try CinemaStack(kind)
        let theater = try stack.theater("Odeon")
        try stack.context.save()
        stack.context.delete(theater)
        let movie = try stack.movie("Up")
        movie["theater"] = theater

        let error = try #require(throws: CoreDataError.self) { try stack.context.save() }
        #expect(error.code == .managedObjectValidation)
        #expect(error.key == "theater")
        #expect(error.message.contains("dangling reference to an invalid object"))
        #expect(theater.isDeleted && movie.isInserted)
        let other = stack.otherContext()
        #expect(try other.performAndWait { try other.count(for: FetchRequest(entityName: "Theater")) } == 1)

        movie["theater"] = nil
        try stack.context.save()
        #expect(try stack.fetch("Theater").isEmpty)
        #expect(try stack.fetch("Movie").map(\.nameValue) == ["Up"])
    }

    @Test(arguments: StoreKind.allCases)
    func aDeletedMovieAddedToATheaterFailsTheSave(_ kind: StoreKind) throws {
        let stack = try CinemaStack(kind)
        let theater = try stack.theater("Odeon")
        let movie = try stack.movie("Up")
        try stack.context.save()
        stack.context.delete(movie)
        theater.mutableSetValue(forKey: "movies").insert(movie)

        let error = try #require(throws: CoreDataError.self) { try stack.context.save() }
        #expect(error.code == .managedObjectValidation)
        #expect(error.key == "movies")
        #expect(theater.isUpdated)
    }

    @Test(arguments: StoreKind.allCases)
    func aNoActionDestinationStillNamingItsDeletedOwnerSavesAsBefore(_ kind: StoreKind) throws {
        let stack = try CinemaStack(kind)
        let employee = try stack.context.insertNewObject(forEntityName: "Employee")
        employee["name"] = "Ann"
        let badge = try stack.context.insertNewObject(forEntityName: "Badge")
        employee["badge"] = badge
        try stack.context.save()

        stack.context.delete(employee)  // badge: no action, so the badge keeps naming Ann
        #expect(badge["holder"] as? ManagedObject === employee)
        try stack.context.save()
    }
}
