import Foundation
import Testing

@testable import ObjectGraph

/// A small object graph for the evaluator: classes answering keys, as managed objects do.
private final class Theater: KeyValueReadable {
    let name: String
    var movies: [Movie] = []
    init(name: String) { self.name = name }
    func value(forKey key: String) -> Any? {
        switch key {
        case "name": return name
        case "movies": return Set(movies)
        default: return nil
        }
    }
}

private final class Movie: KeyValueReadable, Hashable {
    let name: String
    let year: Int?
    let rating: Double
    weak var theater: Theater?
    init(name: String, year: Int?, rating: Double) {
        self.name = name
        self.year = year
        self.rating = rating
    }
    func value(forKey key: String) -> Any? {
        switch key {
        case "name": return name
        case "year": return year
        case "rating": return rating
        case "theater": return theater
        default: return nil
        }
    }
    static func == (lhs: Movie, rhs: Movie) -> Bool { lhs === rhs }
    func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
}

@Suite struct ObjectPredicateEvaluationTests {
    private static func makeTheater() -> Theater {
        let theater = Theater(name: "My House")
        theater.movies = [
            Movie(name: "Up", year: 2009, rating: 8.2),
            Movie(name: "Amélie", year: 2001, rating: 8.3),
            Movie(name: "Heat", year: 1995, rating: 8.3),
            Movie(name: "Untitled", year: nil, rating: 5),
        ]
        for movie in theater.movies { movie.theater = theater }
        return theater
    }

    private func names(_ format: String, _ arguments: Any?...) throws -> [String] {
        let predicate = try ObjectPredicate(format: format, argumentArray: arguments)
        return Self.makeTheater().movies.filter(predicate).map(\.name)
    }

    @Test func comparesNumbersAcrossTypes() throws {
        #expect(try names("year > 2000") == ["Up", "Amélie"])
        #expect(try names("year == 2009.0") == ["Up"])
        #expect(try names("rating >= %@", Decimal(string: "8.3")) == ["Amélie", "Heat"])
        #expect(try names("year BETWEEN {1995, 2001}") == ["Amélie", "Heat"])
        #expect(try ObjectPredicate(format: "flag == 1").evaluate(with: ["flag": true]))
    }

    @Test func nilEqualsOnlyNilAndOrdersWithNothing() throws {
        #expect(try names("year == nil") == ["Untitled"])
        #expect(try names("year != 2009") == ["Amélie", "Heat", "Untitled"])
        #expect(try names("NOT year > 2000") == ["Heat", "Untitled"])
        #expect(try names("year < 3000") == ["Up", "Amélie", "Heat"])
    }

    @Test func stringOperatorsHonourCaseAndDiacriticOptions() throws {
        #expect(try names("name BEGINSWITH 'u'") == [])
        #expect(try names("name BEGINSWITH[c] 'u'") == ["Up", "Untitled"])
        #expect(try names("name ==[c] 'AMÉLIE'") == ["Amélie"])
        #expect(try names("name ==[cd] 'amelie'") == ["Amélie"])
        #expect(try names("name ==[d] 'amelie'") == [])
        #expect(try names("name ENDSWITH 'at'") == ["Heat"])
        #expect(try names("name CONTAINS[cd] 'ELI'") == ["Amélie"])
        #expect(try names("name CONTAINS ''") == [])
        #expect(try names("name LIKE 'U*'") == ["Up", "Untitled"])
        #expect(try names("name LIKE[c] '?E*'") == ["Heat"])
        #expect(try names("name MATCHES 'U.'") == ["Up"])
        #expect(try names("name MATCHES[c] 'u.*d'") == ["Untitled"])
        #expect(try names("name MATCHES '[unclosed'") == [])
        #expect(try names("name IN {'Up', 'Heat'}") == ["Up", "Heat"])
        #expect(try names("name IN[c] %@", ["UP"]) == ["Up"])
        #expect(try names("'ea' IN name") == ["Heat"])
    }

