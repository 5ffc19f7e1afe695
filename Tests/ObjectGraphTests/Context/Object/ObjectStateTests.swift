import Foundation
import Testing

@testable import ObjectGraph

/// An object's state keeps its rarely used fields (loaded to-many members, their stored members,
/// changed keys, pending errors, committed values kept apart) in a record made on first use and
/// copied on write, and its committed values apart from its current ones only once they differ;
/// the state must still read and copy like a plain value.
@Suite("Object state")
struct ObjectStateTests {
    /// A model of a movie with two attributes and a to-many relationship, and its entity.
    private static func movie() throws -> (ManagedObjectModel, EntityDescription) {
        let model = try ManagedObjectModel(entities: [
            EntityDescription(
                name: "Movie",
                properties: [
                    AttributeDescription(name: "name", type: .string),
                    AttributeDescription(name: "year", type: .integer64),
                    RelationshipDescription(name: "sequels", destinationEntityName: "Movie", isToMany: true),
                ])
        ])
        return (model, try #require(model.entitiesByName["Movie"]))
    }

    @Test func aFreshStateReadsEveryRecordedFieldAsEmpty() throws {
        let (model, movie) = try Self.movie()
        let state = ObjectState()
        #expect(state.toManyValues.isEmpty && state.committedToMany.isEmpty)
        #expect(state.changedKeys(of: movie).isEmpty && state.pendingErrors.isEmpty && !state.hasChangedKeys)
        withExtendedLifetime(model) {}
    }

    @Test func recordedFieldsAreWrittenInPlaceAndReadBack() throws {
        let (model, objects) = try DetachedObjects.make(2)
        let (movieModel, movie) = try Self.movie()
        var state = ObjectState()
        state.insertChangedKey("name", of: movie)
        state.pendingErrors["year"] = CoreDataError(code: .managedObjectValidation, message: "bad year")
        state.toManyValues["movies"] = OrderedSet([objects[0]])
        state.toManyValues["movies"]?.append(objects[1])
        state.committedToMany = state.toManyValues
        #expect(state.changedKeys(of: movie) == ["name"])
        #expect(state.pendingErrors["year"]?.message == "bad year")
        #expect(state.toManyValues["movies"]?.elements == objects)
        #expect(state.committedToMany["movies"]?.elements == objects)
        // Editing one field leaves the others as they were.
        state.toManyValues["movies"]?.remove(objects[0])
        #expect(state.toManyValues["movies"]?.elements == [objects[1]])
        #expect(state.committedToMany["movies"]?.elements == objects)
        withExtendedLifetime((model, movieModel)) {}
    }

    @Test func aCopyOfAStateKeepsItsOwnChanges() throws {
        let (model, movie) = try Self.movie()
        var original = ObjectState()
        original.setChangedKeys(["name"], of: movie)
        var copy = original
        copy.insertChangedKey("year", of: movie)
        copy.pendingErrors["year"] = CoreDataError(code: .managedObjectValidation, message: "bad year")
        original.removeChangedKey("name", of: movie)
        #expect(original.changedKeys(of: movie).isEmpty && original.pendingErrors.isEmpty)
        #expect(!original.hasChangedKeys)
        #expect(copy.changedKeys(of: movie) == ["name", "year"] && copy.pendingErrors.count == 1)
        withExtendedLifetime(model) {}
    }

    @Test func writingOrRemovingNothingMakesNoChangesAppear() throws {
        let (model, movie) = try Self.movie()
        var state = ObjectState()
        state.toManyValues["movies"] = nil
        state.committedToMany = [:]
        state.removeChangedKey("name", of: movie)
        state.pendingErrors = [:]
        #expect(state.toManyValues.isEmpty && state.committedToMany.isEmpty)
        #expect(state.changedKeys(of: movie).isEmpty && state.pendingErrors.isEmpty)
        withExtendedLifetime(model) {}
    }

    @Test func theFirstChangedPropertyNeedsNoRecordAndTheKeysKeepTheOrderTheyWereWrittenIn() throws {
        let (model, movie) = try Self.movie()
        var state = ObjectState()
        state.insertChangedKey("year", of: movie)
        #expect(state.changedKeys(of: movie) == ["year"] && state.hasChangedKeys)
        state.insertChangedKey("year", of: movie)
        state.insertChangedKey("sequels", of: movie)
        state.insertChangedKey("name", of: movie)
        #expect(Array(state.changedKeys(of: movie)) == ["year", "sequels", "name"])
        // Taking the first away leaves the others in their order; a key written again comes last.
        state.removeChangedKey("year", of: movie)
        #expect(Array(state.changedKeys(of: movie)) == ["sequels", "name"])
        state.insertChangedKey("year", of: movie)
        #expect(Array(state.changedKeys(of: movie)) == ["sequels", "name", "year"])
        state.clearChangedKeys()
        #expect(state.changedKeys(of: movie).isEmpty && !state.hasChangedKeys)
        state.setChangedKeys(["name", "year"], of: movie)
        #expect(Array(state.changedKeys(of: movie)) == ["name", "year"])
        state.setChangedKeys([], of: movie)
        #expect(state.changedKeys(of: movie).isEmpty && !state.hasChangedKeys)
        withExtendedLifetime(model) {}
    }

    @Test func aKeyThatIsNotAPropertyIsStillAChangedKey() throws {
        let (model, movie) = try Self.movie()
        var state = ObjectState()
        state.insertChangedKey("rating", of: movie)
        state.insertChangedKey("name", of: movie)
        #expect(Array(state.changedKeys(of: movie)) == ["rating", "name"])
        state.removeChangedKey("rating", of: movie)
        #expect(Array(state.changedKeys(of: movie)) == ["name"])
        withExtendedLifetime(model) {}
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

    @Test func clearingRelationshipsAndChangesEmptiesEveryRecordedField() throws {
        let (model, movie) = try Self.movie()
        var state = ObjectState()
        state.setChangedKeys(["name", "year"], of: movie)
        state.toManyValues["movies"] = OrderedSet()
        let kept = state
        state.clearRelationshipsAndChanges()
        #expect(state.changedKeys(of: movie).isEmpty && state.toManyValues.isEmpty && !state.hasChangedKeys)
        #expect(kept.changedKeys(of: movie) == ["name", "year"] && kept.toManyValues["movies"] != nil)
        withExtendedLifetime(model) {}
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
