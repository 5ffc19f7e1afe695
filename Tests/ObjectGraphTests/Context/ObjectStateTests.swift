import Foundation
import Testing

@testable import ObjectGraph

/// An object's state keeps its rarely used fields (loaded to-many members, their stored members,
/// changed keys, pending errors) in a record made on first use and copied on write; the state
/// must still read and copy like a plain value.
@Suite("Object state")
struct ObjectStateTests {
    @Test func aFreshStateReadsEveryRecordedFieldAsEmpty() {
        let state = ObjectState()
        #expect(state.toManyValues.isEmpty && state.committedToMany.isEmpty)
        #expect(state.changedKeys.isEmpty && state.pendingErrors.isEmpty)
    }

    @Test func recordedFieldsAreWrittenInPlaceAndReadBack() throws {
        let (model, objects) = try DetachedObjects.make(2)
        var state = ObjectState()
        state.changedKeys.insert("name")
        state.pendingErrors["year"] = CoreDataError(code: .managedObjectValidation, message: "bad year")
        state.toManyValues["movies"] = OrderedSet([objects[0]])
        state.toManyValues["movies"]?.append(objects[1])
        state.committedToMany = state.toManyValues
        #expect(state.changedKeys == ["name"])
        #expect(state.pendingErrors["year"]?.message == "bad year")
        #expect(state.toManyValues["movies"]?.elements == objects)
        #expect(state.committedToMany["movies"]?.elements == objects)
        // Editing one field leaves the others as they were.
        state.toManyValues["movies"]?.remove(objects[0])
        #expect(state.toManyValues["movies"]?.elements == [objects[1]])
        #expect(state.committedToMany["movies"]?.elements == objects)
        withExtendedLifetime(model) {}
    }

    @Test func aCopyOfAStateKeepsItsOwnChanges() {
        var original = ObjectState()
        original.changedKeys = ["name"]
        var copy = original
        copy.changedKeys.insert("year")
        copy.pendingErrors["year"] = CoreDataError(code: .managedObjectValidation, message: "bad year")
        original.changedKeys.remove("name")
        #expect(original.changedKeys.isEmpty && original.pendingErrors.isEmpty)
        #expect(copy.changedKeys == ["name", "year"] && copy.pendingErrors.count == 1)
    }

    @Test func writingOrRemovingNothingMakesNoChangesAppear() {
        var state = ObjectState()
        state.toManyValues["movies"] = nil
        state.committedToMany = [:]
        state.changedKeys.remove("name")
        state.pendingErrors = [:]
        #expect(state.toManyValues.isEmpty && state.committedToMany.isEmpty)
        #expect(state.changedKeys.isEmpty && state.pendingErrors.isEmpty)
    }

    @Test func clearingRelationshipsAndChangesEmptiesEveryRecordedField() {
        var state = ObjectState()
        state.changedKeys = ["name"]
        state.toManyValues["movies"] = OrderedSet()
        let kept = state
        state.clearRelationshipsAndChanges()
        #expect(state.changedKeys.isEmpty && state.toManyValues.isEmpty)
        #expect(kept.changedKeys == ["name"] && kept.toManyValues["movies"] != nil)
    }
}
