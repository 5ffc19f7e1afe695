import Foundation
import Testing

@testable import ObjectGraph

/// A fetched object's committed values stay as they were read, whatever is edited, refreshed or
/// fails to save, until a save succeeds.
@Suite struct CommittedValuesTests {
    @Test(arguments: StoreKind.allCases)
    func editingAFetchedObjectLeavesItsCommittedValuesAsRead(_ kind: StoreKind) throws {
        let (stack, movie) = try CinemaStack.withFetchedMovie(kind)
        movie["name"] = "Down"
        #expect(movie.committedValues(forKeys: ["name", "summary"])["name"] as? String == "Up")
        #expect(movie.committedValues(forKeys: nil)["name"] as? String == "Up")
        #expect(movie.changedValues().keys.sorted() == ["name"])
        #expect(movie.changedValues()["name"] as? String == "Down")
        // Written back to what was read: still written, no longer different.
        movie["name"] = "Up"
        #expect(movie.committedValues(forKeys: ["name"])["name"] as? String == "Up")
        stack.context.rollback()
        #expect(movie.nameValue == "Up")
        #expect(movie.changedValues().isEmpty)
    }

    @Test(arguments: StoreKind.allCases)
    func refreshingAnEditedFetchedObjectRestoresOrKeepsItsEdits(_ kind: StoreKind) throws {
        let (stack, movie) = try CinemaStack.withFetchedMovie(kind)
        movie["summary"] = "Houses"
        stack.context.refresh(movie, mergeChanges: true)
        #expect(movie["summary"] as? String == "Houses")
        #expect(movie.committedValues(forKeys: ["summary"])["summary"] as? String == "Balloons")
        stack.context.refresh(movie, mergeChanges: false)
        #expect(movie["summary"] as? String == "Balloons")
        #expect(movie.changedValues().isEmpty)
        #expect(movie.committedValues(forKeys: ["summary"])["summary"] as? String == "Balloons")
    }

    @Test(arguments: StoreKind.allCases)
    func aFailedSaveLeavesAFetchedObjectsEditsAndCommittedValues(_ kind: StoreKind) throws {
        let (stack, movie) = try CinemaStack.withFetchedMovie(kind)
        movie["rating"] = 11.0
        movie["summary"] = "Houses"
        #expect(throws: CoreDataError.self) { try stack.context.save() }
        #expect(movie["summary"] as? String == "Houses")
        #expect(movie.committedValues(forKeys: ["summary", "rating"])["summary"] as? String == "Balloons")
        #expect(movie.changedValues().keys.sorted() == ["rating", "summary"])
        movie["rating"] = 8.0
        try stack.context.save()
        #expect(movie.changedValues().isEmpty)
        #expect(movie.committedValues(forKeys: ["summary"])["summary"] as? String == "Houses")
        stack.context.reset()
        let again = try #require(try stack.fetch("Movie").first)
        #expect(again["summary"] as? String == "Houses")
        #expect(again["rating"] as? Double == 8.0)
    }
}
