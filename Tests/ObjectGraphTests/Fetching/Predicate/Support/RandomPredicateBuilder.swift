import Foundation

@testable import ObjectGraph

/// Writes random predicate format strings (with their `%@` arguments) over ``PredicateTestModel``,
/// covering every operator, option, quantifier, aggregate, key-path shape and literal kind the SQL
/// back end supports.
struct RandomPredicateBuilder<G: RandomNumberGenerator> {
    var generator: G
    let graph: PredicateTestGraph
    /// Whether managed-object arguments may appear (they have no literal form, so round trips skip them).
    var allowsObjects = true
    private(set) var arguments: [Any?] = []
    private(set) var usesObjects = false
    private var variableCount = 0

    init(generator: G, graph: PredicateTestGraph) {
        self.generator = generator
        self.graph = graph
    }

    /// A new random predicate over `entity`; returns its format and arguments.
    mutating func makePredicate(for entity: EntityDescription) -> (format: String, arguments: [Any?], usesObjects: Bool)
    {
        arguments = []
        usesObjects = false
        variableCount = 0
        let format = predicate(on: entity, prefix: "", depth: 3)
        return (format, arguments, usesObjects)
    }

    // MARK: - Random helpers

    private mutating func chance(_ oneIn: Int) -> Bool { Int.random(in: 0..<oneIn, using: &generator) == 0 }

    private mutating func pick<T>(_ items: [T]) -> T { items[Int.random(in: 0..<items.count, using: &generator)] }

    private mutating func argument(_ value: Any?) -> String {
        arguments.append(value)
        return "%@"
    }

    // MARK: - Predicates

    private mutating func predicate(on entity: EntityDescription, prefix: String, depth: Int) -> String {
        let roll = Int.random(in: 0..<10, using: &generator)
        if depth > 0, roll < 3 {
            let count = Int.random(in: 2...3, using: &generator)
            var parts: [String] = []
            for _ in 0..<count { parts.append("(" + predicate(on: entity, prefix: prefix, depth: depth - 1) + ")") }
            return parts.joined(separator: pick([" AND ", " OR ", " && ", " || ", " and ", " or "]))
        }
        if depth > 0, roll == 3 {
            return pick(["NOT ", "!", "not "]) + "(" + predicate(on: entity, prefix: prefix, depth: depth - 1) + ")"
        }
        if chance(40) { return pick(["TRUEPREDICATE", "FALSEPREDICATE", "truepredicate"]) }
        switch Int.random(in: 0..<13, using: &generator) {
        case 0...3: return attributeComparison(on: entity, path: prefix)
        case 4: return toOneComparison(on: entity, prefix: prefix)
        case 5, 6: return quantified(on: entity, prefix: prefix, depth: depth)
        case 7: return aggregateComparison(on: entity, prefix: prefix)
        case 8: return subquery(on: entity, prefix: prefix, depth: depth)
        case 9: return keyToKey(on: entity, prefix: prefix)
        case 10 where allowsObjects: return objectComparison(on: entity, prefix: prefix)
        case 11:
            return chance(2)
                ? arithmeticComparison(on: entity, prefix: prefix) : indexComparison(on: entity, prefix: prefix)
        default: return attributeComparison(on: entity, path: prefix)
        }
    }

    private func attributes(of entity: EntityDescription) -> [AttributeDescription] {
        entity.attributesByName.values.sorted { $0.name < $1.name }
    }

    private func relationships(of entity: EntityDescription, toMany: Bool) -> [RelationshipDescription] {
        entity.relationshipsByName.values.filter { $0.isToMany == toMany }.sorted { $0.name < $1.name }
    }

    /// `name BEGINSWITH[c] "al"`, `age BETWEEN {1, 5}`, `birthday > CAST(…)`.
    private mutating func attributeComparison(on entity: EntityDescription, path: String) -> String {
        let attribute = pick(attributes(of: entity))
        let key = path + keyText(attribute.name)
        return key + " " + operatorAndValue(for: attribute.attributeType)
    }

