import Foundation
import ObjectGraph
import Testing

/// The one count rule save validation and the inspector's `check` share: 0 means "not set" for
/// both bounds, nil is never counted, and an optional relationship may be empty.
@Suite struct RelationshipCountTests {
    private static func toMany(optional: Bool, min: Int = 0, max: Int = 0) -> RelationshipDescription {
        RelationshipDescription(
            name: "items", destinationEntityName: "Item", isToMany: true, minCount: min, maxCount: max,
            isOptional: optional)
    }

    @Test(arguments: [true, false])
    func nothingIsNeverCounted(optional: Bool) {
        #expect(Self.toMany(optional: optional, min: 2, max: 3).countViolation(holding: nil) == nil)
    }

    @Test(arguments: [true, false])
    func anEmptySetWithoutAMinimumIsValid(optional: Bool) {
        #expect(Self.toMany(optional: optional).countViolation(holding: 0) == nil)
        #expect(Self.toMany(optional: optional, max: 3).countViolation(holding: 0) == nil)
    }

    @Test func anEmptyOptionalSetIsValidWhateverItsMinimum() {
        #expect(Self.toMany(optional: true, min: 2).countViolation(holding: 0) == nil)
        #expect(Self.toMany(optional: true, min: 2).countViolation(holding: 1) == .tooFew(count: 1, minimum: 2))
    }

    @Test func anEmptyRequiredSetBreaksASetMinimum() {
        #expect(Self.toMany(optional: false, min: 2).countViolation(holding: 0) == .tooFew(count: 0, minimum: 2))
        #expect(Self.toMany(optional: false, min: 2).countViolation(holding: 2) == nil)
    }

    @Test(arguments: [true, false])
    func aSetMaximumIsEnforced(optional: Bool) {
        let relationship = Self.toMany(optional: optional, max: 3)
        #expect(relationship.countViolation(holding: 3) == nil)
        #expect(relationship.countViolation(holding: 4) == .tooMany(count: 4, maximum: 3))
    }

    @Test func aMaximumOfMinusOneIsUnbounded() {
        #expect(Self.toMany(optional: false, max: -1).countViolation(holding: 1000) == nil)
        #expect(!Self.toMany(optional: false, max: -1).hasCountBounds)
    }

    @Test func theAllowedCountsReadAsARange() {
        #expect(Self.toMany(optional: false, min: 1).allowedCountDescription == "1…∞")
        #expect(Self.toMany(optional: true, min: 1, max: 2).allowedCountDescription == "none or 1…2")
        #expect(Self.toMany(optional: false, max: 5).allowedCountDescription == "0…5")
    }

    @Test func aToOneHasNoCount() {
        let toOne = RelationshipDescription(name: "owner", destinationEntityName: "Item", isOptional: false)
        #expect(toOne.countViolation(holding: 0) == nil)
        #expect(!toOne.hasCountBounds)
    }
}
