import Foundation
import SQLite

@testable import ObjectGraph

/// One object of the test graph: answers keys like a managed object, and identifies as its row.
final class GraphObject: KeyValueReadable, PredicateObjectIdentity, Hashable, CustomStringConvertible {
    let entity: EntityDescription
    let primaryKey: Int64
    var attributes: [String: Any] = [:]
    var toOne: [String: GraphObject] = [:]
    var toMany: [String: [GraphObject]] = [:]

    init(entity: EntityDescription, primaryKey: Int64) {
        self.entity = entity
        self.primaryKey = primaryKey
    }

    func value(forKey key: String) -> Any? {
        if let value = attributes[key] { return value }
        if let object = toOne[key] { return object }
        if let objects = toMany[key] {
            // Ordered relationships answer an array in order, as managed objects answer an OrderedSet.
            return entity.relationshipsByName[key]?.isOrdered == true ? objects : Set(objects) as Any
        }
        if let relationship = entity.relationshipsByName[key], relationship.isToMany { return Set<GraphObject>() }
        return nil
    }

    var predicateIdentity: AnyHashable { AnyHashable("\(entity.rootEntity.name)/\(primaryKey)") }
    var predicatePrimaryKey: Int64? { primaryKey }
    var predicateEntity: EntityDescription? { entity }
    var description: String { "\(entity.name)#\(primaryKey)" }

    static func == (lhs: GraphObject, rhs: GraphObject) -> Bool { lhs === rhs }
    func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
}

/// A random object graph over ``PredicateTestModel``, held both in memory and in a real SQLite
/// database laid out by ``SQLiteLayout`` (rows written directly, as Core Data would store them).
final class PredicateTestGraph {
    let model: ManagedObjectModel
    let layout: SQLiteLayout
    let database: Database
    private(set) var objectsByEntity: [String: [GraphObject]] = [:]

    /// Values the generator draws from, so predicates often hit real rows.
    static let strings = [
        "alpha", "Alpha", "ÁLPHA", "beta", "Bêta", "gamma", "", "a*b", "über", "Ünïcode", "straße",
        "STRASSE", "x%y", "naïve", "delta",
    ]
    static let dates = (0..<6).map { Date(timeIntervalSinceReferenceDate: Double($0) * 86_400 * 365.25 + 1000.5) }
    static let uuids = (0..<3).map { UUID(uuidString: "00000000-0000-0000-0000-00000000000\($0)") ?? UUID() }
    static let urls = ["https://example.com/a", "https://example.com/b"].compactMap(URL.init(string:))

    init<G: RandomNumberGenerator>(using generator: inout G, peopleCount: Int = 24) throws {
        model = try PredicateTestModel.make()
        layout = SQLiteLayout(model: model)
        database = try Database.inMemory()
        for statement in layout.createStatements { try database.execute(statement) }
        try registerPredicateFunctions(on: database)
        build(peopleCount: peopleCount, using: &generator)
        try store()
    }

    func objects(of entityName: String) -> [GraphObject] {
        guard let entity = model.entitiesByName[entityName] else { return [] }
        return entity.selfAndDescendants.flatMap { objectsByEntity[$0.name] ?? [] }
    }

    // MARK: - Building

    private var nextKeyByRoot: [String: Int64] = [:]

    private func make(_ entityName: String) -> GraphObject? {
        guard let entity = model.entitiesByName[entityName] else { return nil }
        let root = entity.rootEntity.name
        let key = (nextKeyByRoot[root] ?? 0) + 1
        nextKeyByRoot[root] = key
        let object = GraphObject(entity: entity, primaryKey: key)
        objectsByEntity[entityName, default: []].append(object)
        return object
    }

