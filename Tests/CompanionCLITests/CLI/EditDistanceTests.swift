import Testing

@testable import CompanionCLI

@Suite struct EditDistanceTests {
    @Test func aSwapOfNeighboursCostsOne() {
        #expect(EditDistance.between("inpsect", "inspect") == 1)
        #expect(EditDistance.between("nmae", "name") == 1)
    }

    @Test func insertionsDeletionsAndSubstitutionsEachCostOne() {
        #expect(EditDistance.between("lesson", "lessons") == 1)
        #expect(EditDistance.between("Usr", "User") == 1)
        #expect(EditDistance.between("summry", "summary") == 1)
        #expect(EditDistance.between("kitten", "sitting") == 3)
        #expect(EditDistance.between("", "abc") == 3)
    }

    @Test func caseDoesNotCount() {
        #expect(EditDistance.between("USER", "user") == 0)
    }

    @Test func theClosestCandidateWithinAThirdOfTheLengthIsSuggested() {
        #expect(EditDistance.closest(to: "inpsect", among: ["model", "inspect", "lessons"]) == "inspect")
        #expect(EditDistance.closest(to: "row", among: StoreCommand.names) == "rows")
        #expect(EditDistance.suggestion(for: "lesson", among: ["lessons"]) == "; did you mean 'lessons'?")
    }

    @Test func aWordFarFromEveryCandidateSuggestsNothing() {
        #expect(EditDistance.closest(to: "frobnicate", among: CompanionSubcommand.allCases.map(\.name)) == nil)
        #expect(EditDistance.closest(to: "gone.sqlite", among: StoreCommand.names) == nil)
        #expect(EditDistance.suggestion(for: "xy", among: ["model"]) == "")
    }
}
