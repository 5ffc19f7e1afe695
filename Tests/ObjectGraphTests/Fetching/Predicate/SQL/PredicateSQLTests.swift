import Foundation
import SQLite
import TestSupport
import Testing

@testable import ObjectGraph

@Suite struct PredicateSQLTests {
    /// Predicates whose SQL is pinned in `Golden/PredicateSQLShapes.txt` (regenerate with
    /// `UPDATE_GOLDEN=1 swift test --filter PredicateSQLTests`).
    static let shapes: [(entity: String, format: String)] = [
        ("Person", #"name == "Up" AND age > 20"#),
        ("Person", "employer.name == 'Acme'"),
        ("Person", "employer.name == 'Acme' OR employer.founded > CAST(0.000000, \"NSDate\")"),
        ("Person", "mentor.mentor.employer.name BEGINSWITH[cd] 'a'"),
        ("Person", "name != 'x'"),
        ("Person", "name == nil OR nickname != nil"),
        ("Person", "NOT age > 3"),
        ("Person", "name == nickname"),
        ("Person", "age IN {1, 2, 3}"),
        ("Person", "age IN {1, nil}"),
        ("Person", "name IN[c] {'a', 'B'}"),
        ("Person", "age BETWEEN {1, 5}"),
        ("Person", "name LIKE[c] 'a*' AND nickname MATCHES '[a-z]+' AND name ENDSWITH 'x'"),
        ("Person", "ANY pets.weight > 2.5"),
        ("Person", "ALL pets.weight > 2.5"),
        ("Person", "NONE pets.name == 'Rex'"),
        ("Person", "pets.@count > 1"),
        ("Person", "projects.@count > 1"),
        ("Person", "pets.@sum.weight > 3 AND pets.@avg.weight < 4 AND pets.@max.name == 'z' AND pets.weight.@min > 0"),
        ("Person", "ANY projects.title CONTAINS 'al'"),
        ("Person", "ANY employer.staff.projects.title == 'x'"),
        ("Person", "ANY pets.owner.employer.name == 'x'"),
        ("Person", "SUBQUERY(pets, $p, $p.weight > 2 AND $p.owner.name == nil).@count > 0"),
        ("Person", "SUBQUERY(projects, $p, ANY $p.members.age > 3).@count == 0"),
        ("Person", "SELF == %@",),
        ("Person", "employer == %@"),
        ("Company", "ANY sponsoredPets.name == 'Rex'"),
        ("Company", "revenue > 2.5 AND logo != nil"),
        ("Pet", "owner.token == %@ AND owner.homepage == %@"),
        ("Person", "TRUEPREDICATE AND NOT FALSEPREDICATE"),
        ("Person", "(age + 1) * 2 > score / 2 AND -#size ** 2 < pets.@count - 1"),
        (
            "Person",
            "pets[FIRST].name == 'x' AND pets[LAST].owner.name == nil AND pets[SIZE] > 1 AND pets[2].weight > 2"
        ),
    ]

    private static func arguments(for format: String, graph: PredicateTestGraph) -> [Any?] {
        switch format {
        case "SELF == %@": return [graph.objects(of: "Person").first]
        case "employer == %@": return [graph.objects(of: "Company").first]
        case "owner.token == %@ AND owner.homepage == %@":
            return [PredicateTestGraph.uuids[0], PredicateTestGraph.urls[0]]
        default: return []
        }
    }

    @Test func compiledSQLMatchesGoldenFile() throws {
        var generator = PredicateRandomGenerator(seed: 1)
        let graph = try PredicateTestGraph(using: &generator, peopleCount: 4)
        var output = ""
        for (entityName, format) in Self.shapes {
            let predicate = try ObjectPredicate(
                format: format, argumentArray: Self.arguments(for: format, graph: graph))
            let entity = try #require(graph.model.entitiesByName[entityName])
            let sql = try predicate.sql(for: entity, layout: graph.layout)
            output += "\(entityName): \(predicate.predicateFormat)\n"
            for join in sql.joins { output += "  JOIN: \(join)\n" }
            output += "  WHERE: \(sql.whereClause)\n"
            output += "  BINDINGS: \(sql.bindings.map(\.description).joined(separator: ", "))\n"
            // Every shape must also run.
            _ = try graph.sqlResult(predicate, entityName: entityName)
        }
        try Golden.assert(output, matches: "PredicateSQLShapes.txt")
    }

    @Test func valuesAreBoundNeverSpliced() throws {
        var generator = PredicateRandomGenerator(seed: 2)
        let graph = try PredicateTestGraph(using: &generator, peopleCount: 2)
        let hostile = "x'); DROP TABLE ZPERSON; --"
        let predicate = try ObjectPredicate(format: "name == %@ OR ANY pets.name BEGINSWITH[c] %@", hostile, hostile)
        let entity = try #require(graph.model.entitiesByName["Person"])
        let sql = try predicate.sql(for: entity, layout: graph.layout)
        #expect(!sql.whereClause.contains("DROP"))
        #expect(sql.bindings == [.text(hostile), .text(hostile)])
        #expect(try graph.sqlResult(predicate, entityName: "Person").isEmpty)
    }

    @Test func unknownKeyNamesTheEntityAndTheClosestKey() throws {
        let model = try PredicateTestModel.make()
        let layout = SQLiteLayout(model: model)
        let person = try #require(model.entitiesByName["Person"])
        let predicate = try ObjectPredicate(format: "employer.nmae == 'Acme'")
        #expect(
            throws: ObjectPredicateError.unknownKey(
                predicate: predicate.predicateFormat, entity: "Company",
                key: "nmae", closestKey: "name")
        ) {
            try predicate.sql(for: person, layout: layout)
        }
        do {
            _ = try ObjectPredicate(format: "agee > 3").sql(for: person, layout: layout)
        } catch {
            #expect(
                error.description == #"predicate "agee > 3": entity Person has no property 'agee'; did you mean 'age'?"#
            )
        }
        do {
            _ = try ObjectPredicate(format: "zzzzzz > 3").sql(for: person, layout: layout)
        } catch {
            #expect(error.description == #"predicate "zzzzzz > 3": entity Person has no property 'zzzzzz'"#)
        }
    }

    @Test(arguments: [
        ("age == 'old'", "age (Integer 32) is a number but is compared with \"old\", a string"),
        ("pets.weight > 2", "'pets.weight' is a to-many relationship: compare it with ANY, ALL or NONE"),
        ("name.@count > 2", "@count needs a to-many relationship before it, but 'name' is not one"),
        ("name.first == 'a'", "'name' is an attribute, so the key path cannot continue with 'first'"),
        ("age > $LIMIT", "$LIMIT has no value; call withSubstitutionVariables(_:) first"),
        ("token < %@", "token (UUID) is a UUID, which has no order"),
        ("pets.@sum.name > 1", "@sum needs numbers, but pets.name (String) is a string"),
        ("age BEGINSWITH '1'", "BEGINSWITH needs strings, but age (Integer 32) is a number"),
        ("name['x'] == 1", #"name["x"] reads a dictionary, and a store keeps dictionaries as transformable data"#),
    ])
    func unsupportedComparisonsExplainThemselves(format: String, fragment: String) throws {
        let model = try PredicateTestModel.make()
        let person = try #require(model.entitiesByName["Person"])
        do {
            _ = try ObjectPredicate(format: format, PredicateTestGraph.uuids[0]).sql(
                for: person, layout: SQLiteLayout(model: model))
            Issue.record("expected an error for \(format)")
        } catch {
            #expect(error.description.contains(fragment), "\(error.description)")
        }
    }

    @Test func stringFunctionsFoldLikeTheEvaluator() throws {
        let database = try Database.inMemory()
        try registerPredicateFunctions(on: database)
        let cases: [(String, [SQLiteValue], Int64)] = [
            ("SELECT NSCoreDataStringSearch(?, ?, 0, 3)", [.text("Ünïcode"), .text("unicode")], 1),
            ("SELECT NSCoreDataStringSearch(?, ?, 1, 1)", [.text("Alpha"), .text("al")], 1),
            ("SELECT NSCoreDataStringSearch(?, ?, 2, 0)", [.text("Alpha"), .text("HA")], 0),
            ("SELECT NSCoreDataStringSearch(?, ?, 3, 2)", [.text("naïve"), .text("ai")], 1),
            ("SELECT NSCoreDataStringSearch(?, ?, 3, 0)", [.text("abc"), .text("")], 0),
            ("SELECT NSCoreDataStringSearch(NULL, NULL, 0, 1)", [], 1),
            ("SELECT NSCoreDataStringSearch(NULL, ?, 1, 1)", [.text("a")], 0),
            ("SELECT NSCoreDataLike(?, ?, 1)", [.text("Alpha"), .text("a?p*")], 1),
            ("SELECT NSCoreDataLike(?, ?, 0)", [.text("a*b"), .text("a\\*b")], 1),
            ("SELECT NSCoreDataMatches(?, ?, 1)", [.text("Beta"), .text("b.t")], 0),
            ("SELECT NSCoreDataMatches(?, ?, 1)", [.text("Beta"), .text("b.ta")], 1),
            ("SELECT NSCoreDataMatches(?, ?, 0)", [.text("ab"), .text("a|ab")], 1),
            ("SELECT NSCoreDataMatches(?, ?, 0)", [.text("ab"), .text("a)|(b")], 0),
        ]
        for (sql, bindings, expected) in cases {
            #expect(try database.scalar(sql, bindings) == .integer(expected), "\(sql) \(bindings)")
        }
    }
}
