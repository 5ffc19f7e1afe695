import Foundation
import Testing

@testable import ObjectGraph

/// A row's to-one slot is read as a `ManagedObjectID` without the runtime's cast when the slot
/// holds one as stores put it there; every other content must read as the cast would read it.
@Suite("Property values")
struct PropertyValuesTests {
    @Test func aSlotHoldingAnObjectIDReadsAsThatSameID() throws {
        let (model, entity) = try DetachedObjects.movieEntity()
        let id = ManagedObjectID(entity: entity, primaryKey: 7, persistentStoreIdentifier: "STORE")
        let layout = PropertySlotLayout(names: ["name", "theater"])
        let values = PropertyValues(layout: layout, slots: ["Up", id])
        #expect(values.objectID(inSlot: 1) === id)
        withExtendedLifetime(model) {}
    }

    @Test func onlyANilSlotIsSeenAsHoldingNoValue() throws {
        let layout = PropertySlotLayout(names: ["name", "year", "theater", "rating", "empty"])
        let values = PropertyValues(layout: layout, slots: ["Up", 2009, nil, 8.3, ""])
        #expect((0..<5).map { values[slotValue: $0].isNone } == [false, false, true, false, false])
        #expect(Set(values.keys) == ["name", "year", "rating", "empty"])
    }

    @Test func aSlotHoldingNoIDReadsAsNone() throws {
        let layout = PropertySlotLayout(names: ["name", "year", "theater", "rating"])
        let values = PropertyValues(layout: layout, slots: ["Up", 2009, nil, 8.3])
        for slot in 0..<4 { #expect(values.objectID(inSlot: slot) == nil) }
    }

    @Test func anIDWrappedInAnotherTypeIsStillFoundByTheCast() throws {
        let (model, entity) = try DetachedObjects.movieEntity()
        let id = ManagedObjectID(entity: entity, primaryKey: 3, persistentStoreIdentifier: "STORE")
        // Boxed as `AnyObject`, the slot records another type than `ManagedObjectID`.
        let values = PropertyValues(layout: PropertySlotLayout(names: ["theater"]), slots: [id as AnyObject])
        #expect(values.objectID(inSlot: 0) === id)
        withExtendedLifetime(model) {}
    }

    @Test func readingASlotLeavesTheIDRetainedByTheValuesAlone() throws {
        let (model, entity) = try DetachedObjects.movieEntity()
        weak var released: ManagedObjectID?
        do {
            var values = PropertyValues(
                layout: PropertySlotLayout(names: ["theater"]),
                slots: [ManagedObjectID(entity: entity, primaryKey: 1, persistentStoreIdentifier: "STORE")])
            for _ in 0..<3 { released = values.objectID(inSlot: 0) }
            #expect(released != nil)
            values[slot: 0] = nil
        }
        #expect(released == nil)
        withExtendedLifetime(model) {}
    }

    @Test func aLayoutFindsEachNameWhateverStorageTheKeyIsIn() {
        let long = "numberOfScreeningsThisYear"
        let layout = PropertySlotLayout(names: ["name", "year", long, "released"])
        #expect(layout.slot(of: "year") == 1)
        #expect(layout.slot(of: "released") == 3)
        // A long key made at run time has storage of its own: its bits match no name's.
        var madeLong = "numberOfScreenings"
        madeLong += "ThisYear"
        #expect(StringBits(madeLong) != StringBits(long))
        #expect(layout.slot(of: madeLong) == 2)
        #expect(layout.slot(of: String("yea") + "r") == 1)
        #expect(layout.slot(of: "years") == nil)
        #expect(layout.slot(of: "") == nil)
    }

    @Test func aKeyMatchedByItsBitsComesWithItsSlotsKind() throws {
        let layout = PropertySlotLayout(names: ["name", "theater", "extra"], attributes: ["name"], toOnes: ["theater"])
        let name = try #require(layout.slotAndKind(matchingBitsOf: "name"))
        let theater = try #require(layout.slotAndKind(matchingBitsOf: "theater"))
        let extra = try #require(layout.slotAndKind(matchingBitsOf: "extra"))
        #expect(name.slot == 0 && name.kind == .attribute)
        #expect(theater.slot == 1 && theater.kind == .toOne)
        #expect(extra.slot == 2 && extra.kind == .unknown)
        #expect(layout.slotAndKind(matchingBitsOf: "rating") == nil)
    }
}
