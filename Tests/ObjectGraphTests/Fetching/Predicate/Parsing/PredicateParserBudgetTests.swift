import Foundation
import ObjectGraph
import Testing

/// Parentheses start either a group or an expression, so the parser tries both; nested hostile
/// ones were read polynomially often (a fuzzed 234-byte predicate took seconds). A budget on the
/// readings tried refuses such input in one clear error, and leaves real predicates alone.
@Suite struct PredicateParserBudgetTests {
    private func tangled(_ nesting: Int) -> String {
        let open = String(repeating: "(", count: nesting)
        return open + "SUBQUERY($boks, $b,!!" + open + "SUBQUERY($boks, $b,!!" + open + "1E9(- 9e M)E9ce < 9e )"
    }

    @Test func tangledParenthesesAreRefusedInOneError() {
        let error = #expect(throws: ObjectPredicateError.self) { try ObjectPredicate(format: tangled(80)) }
        #expect(error != nil)
    }

    @Test func aLongButPlainPredicateStillParses() throws {
        let terms = (0..<500).map { "(pages == \($0) AND (title BEGINSWITH 'a' OR title ENDSWITH 'z'))" }
        let predicate = try ObjectPredicate(format: terms.joined(separator: " OR "))
        #expect(predicate.predicateFormat.contains("pages == 499"))
    }

    @Test func deepButHonestNestingStillParses() throws {
        let format = String(repeating: "(", count: 60) + "pages > 1" + String(repeating: ")", count: 60)
        #expect(try ObjectPredicate(format: format).predicateFormat == "pages > 1")
    }
}
