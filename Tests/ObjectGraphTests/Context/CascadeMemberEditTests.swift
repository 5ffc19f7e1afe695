import Foundation
import Testing

@testable import ObjectGraph

/// A cascade delete reaching members that were edited, are faults, or were changed by another
/// context keeps each member's own edits and still deletes every member.
@Suite struct CascadeMemberEditTests {
    @Test(arguments: StoreKind.allCases)
    func aCascadeReachingAnEditedMemberAndAFaultKeepsTheEditsAndFillsTheFault(_ kind: StoreKind) throws {
        let stack = try CinemaStack.withSavedTheater(kind)
        let movies = try stack.fetch("Movie", sortedBy: "name")
        try #require(movies.count == 3)
        let edited = movies[0]
        let faultID = movies[1].objectID
        stack.context.refresh(movies[1], mergeChanges: false)
        #expect(movies[1].isFault)
        edited["summary"] = "Edited"
        let theater = try #require(try stack.fetch("Theater").first)
        stack.context.delete(theater)
        #expect(edited.isDeleted && edited["summary"] as? String == "Edited")
        #expect(edited.changedValues().keys.sorted() == ["summary", "theater"])
        let fault = try #require(stack.context.registeredObject(for: faultID))
        #expect(fault.isDeleted && !fault.isFault)
        #expect(fault.committedValues(forKeys: ["name"])["name"] as? String == "B")
        #expect(Array(fault.changedValues().keys) == ["theater"])
        try stack.context.save()
        #expect(try stack.fetch("Movie").isEmpty)
        #expect(try stack.fetch("Theater").isEmpty)
    }

    @Test func aCascadeSavedOverAConcurrentEditOfAMemberDeletesEveryMember() throws {
        let stack = try CinemaStack.withSavedTheater(.sqlite)
        stack.context.mergePolicy = .mergeByPropertyObjectTrump
        let theater = try #require(try stack.fetch("Theater").first)
        stack.context.delete(theater)
        let other = stack.otherContext()
        try other.performAndWait {
            let movie = try #require(try stack.fetch("Movie", sortedBy: "name", in: other).first)
            movie["summary"] = "Elsewhere"
            try other.save()
        }
        try stack.context.save()
        #expect(stack.context.deletedObjects.isEmpty)
        #expect(try stack.fetch("Movie").isEmpty)
    }
}
