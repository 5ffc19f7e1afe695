import Testing

@testable import ObjectGraph

@Suite struct KeySuggestionTests {
    @Test func suggestsTheNearestKeyIgnoringCase() {
        #expect(KeySuggestion.closest(to: "nmae", among: ["name", "year", "theater"]) == "name")
        #expect(KeySuggestion.closest(to: "Theatre", among: ["name", "year", "theater"]) == "theater")
        #expect(KeySuggestion.closest(to: "YEAR", among: ["name", "year"]) == "year")
    }

    @Test func staysQuietWhenNothingIsClose() {
        #expect(KeySuggestion.closest(to: "zzzzzz", among: ["name", "year"]) == nil)
        #expect(KeySuggestion.closest(to: "name", among: []) == nil)
    }

    @Test func editDistanceCountsSingleEdits() {
        #expect(KeySuggestion.editDistance(Array("kitten"), Array("sitting")) == 3)
        #expect(KeySuggestion.editDistance(Array(""), Array("abc")) == 3)
        #expect(KeySuggestion.editDistance(Array("same"), Array("same")) == 0)
    }

    @Test func swappedNeighbouringLettersAreOneEdit() {
        #expect(KeySuggestion.editDistance(Array("nmae"), Array("name")) == 1)
        #expect(KeySuggestion.editDistance(Array("ca"), Array("abc")) == 3)
        #expect(KeySuggestion.closest(to: "nmae", among: ["image", "name"]) == "name")
        #expect(KeySuggestion.closest(to: "overveiw", among: ["image", "overview"]) == "overview")
    }
}
