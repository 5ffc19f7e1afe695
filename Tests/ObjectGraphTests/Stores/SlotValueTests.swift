import Foundation
import Testing

@testable import ObjectGraph

/// A slot keeps the common attribute types as themselves and anything else boxed; either way,
/// reading it must give back the same value of the same type that was stored.
@Suite("Slot values")
struct SlotValueTests {
    /// Whether `value` comes back from a slot as a `T` equal to it.
    private func roundTrips<T: Equatable>(_ value: T) -> Bool {
        (SlotValue(value).value as? T) == value && type(of: SlotValue(value).value!) == T.self
    }

    @Test func theCommonTypesAreHeldAsThemselves() throws {
        let (model, entity) = try DetachedObjects.movieEntity()
        let id = ManagedObjectID(entity: entity, primaryKey: 9, persistentStoreIdentifier: "STORE")
        let long = String(repeating: "Ünïcode ", count: 40)
        let date = Date(timeIntervalSinceReferenceDate: 86_400.5)
        #expect(roundTrips(42) && roundTrips(Int.min) && roundTrips(-1))
        #expect(roundTrips(8.25) && roundTrips(-0.0) && roundTrips(Double.infinity))
        #expect(roundTrips(true) && roundTrips(false))
        #expect(roundTrips("Up") && roundTrips("") && roundTrips(long))
        #expect(roundTrips(date))
        if case .text(let text) = SlotValue(long) { #expect(text == long) } else { Issue.record("not held as text") }
        if case .integer(42) = SlotValue(42) {} else { Issue.record("not held as an integer") }
        if case .objectID(let held) = SlotValue(id) { #expect(held === id) } else { Issue.record("not held as an ID") }
        #expect(SlotValue(nil).isNone && SlotValue(nil).value == nil)
        withExtendedLifetime(model) {}
    }

    @Test func otherTypesComeBackAsTheyWereGivenNotConverted() {
        let uuid = UUID()
        #expect(roundTrips(Int16(7)) && roundTrips(Int64(7)) && roundTrips(Float(1.5)))
        #expect(roundTrips(Decimal(string: "12.50")!) && roundTrips(Data([0, 1, 2])) && roundTrips(uuid))
        #expect(roundTrips(URL(string: "https://example.com/a")!))
        // A number object stays a number object, not the `Int` a cast would make of it.
        let number = NSNumber(value: 3)
        #expect(SlotValue(number).value as AnyObject === number)
        if case .other = SlotValue(Int16(7)) {} else { Issue.record("an Int16 was converted") }
        // An optional that holds a value is a value of its own type, boxed as given.
        let wrapped: Int? = 5
        #expect(SlotValue(wrapped as Any).value as? Int == 5)
    }

    @Test func aStringSharedWithASlotOutlivesTheSlot() {
        var text = String(repeating: "long text held in storage ", count: 8)
        var slot: SlotValue? = SlotValue(text)
        text += "!"
        #expect((slot?.value as? String)?.hasSuffix("storage ") == true)
        slot = nil
        #expect(text.hasSuffix("!") && slot == nil)
    }
}
