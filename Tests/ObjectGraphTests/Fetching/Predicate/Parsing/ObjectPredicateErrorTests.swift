import Foundation
import Testing

@testable import ObjectGraph

@Suite struct ObjectPredicateErrorTests {
    @Test func unexpectedTokenQuotesThePredicateAndPointsAtTheColumn() {
        #expect(throws: ObjectPredicateError.self) { try ObjectPredicate(format: "name == AND year > 2000") }
        do {
            _ = try ObjectPredicate(format: "name == 'x' AND AND")
            Issue.record("expected a syntax error")
        } catch {
            let expected =
                #"invalid predicate "name == 'x' AND AND": "#
                + "unexpected token 'AND' at column 17, expected a predicate"
            #expect(error.description == expected)
            #expect(error.column == 17)
        }
    }

    @Test func missingValueSaysAValueWasExpected() {
        do {
            _ = try ObjectPredicate(format: "year > AND")
            Issue.record("expected a syntax error")
        } catch {
            #expect(
                error
                    == .unexpectedToken(
                        predicate: "year > AND", column: 8, found: "token 'AND'",
                        expected: "a value"))
            #expect(error.description.contains("unexpected token 'AND' at column 8, expected a value"))
        }
    }

    @Test(arguments: [
        ("name == 'open", "the string starting at column 9 has no closing quote"),
        ("name ^ 2", "unexpected character '^' at column 6"),
        ("name == %@", "%@ at column 9 has no argument (0 arguments were given)"),
        ("year BETWEEN {1, 2, 3}", "BETWEEN needs exactly two bounds, {low, high}, not 3 at column 14"),
        ("name ==[x] 'a'", "unknown comparison option 'x' (use c, d or cd) at column 9"),
        ("year <[c] 2", "'<' does not take [c] at column 7"),
        ("name", "unexpected end of the predicate at column 5, expected a comparison operator"),
        ("(a == 1", "unexpected end of the predicate at column 8, expected ')'"),
        ("a == 1)", "unexpected token ')' at column 7, expected AND, OR or the end of the predicate"),
        ("d == CAST('x', 'NSDate')", "cannot CAST this value to \"NSDate\""),
        ("SUBQUERY(movies, m, m.year > 1).@count > 0", "expected a $variable naming each element"),
    ])
    func malformedPredicatesExplainThemselves(format: String, fragment: String) {
        do {
            _ = try ObjectPredicate(format: format)
            Issue.record("expected an error for \(format)")
        } catch {
            #expect(error.description.contains(fragment), "\(error.description)")
            #expect(error.description.contains("\"" + format.replacingOccurrences(of: "\"", with: "\\\"") + "\""))
        }
    }

    @Test func hostileNestingFailsCleanlyInsteadOfExhaustingTheStack() throws {
        for format in [
            String(repeating: "(", count: 5000) + "a == 1", String(repeating: "NOT ", count: 5000) + "a == 1",
            "a == " + String(repeating: "-(", count: 5000) + "1",
        ] {
            do {
                _ = try ObjectPredicate(format: format)
                Issue.record("expected an error")
            } catch {
                #expect(error.description.contains("nested more than 200 levels deep"))
            }
        }
        let deepButFine = String(repeating: "(", count: 60) + "a == 1" + String(repeating: ")", count: 60)
        #expect(try ObjectPredicate(format: deepButFine).predicateFormat == "a == 1")
    }

    /// `a + b + c` nests `(a + b) + c` one level per operator, with no parentheses to count: a long
    /// chain of operators or subscripts built a tree so deep that walking it overflowed the stack.
    @Test func longOperatorAndSubscriptChainsFailCleanlyInsteadOfExhaustingTheStack() throws {
        for format in [
            "age" + String(repeating: " + 1", count: 10_000) + " > 1",
            "age" + String(repeating: " * 1", count: 10_000) + " > 1",
            "age" + String(repeating: " - -1", count: 10_000) + " > 1",
            "pets" + String(repeating: "[FIRST]", count: 10_000) + " == nil",
        ] {
            do {
                let predicate = try ObjectPredicate(format: format)
                Issue.record("expected an error, parsed \(predicate.predicateFormat.prefix(40))")
            } catch {
                #expect(error.description.contains("nested more than 200 levels deep"))
            }
        }
        let longButFine = "age" + String(repeating: " + 1", count: 150) + " > 1"
        #expect(try ObjectPredicate(format: longButFine).evaluate(with: ["age": 1]))
    }

    @Test func wrongArgumentTypesAreNamed() {
        do {
            _ = try ObjectPredicate(format: "%K == 1", 42)
            Issue.record("expected an error")
        } catch {
            #expect(error.description.hasSuffix("the argument for %K at column 1 must be a key path string, not Int"))
        }
        do {
            _ = try ObjectPredicate(format: "year > %d", "2000")
            Issue.record("expected an error")
        } catch {
            #expect(error.description.hasSuffix("the argument for %d at column 8 must be an integer, not String"))
        }
    }

    @Test func aLongPredicateIsQuotedAroundTheProblemNotWhole() throws {
        let long = String(repeating: "name == 'x' OR ", count: 7_000) + "year > AND rating < 2"
        let error = try #require(throws: ObjectPredicateError.self) { try ObjectPredicate(format: long) }
        let message = error.description
        #expect(message.count < 300)
        #expect(message.hasPrefix("invalid predicate \"…"))
        #expect(message.contains("name == 'x' OR year > AND rating < 2\": unexpected token 'AND'"))
        #expect(message.contains("at column \(long.count - 13)"))
        let short = try #require(throws: ObjectPredicateError.self) { try ObjectPredicate(format: "year > AND") }
        #expect(short.description.hasPrefix("invalid predicate \"year > AND\": "))
    }
}