    private func build<G: RandomNumberGenerator>(peopleCount: Int, using generator: inout G) {
        func maybe<T>(_ value: @autoclosure () -> T) -> T? {
            Int.random(in: 0..<5, using: &generator) == 0 ? nil : value()
        }
        let companies = (0..<5).compactMap { _ in make("Company") }
        for company in companies {
            company.attributes["name"] = maybe(Self.strings.randomElement(using: &generator) ?? "")
            company.attributes["founded"] = maybe(Self.dates.randomElement(using: &generator) ?? Date())
            company.attributes["revenue"] = maybe(Decimal(Int.random(in: -4...40, using: &generator)) / 4)
            company.attributes["logo"] = maybe(Data([UInt8.random(in: 0...2, using: &generator)]))
        }
        let projects = (0..<6).compactMap { _ in make("Project") }
        for project in projects {
            project.attributes["title"] = maybe(Self.strings.randomElement(using: &generator) ?? "")
            project.attributes["budget"] = maybe(Int.random(in: -5...20, using: &generator))
            project.attributes["rating"] = maybe(Float(Int.random(in: 0...10, using: &generator)) / 2)
        }
        let people = (0..<peopleCount).compactMap { _ in make("Person") }
        for person in people {
            person.attributes["name"] = maybe(Self.strings.randomElement(using: &generator) ?? "")
            person.attributes["nickname"] = maybe(Self.strings.randomElement(using: &generator) ?? "")
            person.attributes["age"] = maybe(Int.random(in: 0...12, using: &generator))
            person.attributes["score"] = maybe(Double(Int.random(in: -8...40, using: &generator)) / 4)
            person.attributes["birthday"] = maybe(Self.dates.randomElement(using: &generator) ?? Date())
            person.attributes["isActive"] = maybe(Bool.random(using: &generator))
            person.attributes["token"] = maybe(Self.uuids.randomElement(using: &generator) ?? UUID())
            person.attributes["homepage"] = maybe(Self.urls[Int.random(in: 0..<Self.urls.count, using: &generator)])
            person.attributes["size"] = maybe(Int.random(in: 0...3, using: &generator))
            if let employer = maybe(companies.randomElement(using: &generator)), let employer {
                link(person, "employer", to: employer, inverse: "staff")
            }
            for project in projects where Int.random(in: 0..<3, using: &generator) == 0 {
                person.toMany["projects", default: []].append(project)
                project.toMany["members", default: []].append(person)
            }
        }
        for person in people.shuffled(using: &generator).prefix(peopleCount / 2) {
            if let mentor = people.randomElement(using: &generator), mentor !== person {
                link(person, "mentor", to: mentor, inverse: "mentees")
            }
        }
        for index in 0..<(peopleCount * 3 / 2) {
            guard let pet = make(index % 3 == 0 ? "Dog" : "Pet") else { continue }
            pet.attributes["name"] = maybe(Self.strings.randomElement(using: &generator) ?? "")
            pet.attributes["weight"] = maybe(Double(Int.random(in: 0...40, using: &generator)) / 4)
            if pet.entity.name == "Dog" {
                pet.attributes["breed"] = maybe(Self.strings.randomElement(using: &generator) ?? "")
            }
            if let owner = maybe(people.randomElement(using: &generator)), let owner {
                link(pet, "owner", to: owner, inverse: "pets")
            }
            if Int.random(in: 0..<3, using: &generator) == 0, let sponsor = companies.randomElement(using: &generator) {
                sponsor.toMany["sponsoredPets", default: []].append(pet)
            }
        }
    }

    private func link(_ object: GraphObject, _ key: String, to destination: GraphObject, inverse: String) {
        object.toOne[key] = destination
        destination.toMany[inverse, default: []].append(object)
    }

    // MARK: - Storing

