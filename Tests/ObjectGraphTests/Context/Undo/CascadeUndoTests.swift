import Foundation
import Testing

@testable import ObjectGraph

/// Undo around a cascade delete: undoing brings every member back unchanged, and undoing a later
/// edit of a deleted member leaves the cascade's own change to it.
@Suite struct CascadeUndoTests {
    @Test(arguments: StoreKind.allCases)
    func aCascadeMemberEditedUnderUndoLaterKeepsItsInverseChange(_ kind: StoreKind) throws {
        let stack = try CinemaStack(kind)
        try stack.theater("Rex", movies: ["A", "B", "C"])
        try stack.context.save()
        stack.context.reset()
        let theater = try #require(try stack.fetch("Theater").first)
        let playing = try #require(try stack.fetch("Movie", sortedBy: "name").first)
        stack.context.delete(theater)
        stack.context.processPendingChanges()
        stack.context.undoManager = UndoManager()
        // Deleted members still take edits; undoing one must leave the cascade's own change.
        playing["summary"] = "Edited"
        stack.context.processPendingChanges()
        stack.context.undo()
        #expect(playing["summary"] == nil)
        #expect(Array(playing.changedValues().keys) == ["theater"])
        let others = stack.context.deletedObjects.filter { $0.entity.name == "Movie" && $0 !== playing }
        #expect(others.count == 2)
        for other in others { #expect(Array(other.changedValues().keys) == ["theater"]) }
    }

    @Test(arguments: StoreKind.allCases)
    func undoingACascadeWithUndoOnBringsEveryMemberBackUnchanged(_ kind: StoreKind) throws {
        let stack = try CinemaStack(kind)
        try stack.theater("Rex", movies: (0..<20).map { "Movie \($0)" })
        try stack.context.save()
        stack.context.reset()
        stack.context.undoManager = UndoManager()
        let theater = try #require(try stack.fetch("Theater").first)
        stack.context.delete(theater)
        stack.context.processPendingChanges()
        stack.context.undo()
        let movies = try #require(theater.value(forKey: "movies") as? Set<ManagedObject>)
        #expect(movies.count == 20)
        #expect(movies.allSatisfy { !$0.isDeleted && $0.value(forKey: "theater") as? ManagedObject === theater })
        #expect(movies.allSatisfy { $0.changedValues().isEmpty })
    }
}
