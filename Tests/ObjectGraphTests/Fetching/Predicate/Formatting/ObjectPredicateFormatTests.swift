import Foundation
import Testing

@testable import ObjectGraph

@Suite struct ObjectPredicateFormatTests {
    @Test(arguments: [
        ("name == 'Up' AND year > 2000", #"name == "Up" AND year > 2000"#),
        ("name = \"Up\" && year => 2000 || year =< 1990", #"(name == "Up" AND year >= 2000) OR year <= 1990"#),
        ("a <> 1", "a != 1"),
        ("NOT a == 1", "NOT a == 1"),
        ("!(a == 1 OR b == 2)", "NOT (a == 1 OR b == 2)"),
        ("name beginswith[CD] 'a'", #"name BEGINSWITH[cd] "a""#),
        ("name like[c] 'a*b?'", #"name LIKE[c] "a*b?""#),
        ("name MATCHES '^[a-z]+$'", #"name MATCHES "^[a-z]+$""#),
        ("year BETWEEN {1990, 2000}", "year BETWEEN {1990, 2000}"),
        ("year IN {1, 2, 3}", "year IN {1, 2, 3}"),
        ("some movies.year > 2000", "ANY movies.year > 2000"),
        ("NONE movies.year > 2000", "NOT ANY movies.year > 2000"),
        ("all movies.year > 2000", "ALL movies.year > 2000"),
        ("movies.@count > 2", "movies.@count > 2"),
        ("movies.@max.year < 2000", "movies.@max.year < 2000"),
        (
            "SUBQUERY(movies, $m, $m.year > 2000 AND $m.name CONTAINS 'a').@count > 0",
            #"SUBQUERY(movies, $m, $m.year > 2000 AND $m.name CONTAINS "a").@count > 0"#
        ),
        ("truepredicate", "TRUEPREDICATE"),
        ("FALSEPREDICATE", "FALSEPREDICATE"),
        ("theater == NULL", "theater == nil"),
        ("flag == true and other == no", "flag == YES AND other == NO"),
        ("SELF IN {1, 2}", "SELF IN {1, 2}"),
        ("#size > 3 AND a.#first == 1", "#size > 3 AND a.#first == 1"),
        ("price > 2.5 AND delta > -3 AND x == 0x1F", "price > 2.5 AND delta > -3 AND x == 31"),
        ("year > $YEAR", "year > $YEAR"),
        (#"name == 'it\'s "quoted"'"#, #"name == "it's \"quoted\"""#),
        ("date > CAST(781056000.000000, \"NSDate\")", #"date > CAST(781056000.000000, "NSDate")"#),
        ("name LIKE '100%%'", #"name LIKE "100%%""#),
        ("(year + 1) * 2 > 4000", "(year + 1) * 2 > 4000"),
        (
            "movies[first].name == 'a' AND movies[Last] != nil AND {1, 2}[SIZE] == movies[3].year",
            #"movies[FIRST].name == "a" AND movies[LAST] != nil AND {1, 2}[SIZE] == movies[3].year"#
        ),
        ("year+1*2-3/4 == -x ** 2 ** 3", "year + 1 * 2 - 3 / 4 == -x ** 2 ** 3"),
        ("(a - b) - (c - d) == (-a) ** 2", "a - b - (c - d) == (-a) ** 2"),
        ("((a == 1)) AND (b + 1) == 2", "a == 1 AND b + 1 == 2"),
        ("a == 99999999999999999999 OR a == -9223372036854775808", "a == 1e+20 OR a == -9223372036854775808"),
    ])
    func canonicalFormatMatchesFoundation(input: String, expected: String) throws {
        let predicate = try ObjectPredicate(format: input)
        #expect(predicate.predicateFormat == expected)
        #expect(try ObjectPredicate(format: predicate.predicateFormat) == predicate)
    }

    @Test func dictionarySubscriptsPrintQuotedAndReadBack() throws {
        let predicate = try ObjectPredicate(format: "info['a b'][\"c\"] == 1 AND rows[FIRST][%@] != nil", "k")
        #expect(predicate.predicateFormat == #"info["a b"]["c"] == 1 AND rows[FIRST]["k"] != nil"#)
        #expect(try ObjectPredicate(format: predicate.predicateFormat) == predicate)
    }

    @Test func formatArgumentsBecomeLiteralsAndKeyPaths() throws {
        let date = Date(timeIntervalSinceReferenceDate: 1000.5)
        let predicate = try ObjectPredicate(
            format: "%K == %@ AND year > %d AND rating >= %f AND count < %ld AND seen == %@ AND tags IN %@ "
                + "AND premiere < %@ AND note == %@",
            "theater.name", "My House", 2000, 2.5, 7, true, ["a", "b"], date, nil as String?)
        #expect(
            predicate.predicateFormat == #"theater.name == "My House" AND year > 2000 AND rating >= 2.5 "#
                + #"AND count < 7 AND seen == YES AND tags IN {"a", "b"} AND premiere < CAST(1000.500000, "NSDate") "#
                + "AND note == nil")
    }

    @Test func nsNullArgumentsAreNilAndPrintAsNil() throws {
        let predicate = try ObjectPredicate(format: "note == %@ OR tags IN %@", NSNull(), [NSNull(), "a"])
        #expect(predicate.predicateFormat == #"note == nil OR tags IN {nil, "a"}"#)
        #expect(try ObjectPredicate(format: predicate.predicateFormat) == predicate)
        #expect(predicate.evaluate(with: ["note": NSNull()] as [String: Any]))
        #expect(!predicate.evaluate(with: ["note": "x", "tags": "b"] as [String: Any]))
    }

    @Test func percentSignInsideQuotesStaysLiteral() throws {
        let predicate = try ObjectPredicate(format: "name == '%@'")
        #expect(predicate.evaluate(with: ["name": "%@"]))
        #expect(try ObjectPredicate(format: "name == '50%%'").evaluate(with: ["name": "50%"]))
    }

    @Test func compoundConstructorsNestAndPrint() throws {
        let a = try ObjectPredicate(format: "a == 1")
        let b = try ObjectPredicate(format: "b == 2 OR c == 3")
        let combined = ObjectPredicate.and([a, ObjectPredicate.not(b)])
        #expect(combined.predicateFormat == "a == 1 AND NOT (b == 2 OR c == 3)")
        #expect(ObjectPredicate.and([]).predicateFormat == "TRUEPREDICATE")
        #expect(ObjectPredicate.or([]).predicateFormat == "FALSEPREDICATE")
        #expect(ObjectPredicate.or([a]) == a)
        #expect(try ObjectPredicate(format: combined.predicateFormat) == combined)
    }

    @Test func equalPredicatesHashEqually() throws {
        let first = try ObjectPredicate(format: "name ==[c] %@", "x")
        let second = try ObjectPredicate(format: "name ==[c] 'x'")
        #expect(first == second)
        #expect(Set([first, second]).count == 1)
        #expect(first != (try ObjectPredicate(format: "name == 'x'")))
        #expect(first.description == first.predicateFormat)
    }

    @Test func substitutionVariablesAreReplacedOutsideSubqueries() throws {
        let template = try ObjectPredicate(format: "year > $YEAR AND SUBQUERY(movies, $m, $m.year > $YEAR).@count > 0")
        let concrete = try template.withSubstitutionVariables(["YEAR": 2000])
        #expect(concrete.predicateFormat == "year > 2000 AND SUBQUERY(movies, $m, $m.year > 2000).@count > 0")
        #expect(
            throws: ObjectPredicateError.missingSubstitutionVariable(predicate: template.predicateFormat, name: "YEAR")
        ) {
            try template.withSubstitutionVariables([:])
        }
    }
}
