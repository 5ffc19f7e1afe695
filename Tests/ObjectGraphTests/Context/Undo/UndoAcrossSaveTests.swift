import Foundation
import ObjectGraph
import Testing

/// Undo after a save: a saved change of values undone is a change the next save writes; a save
/// that inserted or deleted objects ends the undo stack (those objects cannot be brought back
/// faithfully), so nothing half-undoes them.
@Suite("Undo across a save")
struct UndoAcrossSaveTests {
    @Test(arguments: StoreKind.allCases)
    func undoingASavedChangeIsSavedByTheNextSave(_ kind: StoreKind) throws {
        let stack = try CinemaStack(kind)
        let odeon = try stack.theater("Odeon", movies: ["Up"])
        let rex = try stack.theater("Rex")
        try stack.context.save()
        let movie = try #require(stack.fetch("Movie").first)
        stack.context.undoManager = UndoManager()
        movie["name"] = "Down"
        movie["theater"] = rex
        stack.context.processPendingChanges()
        try stack.context.save()

        stack.context.undo()

        #expect(movie["name"] as? String == "Up")
        #expect(movie["theater"] as? ManagedObject === odeon)
        #expect(movie.isUpdated)
        #expect(stack.context.hasChanges)
        try stack.context.save()
        let fresh = stack.otherContext()
        let stored = try fresh.performAndWait { () throws in
            let copy = try fresh.existingObject(with: movie.objectID)
            return (copy["name"] as? String, (copy["theater"] as? ManagedObject)?.nameValue)
        }
        #expect(stored.0 == "Up" && stored.1 == "Odeon")
        #expect(odeon.names("movies") == ["Up"] && rex.names("movies").isEmpty)
    }

    @Test(arguments: StoreKind.allCases)
    func aSaveThatDeletedObjectsEndsTheUndoStack(_ kind: StoreKind) throws {
        let stack = try CinemaStack(kind)
        let theater = try stack.theater("Odeon", movies: ["Up"])
        try stack.context.save()
        let movie = try #require(stack.fetch("Movie").first)
        stack.context.undoManager = UndoManager()
        stack.context.delete(movie)
        stack.context.processPendingChanges()
        try stack.context.save()

        #expect(stack.context.undoManager?.canUndo == false)
        stack.context.undo()
        #expect(theater.names("movies").isEmpty)
        #expect(!stack.context.hasChanges)
        #expect(try stack.fetch("Movie").isEmpty)
    }

    @Test(arguments: StoreKind.allCases)
    func aSaveThatInsertedObjectsEndsTheUndoStack(_ kind: StoreKind) throws {
        let stack = try CinemaStack(kind)
        stack.context.undoManager = UndoManager()
        let theater = try stack.theater("Odeon", movies: ["Up"])
        stack.context.processPendingChanges()
        try stack.context.save()

        #expect(stack.context.undoManager?.canUndo == false)
        stack.context.undo()
        #expect(theater.names("movies") == ["Up"])
        #expect(!stack.context.hasChanges)
    }
}