    private func keyText(_ name: String) -> String {
        PredicateKeyword.isReserved(name) ? "#" + name : name
    }

    private mutating func operatorAndValue(for type: AttributeType) -> String {
        switch type {
        case .string:
            let options = pick(["", "", "[c]", "[d]", "[cd]", "[CD]"])
            switch Int.random(in: 0..<9, using: &generator) {
            case 0: return pick(["==", "=", "!=", "<>"]) + options + " " + stringValue(allowNil: true)
            case 1: return pick(["<", "<=", ">", ">=", "=<", "=>"]) + " " + stringValue(allowNil: chance(4))
            case 2:
                return pick(["BEGINSWITH", "beginswith", "ENDSWITH", "CONTAINS"]) + options + " "
                    + stringValue(allowNil: false)
            case 3:
                return "LIKE" + options + " "
                    + quoted(pick(["a*", "*a", "?eta", "*ph*", "*", "a\\*b", "?", "*ss*", "ü*"]))
            case 4:
                return "MATCHES" + options + " "
                    + quoted(pick(["[a-z]+", ".*a", "(?i)b.*", "[", "al.*|ga.*", "", "\\\\w+"]))
            case 5:
                let items = (0..<Int.random(in: 0...3, using: &generator)).map { _ in stringValue(allowNil: chance(5)) }
                return "IN" + options + " {" + items.joined(separator: ", ") + "}"
            case 6: return "IN" + options + " " + argument(Array(PredicateTestGraph.strings.prefix(4)))
            default: return pick(["==", "!="]) + options + " " + argument(pick(PredicateTestGraph.strings))
            }
        case .integer16, .integer32, .integer64, .double, .float, .decimal:
            switch Int.random(in: 0..<6, using: &generator) {
            case 0: return "BETWEEN {" + numberValue() + ", " + numberValue() + "}"
            case 1:
                return "IN {"
                    + (0..<Int.random(in: 1...3, using: &generator)).map { _ in numberValue() }.joined(separator: ", ")
                    + "}"
            case 2: return pick(["==", "!="]) + " " + (chance(2) ? pick(["nil", "NULL"]) : numberValue())
            case 3:
                return pick(["<", ">"]) + " %d"
                    + {
                        arguments.append(Int.random(in: -2...10, using: &generator))
                        return ""
                    }()
            default: return pick(["==", "!=", "<", "<=", ">", ">=", "=>", "=<"]) + " " + numberValue()
            }
        case .boolean:
            return pick(["==", "!="]) + " " + pick(["YES", "NO", "TRUE", "false", "nil", "1", "0"])
        case .date:
            if chance(3) { return "BETWEEN {" + dateValue() + ", " + dateValue() + "}" }
            return pick(["==", "!=", "<", "<=", ">", ">="]) + " " + dateValue()
        case .uuid:
            return pick(["==", "!="]) + " " + (chance(4) ? "nil" : argument(pick(PredicateTestGraph.uuids)))
        case .uri:
            return pick(["==", "!="]) + " " + (chance(4) ? "nil" : argument(pick(PredicateTestGraph.urls)))
        case .binaryData:
            return pick(["==", "!="]) + " "
                + (chance(3) ? "nil" : argument(Data([UInt8.random(in: 0...2, using: &generator)])))
        default:
            return "== nil"
        }
    }

    private mutating func stringValue(allowNil: Bool) -> String {
        if allowNil, chance(5) { return "nil" }
        return quoted(pick(PredicateTestGraph.strings))
    }

