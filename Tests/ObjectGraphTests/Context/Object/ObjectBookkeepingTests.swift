import Foundation
import Testing

@testable import ObjectGraph

/// An object's places in its context's change lists, its event marks, planned ID and
/// observations live in a record made on first write: a fetched object nobody changes or
/// observes has none, and one that takes part in a change still behaves as before.
@Suite struct ObjectBookkeepingTests {
    @Test(arguments: StoreKind.allCases)
    func aFetchedObjectNobodyChangesOrObservesHasNoRecord(_ kind: StoreKind) throws {
        let (stack, movie) = try CinemaStack.withFetchedMovie(kind)
        #expect(movie.bookkeeping == nil)
        #expect(movie["name"] as? String == "Up")
        #expect(!stack.context.hasChanges)
        #expect(movie.bookkeeping == nil)
    }

    @Test(arguments: StoreKind.allCases)
    func aChangedFetchedObjectIsListedAndSavedAsBefore(_ kind: StoreKind) throws {
        let (stack, movie) = try CinemaStack.withFetchedMovie(kind)
        movie["name"] = "Down"
        #expect(movie.bookkeeping != nil)
        #expect(stack.context.updatedObjects.contains(movie))
        try stack.context.save()
        #expect(stack.context.updatedObjects.isEmpty)
        stack.context.reset()
        let fetched = try stack.fetch("Movie")
        #expect(fetched.map { $0["name"] as? String } == ["Down"])
    }

    @Test(arguments: StoreKind.allCases)
    func observingAFetchedObjectReportsItsChangesAndEndingItLeavesNoObservations(_ kind: StoreKind) throws {
        let (_, movie) = try CinemaStack.withFetchedMovie(kind)
        var reported: [String?] = []
        let token = movie.observe("name") { _, change in reported.append(change.newValue as? String) }
        #expect(movie.observationInfo != nil)
        movie["name"] = "Down"
        token.invalidate()
        movie["name"] = "Across"
        #expect(reported == ["Down"])
        #expect(movie.observationInfo == nil)
    }

    @Test func clearingFieldsOfAnObjectWithoutARecordMakesNone() throws {
        let (model, objects) = try DetachedObjects.make(1)
        let object = try #require(objects.first)
        object.plannedObjectID = nil
        object.observationInfo = nil
        #expect(object.bookkeeping == nil)
        #expect(object.plannedObjectID == nil && object.observationInfo == nil)
        withExtendedLifetime(model) {}
    }
}
