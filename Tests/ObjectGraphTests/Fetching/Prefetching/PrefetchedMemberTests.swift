import Foundation
import Testing

@testable import ObjectGraph

/// Prefetching a to-many relationship registers its members as the context's objects: a member
/// already loaded keeps its unsaved edits, and a member shared by two owners is one object.
@Suite struct PrefetchedMemberTests {
    @Test(arguments: StoreKind.allCases)
    func prefetchingMembersKeepsTheUnsavedEditsOfAMemberAlreadyLoaded(_ kind: StoreKind) throws {
        let stack = try CinemaStack.withSavedTheater(kind)
        let edited = try #require(try stack.fetch("Movie", sortedBy: "name").first)
        edited["summary"] = "Edited"
        let request = FetchRequest(entityName: "Theater")
        request.relationshipKeyPathsForPrefetching = ["movies"]
        let theater = try #require(try stack.context.fetch(request).first)
        #expect(theater.names("movies") == ["A", "B", "C"])
        #expect(edited["summary"] as? String == "Edited")
        #expect(edited.committedValues(forKeys: ["summary"])["summary"] as? String == nil)
    }

    @Test(arguments: StoreKind.allCases)
    func prefetchingAManyToManyGivesAMemberSharedByTwoOwnersOneObject(_ kind: StoreKind) throws {
        let stack = try CinemaStack(kind)
        let shared = try stack.movie("Shared")
        for title in ["One", "Two"] {
            let playlist = try stack.context.insertNewObject(forEntityName: "Playlist")
            playlist["title"] = title
            playlist.setValue(OrderedSet([shared]), forKey: "movies")
        }
        try stack.context.save()
        stack.context.reset()
        let request = FetchRequest(entityName: "Playlist")
        request.relationshipKeyPathsForPrefetching = ["movies"]
        request.sortDescriptors = [ObjectSortDescriptor(key: "title")]
        let playlists = try stack.context.fetch(request)
        try #require(playlists.count == 2)
        let first = try #require((playlists[0].value(forKey: "movies") as? OrderedSet<ManagedObject>)?.first)
        let second = try #require((playlists[1].value(forKey: "movies") as? OrderedSet<ManagedObject>)?.first)
        #expect(first === second)
        #expect(stack.context.registeredObject(for: first.objectID) === first)
        #expect(try stack.fetch("Movie").count == 1)
        #expect(try stack.fetch("Movie").first === first)
    }
}