    /// Writes every object as Core Data lays it out (DESIGN §3.3): Booleans 0/1, dates as seconds since
    /// 2001, decimals as REAL, UUIDs as 16 bytes, URLs as text; to-one keys, join-table rows, hidden keys.
    private func store() throws {
        for (entityName, objects) in objectsByEntity {
            guard let entityLayout = layout.entity(named: entityName) else { continue }
            for object in objects {
                var columns = ["Z_PK", "Z_ENT", "Z_OPT"]
                var values: [SQLiteValue] = [
                    .integer(object.primaryKey), .integer(Int64(entityLayout.entityNumber)), .integer(1),
                ]
                for column in entityLayout.columns {
                    if column.isRelationship {
                        guard let destination = object.toOne[column.propertyName] else { continue }
                        columns.append(column.column)
                        values.append(.integer(destination.primaryKey))
                        if let entityColumn = column.entityColumn,
                            let number = layout.entity(named: destination.entity.name)
                        {
                            columns.append(entityColumn)
                            values.append(.integer(Int64(number.entityNumber)))
                        }
                    } else if let value = object.attributes[column.propertyName] {
                        columns.append(column.column)
                        values.append(Self.sqlValue(value))
                    }
                }
                let placeholders = Array(repeating: "?", count: values.count).joined(separator: ", ")
                try database.execute(
                    "INSERT INTO \(entityLayout.tableName)(\(columns.joined(separator: ", "))) "
                        + "VALUES(\(placeholders))", values)
            }
        }
        // Relationship rows last: a hidden key is written into the destination's row, which must exist.
        for (entityName, objects) in objectsByEntity {
            guard let entity = model.entitiesByName[entityName], let entityLayout = layout.entity(named: entityName)
            else {
                continue
            }
            for (name, storage) in entityLayout.toManyRelationships {
                guard entity.relationshipsByName[name]?.entity === entity || entity.superentity == nil else { continue }
                for object in objects {
                    for destination in object.toMany[name] ?? [] {
                        switch storage {
                        case .joinTable(let table, let ownerColumn, let destinationColumn, _):
                            try database.execute(
                                "INSERT OR IGNORE INTO \(table)(\(ownerColumn), \(destinationColumn)) VALUES(?, ?)",
                                [.integer(object.primaryKey), .integer(destination.primaryKey)])
                        case .hiddenForeignKey(let table, let column, _):
                            try database.execute(
                                "UPDATE \(table) SET \(column) = ? WHERE Z_PK = ?",
                                [.integer(object.primaryKey), .integer(destination.primaryKey)])
                        case .inverseForeignKey(let table, _, let orderColumn?):
                            // Core Data's sparse order keys: 1024, 2048, … in relationship order.
                            let position =
                                Int64((object.toMany[name]?.firstIndex { $0 === destination } ?? 0) + 1) * 1024
                            try database.execute(
                                "UPDATE \(table) SET \(orderColumn) = ? WHERE Z_PK = ?",
                                [.integer(position), .integer(destination.primaryKey)])
                        case .inverseForeignKey:
                            break
                        }
                    }
                }
            }
        }
    }

    static func sqlValue(_ value: Any) -> SQLiteValue {
        switch value {
        case let value as Bool: return .integer(value ? 1 : 0)
        case let value as Int: return .integer(Int64(value))
        case let value as Double: return .real(value)
        case let value as Float: return .real(Double(value))
        case let value as Decimal: return .real(NSDecimalNumber(decimal: value).doubleValue)
        case let value as String: return .text(value)
        case let value as Date: return .real(value.timeIntervalSinceReferenceDate)
        case let value as UUID: return .blob(withUnsafeBytes(of: value.uuid) { Data($0) })
        case let value as URL: return .text(value.absoluteString)
        case let value as Data: return .blob(value)
        default: return .null
        }
    }

    // MARK: - Querying

    /// The primary keys the store returns for `predicate` over `entityName` (sub-entities included).
    func sqlResult(_ predicate: ObjectPredicate, entityName: String) throws -> Set<Int64> {
        guard let entity = model.entitiesByName[entityName], let entityLayout = layout.entity(named: entityName) else {
            return []
        }
        let sql = try predicate.sql(for: entity, layout: layout)
        let numbers = entityLayout.entityNumbersIncludingSubentities.map(String.init).joined(separator: ", ")
        let statement =
            "SELECT t0.Z_PK FROM \(entityLayout.tableName) t0\(sql.joinClause) "
            + "WHERE t0.Z_ENT IN (\(numbers)) AND (\(sql.whereClause))"
        return Set(try database.rows(statement, sql.bindings).compactMap { $0[0].int64Value })
    }

    /// The primary keys of the objects for which the in-memory evaluator says true.
    func memoryResult(_ predicate: ObjectPredicate, entityName: String) -> Set<Int64> {
        Set(objects(of: entityName).filter(predicate).map(\.primaryKey))
    }
}