    @Test func keyPathsFollowToOneAndToManyRelationships() throws {
        let theater = Self.makeTheater()
        #expect(try ObjectPredicate(format: "theater.name == 'My House'").evaluate(with: theater.movies[0]))
        #expect(try ObjectPredicate(format: "ANY movies.year > 2005").evaluate(with: theater))
        #expect(try !ObjectPredicate(format: "ALL movies.year > 1990").evaluate(with: theater))
        #expect(try ObjectPredicate(format: "ALL movies.rating > 4").evaluate(with: theater))
        #expect(try ObjectPredicate(format: "NONE movies.name == 'Jaws'").evaluate(with: theater))
        #expect(try ObjectPredicate(format: "movies.@count == 4").evaluate(with: theater))
        #expect(try ObjectPredicate(format: "movies.@max.year == 2009").evaluate(with: theater))
        #expect(try ObjectPredicate(format: "movies.@min.year == 1995").evaluate(with: theater))
        #expect(try ObjectPredicate(format: "movies.@sum.year == 6005").evaluate(with: theater))
        #expect(
            try ObjectPredicate(format: "movies.year.@avg > 2001.6 AND movies.@avg.year < 2001.7")
                .evaluate(with: theater))
        #expect(
            try ObjectPredicate(format: "SUBQUERY(movies, $m, $m.rating > 8 AND $m.year < 2005).@count == 2")
                .evaluate(with: theater))
        #expect(try ObjectPredicate(format: "ANY movies == %@", theater.movies[1]).evaluate(with: theater))
        #expect(try ObjectPredicate(format: "%@ IN movies", theater.movies[1]).evaluate(with: theater))
        #expect(try ObjectPredicate(format: "movies CONTAINS %@", theater.movies[1]).evaluate(with: theater))
    }

    @Test func emptyCollectionsFollowTheQuantifierRules() throws {
        let empty = Theater(name: "Empty")
        #expect(try !ObjectPredicate(format: "ANY movies.year > 0").evaluate(with: empty))
        #expect(try ObjectPredicate(format: "ALL movies.year > 0").evaluate(with: empty))
        #expect(try ObjectPredicate(format: "movies.@count == 0 AND movies.@sum.year == 0").evaluate(with: empty))
        #expect(try ObjectPredicate(format: "movies.@max.year == nil").evaluate(with: empty))
    }

    @Test func dictionariesAndPlainValuesAreEvaluated() throws {
        let rows: [[String: Any]] = [["name": "a", "tags": ["x", "y"]], ["name": "b", "tags": [String]()]]
        #expect(rows.filter(try ObjectPredicate(format: "ANY tags == 'y'")).count == 1)
        #expect([1, 5, 10].filter(try ObjectPredicate(format: "SELF BETWEEN {2, 10}")) == [5, 10])
        #expect(
            ["apple", "Avocado", "kiwi"].filter(try ObjectPredicate(format: "SELF BEGINSWITH[c] 'a'"))
                == ["apple", "Avocado"])
    }

    @Test func substitutionVariablesAreReadDuringEvaluation() throws {
        let predicate = try ObjectPredicate(format: "year > $YEAR")
        #expect(predicate.evaluate(with: ["year": 2009], substitutionVariables: ["YEAR": 2000]))
        #expect(!predicate.evaluate(with: ["year": 2009], substitutionVariables: [:]))
    }

    @Test func arithmeticFollowsSQLiteRules() throws {
        let row: [String: Any] = ["a": 7, "b": 2, "x": 2.5, "big": Int64.max]
        for format in [
            "a + b == 9", "a - b * 2 == 3", "a / b == 3.5", "-a == -7", "b ** 3 == 8", "x * 2 == 5",
            "(a + 1) / (b - 2) == nil", "big + 1 > big - 1", "missing + 1 == nil", "-(-a) == 7",
        ] {
            #expect(try ObjectPredicate(format: format).evaluate(with: row), "\(format)")
        }
    }

    @Test func indexesPickFromOrderedCollections() throws {
        let row: [String: Any] = ["names": ["a", "b", "c"], "empty": [String]()]
        for format in [
            "names[FIRST] == 'a'", "names[LAST] == 'c'", "names[1] == 'b'", "names[SIZE] == 3",
            "names[7] == nil", "empty[FIRST] == nil", "empty[SIZE] == 0", "{4, 5}[LAST] == 5",
            "missing[SIZE] == 0",
        ] {
            #expect(try ObjectPredicate(format: format).evaluate(with: row), "\(format)")
        }
        #expect(try ObjectPredicate(format: "names[%d] == 'c'", 2).evaluate(with: row))
    }

    @Test func subscriptsReadDictionaryEntries() throws {
        let row: [String: Any] = [
            "info": ["color": "red", "a.b": 1, "dims": ["w": 3]] as [String: Any],
            "rows": [["name": "a"], ["name": "b"]],
        ]
        for format in [
            #"info["color"] == "red""#, "info['a.b'] == 1", "info['dims']['w'] == 3", "info['missing'] == nil",
            "rows[LAST]['name'] == 'b'", "missing['x'] == nil", "ANY rows['name'] == 'a'",
        ] {
            #expect(try ObjectPredicate(format: format).evaluate(with: row), "\(format)")
        }
        #expect(try ObjectPredicate(format: "info[%@] == %@", "color", "red").evaluate(with: row))
        #expect(throws: ObjectPredicateError.self) { try ObjectPredicate(format: "info[%@] == 1", 2) }
    }

    @Test func datesCompareInTime() throws {
        let early = Date(timeIntervalSinceReferenceDate: 0)
        let late = Date(timeIntervalSinceReferenceDate: 100)
        let predicate = try ObjectPredicate(format: "date > %@", early)
        #expect(predicate.evaluate(with: ["date": late]))
        #expect(try ObjectPredicate(format: predicate.predicateFormat).evaluate(with: ["date": late]))
        #expect(!predicate.evaluate(with: ["date": early]))
    }
}
