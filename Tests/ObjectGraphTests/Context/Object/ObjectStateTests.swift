import Foundation
import Testing

@testable import ObjectGraph

/// An object's state keeps its rarely used fields (loaded to-many members, their stored members,
/// changed keys, pending errors, committed values kept apart) in a record made on first use and
/// copied on write, and its committed values apart from its current ones only once they differ;
/// the state must still read and copy like a plain value.
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

    @Test func loadedValuesAreBothTheCurrentAndTheCommittedValues() {
        var state = ObjectState()
        state.loadValues(PropertyValues(["name": "Up", "year": 2009]))
        #expect(state.attributeValues["name"] as? String == "Up")
        #expect(state.committedValues["name"] as? String == "Up")
        #expect(state.committedValues["year"] as? Int == 2009)
    }

    @Test func changingTheCurrentValuesKeepsTheCommittedOnes() {
        var state = ObjectState()
        state.loadValues(PropertyValues(["name": "Up"]))
        state.attributeValues["name"] = "Cars"
        #expect(state.attributeValues["name"] as? String == "Cars")
        #expect(state.committedValues["name"] as? String == "Up")
        // Replacing the current values as a whole keeps them too.
        state.attributeValues = PropertyValues(["name": "Coco"])
        #expect(state.committedValues["name"] as? String == "Up")
        // And changing the committed values leaves the current ones alone.
        state.committedValues["name"] = "Soul"
        #expect(state.attributeValues["name"] as? String == "Coco")
        #expect(state.committedValues["name"] as? String == "Soul")
    }

    @Test func changingTheCommittedValuesOfALoadedStateLeavesTheCurrentOnes() {
        var state = ObjectState()
        state.loadValues(PropertyValues(["name": "Up"]))
        state.committedValues["name"] = nil
        #expect(state.attributeValues["name"] as? String == "Up")
        #expect(state.committedValues["name"] == nil)
        state.loadValues(PropertyValues(["name": "Cars"]))
        #expect(state.committedValues["name"] as? String == "Cars")
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

    @Test func valuesGivenToAStateThatHadNoneLeaveItsCommittedValuesEmpty() {
        var state = ObjectState()
        state.attributeValues = PropertyValues(["name": "Up"])
        state.attributeValues["year"] = 2009
        #expect(state.committedValues.isEmpty)
        #expect(state.attributeValues["name"] as? String == "Up")
        // Writing into the empty committed values leaves the current ones alone.
        state.committedValues["name"] = "Cars"
        #expect(state.committedValues.keys == ["name"])
        #expect(state.attributeValues["name"] as? String == "Up")
        #expect(state.attributeValues["year"] as? Int == 2009)
    }

    @Test func committingTheCurrentValuesKeepsThemAsTheyWereWhenTheCurrentOnesChange() {
        var state = ObjectState()
        state.attributeValues = PropertyValues(["name": "Up"])
        state.committedValues = state.attributeValues
        #expect(state.committedValues["name"] as? String == "Up")
        state.attributeValues["name"] = "Cars"
        #expect(state.committedValues["name"] as? String == "Up")
        #expect(state.attributeValues["name"] as? String == "Cars")
        // Committing no values at all, then clearing, makes the current values the committed ones.
        state.committedValues = PropertyValues()
        #expect(state.committedValues.isEmpty)
        state.clearRelationshipsAndChanges()
        #expect(state.committedValues["name"] as? String == "Cars")
    }

    @Test func aCopyOfAStateKeepsItsOwnCommittedValues() {
        var original = ObjectState()
        original.loadValues(PropertyValues(["name": "Up"]))
        original.attributeValues["name"] = "Cars"
        var copy = original
        copy.committedValues["name"] = "Coco"
        #expect(original.committedValues["name"] as? String == "Up")
        #expect(copy.committedValues["name"] as? String == "Coco")
        #expect(copy.attributeValues["name"] as? String == "Cars")
    }
}