    private mutating func quoted(_ text: String) -> String {
        let escaped = text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "%", with: "%%")
        if chance(2) { return "'" + escaped.replacingOccurrences(of: "'", with: "\\'") + "'" }
        return "\"" + escaped.replacingOccurrences(of: "\"", with: "\\\"") + "\""
    }

    private mutating func numberValue() -> String {
        switch Int.random(in: 0..<4, using: &generator) {
        case 0: return String(Double(Int.random(in: -8...40, using: &generator)) / 4)
        case 1: return argument(Decimal(Int.random(in: -2...20, using: &generator)) / 2)
        default: return String(Int.random(in: -3...12, using: &generator))
        }
    }

    private mutating func dateValue() -> String {
        let date = pick(PredicateTestGraph.dates).addingTimeInterval(pick([0, 0, 1, -1]))
        if chance(2) { return argument(date) }
        return String(format: "CAST(%.6f, \"NSDate\")", date.timeIntervalSinceReferenceDate)
    }

    /// `employer.name == "x"`, `mentor.mentor.age > 3`.
    private mutating func toOneComparison(on entity: EntityDescription, prefix: String) -> String {
        var path = prefix
        var current = entity
        for _ in 0..<Int.random(in: 1...2, using: &generator) {
            let toOnes = relationships(of: current, toMany: false)
            guard !toOnes.isEmpty,
                let destination = (toOnes.isEmpty ? nil : pick(toOnes)).flatMap({ relationship in
                    relationship.destinationEntity.map { (relationship.name, $0) }
                })
            else { break }
            path += destination.0 + "."
            current = destination.1
        }
        return attributeComparison(on: current, path: path)
    }

    /// A to-many key path from `entity`: one or two relationship steps, at least one to-many.
    private mutating func collectionPath(from entity: EntityDescription) -> (path: String, entity: EntityDescription)? {
        let toManys = relationships(of: entity, toMany: true)
        guard !toManys.isEmpty else { return nil }
        let first = pick(toManys)
        guard var current = first.destinationEntity else { return nil }
        var path = first.name
        if chance(3) {
            let next = pick(current.relationshipsByName.values.sorted { $0.name < $1.name })
            if let destination = next.destinationEntity {
                path += "." + next.name
                current = destination
            }
        }
        return (path, current)
    }

    /// `ANY pets.weight > 2`, `ALL projects.title BEGINSWITH "a"`, `NONE pets.owner.name == nil`.
    private mutating func quantified(on entity: EntityDescription, prefix: String, depth: Int) -> String {
        guard let (path, destination) = collectionPath(from: entity) else {
            return attributeComparison(on: entity, path: prefix)
        }
        let quantifier = pick(["ANY ", "ALL ", "NONE ", "SOME ", "any ", "all "])
        if allowsObjects, chance(6) {
            let objects = graph.objects(of: destination.name)
            guard !objects.isEmpty else { return "TRUEPREDICATE" }
            usesObjects = true
            return quantifier + prefix + path + " == " + argument(pick(objects))
        }
        return quantifier + attributeComparison(on: destination, path: prefix + path + ".")
    }

    /// `pets.@count > 1`, `projects.@avg.budget < 4`, `pets.weight.@max >= 2`.
    private mutating func aggregateComparison(on entity: EntityDescription, prefix: String) -> String {
        guard let (path, destination) = collectionPath(from: entity) else {
            return attributeComparison(on: entity, path: prefix)
        }
        if chance(2) {
            return prefix + path + ".@count " + pick(["==", "!=", "<", ">", ">="]) + " "
                + String(Int.random(in: 0...4, using: &generator))
        }
        let attribute = pick(
            attributes(of: destination).filter {
                [
                    .integer16, .integer32, .integer64, .double, .float,
                    .decimal, .string, .date,
                ].contains($0.attributeType)
            })
        let numeric = attribute.attributeType != .string && attribute.attributeType != .date
        let op = numeric ? pick(["@sum", "@avg", "@min", "@max"]) : pick(["@min", "@max"])
        let keyPath =
            chance(2)
            ? "\(prefix)\(path).\(op).\(keyText(attribute.name))" : "\(prefix)\(path).\(keyText(attribute.name)).\(op)"
        let comparison = pick(["==", "!=", "<", "<=", ">", ">="])
        switch attribute.attributeType {
        case .string: return keyPath + " " + comparison + " " + stringValue(allowNil: true)
        case .date: return keyPath + " " + comparison + " " + dateValue()
        default: return keyPath + " " + comparison + " " + (chance(8) ? "nil" : numberValue())
        }
    }

    /// `SUBQUERY(pets, $p, $p.weight > 2 AND …).@count > 0`.
    private mutating func subquery(on entity: EntityDescription, prefix: String, depth: Int) -> String {
        guard let (path, destination) = collectionPath(from: entity) else {
            return attributeComparison(on: entity, path: prefix)
        }
        variableCount += 1
        let variable = "$v\(variableCount)"
        var inner = predicate(on: destination, prefix: variable + ".", depth: max(0, depth - 2))
        if chance(3) {
            // Refer back to the outer object from inside the subquery.
            inner = "(" + inner + ") " + pick(["AND", "OR"]) + " " + attributeComparison(on: entity, path: prefix)
        }
        return "SUBQUERY(\(prefix)\(path), \(variable), \(inner)).@count " + pick(["==", ">", "<", ">=", "!="]) + " "
            + String(Int.random(in: 0...3, using: &generator))
    }

    /// `name ==[c] nickname`, `age < size`, `employer.name != name`.
    private mutating func keyToKey(on entity: EntityDescription, prefix: String) -> String {
        var candidates: [(String, AttributeDescription)] = attributes(of: entity).map {
            (prefix + keyText($0.name), $0)
        }
        for relationship in relationships(of: entity, toMany: false) {
            guard let destination = relationship.destinationEntity else { continue }
            candidates += attributes(of: destination).map { (prefix + relationship.name + "." + keyText($0.name), $0) }
        }
        let (leftPath, left) = pick(candidates)
        let kind = SQLValueKind(left.attributeType)
        let partners = candidates.filter { SQLValueKind($0.1.attributeType) == kind }
        let (rightPath, _) = pick(partners)
        var ops = ["==", "!="]
        if kind?.isOrdered == true { ops += ["<", ">=", ">"] }
        if kind == .string { ops += ["==[c]", "!=[cd]", "BEGINSWITH[c]", "CONTAINS", "ENDSWITH[d]", "LIKE"] }
        return leftPath + " " + pick(ops) + " " + rightPath
    }

    /// `age + 1 > 3`, `(score - age) / 2 <= 1.5`, `-size ** 2 < -4`, `pets.@count * 2 == age`.
    private mutating func arithmeticComparison(on entity: EntityDescription, prefix: String) -> String {
        let numeric = attributes(of: entity).filter {
            [.integer16, .integer32, .integer64, .double, .float, .decimal, .boolean].contains($0.attributeType)
        }
        guard !numeric.isEmpty else { return attributeComparison(on: entity, path: prefix) }
        func operand(_ depth: Int) -> String {
            switch Int.random(in: 0..<(depth > 0 ? 7 : 4), using: &generator) {
            case 0, 1: return prefix + keyText(pick(numeric).name)
            case 2: return numberValue()
            case 3:
                if let (path, _) = collectionPath(from: entity), !path.isEmpty { return prefix + path + ".@count" }
                return String(Int.random(in: 0...3, using: &generator))
            case 4: return "-" + operand(depth - 1)
            case 5: return "(" + operand(depth - 1) + " " + pick(["+", "-", "*", "/"]) + " " + operand(depth - 1) + ")"
            default: return operand(depth - 1) + " " + pick(["+", "-", "*", "/", "**"]) + " " + operand(depth - 1)
            }
        }
        return operand(2) + " " + pick(["==", "!=", "<", "<=", ">", ">="]) + " " + operand(1)
    }

    /// `pets[FIRST].name == "x"`, `pets[LAST].owner == nil`, `pets[1].weight > 2`, `projects[SIZE] > 1`,
    /// `{1, 2, 3}[LAST] == age`.
    private mutating func indexComparison(on entity: EntityDescription, prefix: String) -> String {
        let ordered = relationships(of: entity, toMany: true).filter(\.isOrdered)
        if chance(4) || ordered.isEmpty {
            if let (path, _) = collectionPath(from: entity), chance(2) {
                return prefix + path + "[SIZE] " + pick(["==", ">", "<="]) + " "
                    + String(Int.random(in: 0...3, using: &generator))
            }
            let position = pick(["[FIRST]", "[LAST]", "[1]", "[SIZE]", "[5]"])
            return "{" + numberValue() + ", " + numberValue() + "}" + position + " " + pick(["==", "<"]) + " "
                + numberValue()
        }
        let relationship = pick(ordered)
        guard let destination = relationship.destinationEntity else { return "TRUEPREDICATE" }
        let position = pick(["[FIRST]", "[LAST]", "[0]", "[1]", "[%d]"])
        if position == "[%d]" { arguments.append(Int.random(in: 0...3, using: &generator)) }
        let base = prefix + relationship.name + position
        switch Int.random(in: 0..<3, using: &generator) {
        case 0:
            return base + "." + attributeComparison(on: destination, path: "")
        case 1:
            let toOnes = relationships(of: destination, toMany: false)
            guard let toOne = toOnes.isEmpty ? nil : pick(toOnes), let target = toOne.destinationEntity else {
                return base + " == nil"
            }
            return chance(2)
                ? base + "." + toOne.name + " == nil"
                : attributeComparison(on: target, path: base + "." + toOne.name + ".")
        default:
            return base + " " + pick(["==", "!="]) + " nil"
        }
    }

    /// `employer == %@`, `SELF IN %@`, `%@ IN pets`, `mentor == SELF`.
    private mutating func objectComparison(on entity: EntityDescription, prefix: String) -> String {
        usesObjects = true
        let toOnes = relationships(of: entity, toMany: false)
        let toManys = relationships(of: entity, toMany: true)
        switch Int.random(in: 0..<5, using: &generator) {
        case 0 where !toOnes.isEmpty:
            let relationship = pick(toOnes)
            let candidates = graph.objects(of: relationship.destinationEntityName)
            let value: Any? = chance(4) || candidates.isEmpty ? nil : pick(candidates)
            return prefix + relationship.name + " " + pick(["==", "!="]) + " " + argument(value)
        case 1 where !toManys.isEmpty:
            let relationship = pick(toManys)
            let candidates = graph.objects(of: relationship.destinationEntityName)
            guard !candidates.isEmpty else { return "FALSEPREDICATE" }
            return chance(2)
                ? argument(pick(candidates)) + " IN " + prefix + relationship.name
                : prefix + relationship.name + " CONTAINS " + argument(pick(candidates))
        case 2 where prefix.isEmpty:
            let candidates = graph.objects(of: entity.name)
            let chosen = (0..<Int.random(in: 0...3, using: &generator)).compactMap { _ in
                candidates.isEmpty ? nil : pick(candidates)
            }
            return "SELF IN " + argument(chosen)
        case 3 where prefix.isEmpty:
            let candidates = graph.objects(of: entity.name)
            guard !candidates.isEmpty else { return "TRUEPREDICATE" }
            return "SELF " + pick(["==", "!="]) + " " + argument(pick(candidates))
        default:
            let sameEntity = toOnes.filter { $0.destinationEntity?.rootEntity === entity.rootEntity }
            guard !sameEntity.isEmpty, prefix.isEmpty else { return attributeComparison(on: entity, path: prefix) }
            return pick(sameEntity).name + " " + pick(["==", "!="]) + " SELF"
        }
    }
}
