import Foundation
import ObjectGraph

extension InferenceBuilder {
    // MARK: - Many-to-many

    /// Reads every `Z_<n><REL>` join table as a many-to-many pair (DESIGN.md §3.3): the table is
    /// named after entity A's relationship R; its first key column `Z_<A><R′>` holds A's keys and
    /// names B's relationship R′, its second `Z_<B><R>` holds B's keys; `Z_FOK_<n><NAME>` orders
    /// the side whose key column it follows.
    mutating func inferJoinTables() throws(InspectorError) {
        for object in schema where object.type == "table" {
            let upper = object.name.uppercased()
            guard upper.hasPrefix("Z_"),
                let (tableNumber, tableRelationship) = Self.numberedName(String(upper.dropFirst(2)))
            else { continue }
            let columns = try TableColumnInfo.read(table: object.name, from: store).map { $0.name.uppercased() }
            let keys = columns.filter { !$0.hasPrefix("Z_FOK_") }
            guard keys.count == 2, keys.allSatisfy({ $0.hasPrefix("Z_") }),
                let (first, reverseName) = Self.numberedName(String(keys[0].dropFirst(2))),
                let (second, forwardName) = Self.numberedName(String(keys[1].dropFirst(2))),
                let owner = byNumber[first], let destination = byNumber[second]
            else {
                ambiguities.append(
                    "\(object.name) looks like a join table but its columns (\(columns.joined(separator: ", "))) "
                        + "do not name two entities; ignored")
                continue
            }
            if first != tableNumber || forwardName != tableRelationship {
                ambiguities.append(
                    "\(object.name): its name and columns disagree (a migration or an older framework named "
                        + "it); read from its columns as \(owner.name).\(forwardName.lowercased()) ↔ "
                        + "\(destination.name).\(reverseName.lowercased())")
            }
            let forward = forwardName.lowercased()
            let reverse = reverseName.lowercased()
            let forwardOrdered = columns.contains("Z_FOK_" + keys[1].dropFirst(2))
            let reverseOrdered = columns.contains("Z_FOK_" + keys[0].dropFirst(2))
            if owner.name == destination.name && forward == reverse {
                relationships[owner.name, default: []].append(
                    Relationship(
                        name: forward, destination: owner.name, inverse: forward, isToMany: true,
                        isOrdered: forwardOrdered))
            } else {
                relationships[owner.name, default: []].append(
                    Relationship(
                        name: forward, destination: destination.name, inverse: reverse, isToMany: true,
                        isOrdered: forwardOrdered))
                relationships[destination.name, default: []].append(
                    Relationship(
                        name: reverse, destination: owner.name, inverse: forward, isToMany: true,
                        isOrdered: reverseOrdered))
            }
        }
    }

    // MARK: - Inverses of to-one relationships

    /// Gives every to-one relationship its inverse: the one to-one pointing back when there is
    /// exactly one each way (a one-to-one pair keeps a key on both sides), else a to-many on the
    /// destination, named by guess and ordered when `Z_FOK_<REL>` sits beside the key.
    mutating func inferInverses() {
        var paired: Set<Int> = []
        for (index, key) in foreignKeys.enumerated() where !paired.contains(index) && key.entity != key.destination {
            let forward = foreignKeys.indices.filter {
                foreignKeys[$0].entity == key.entity && foreignKeys[$0].destination == key.destination
            }
            let backward = foreignKeys.indices.filter {
                foreignKeys[$0].entity == key.destination && foreignKeys[$0].destination == key.entity
            }
            guard forward.count == 1, backward.count == 1, let other = backward.first else { continue }
            setInverse(of: key, to: foreignKeys[other].name)
            setInverse(of: foreignKeys[other], to: key.name)
            paired.formUnion([index, other])
            ambiguities.append(
                "\(key.entity).\(key.name) and \(foreignKeys[other].entity).\(foreignKeys[other].name) are "
                    + "read as the two sides of a one-to-one relationship (each keeps a key to the other)")
        }
        for (index, key) in foreignKeys.enumerated() where !paired.contains(index) {
            let taken = takenNames(of: key.destination)
            var name = Self.pluralGuess(key.entity)
            var suffix = 1
            while taken.contains(name.uppercased()) {
                name = Self.pluralGuess(key.entity) + String(suffix)
                suffix += 1
            }
            let orderColumn = "Z_FOK_" + key.column.uppercased().dropFirst()
            let isOrdered = columnsByTable[key.table.uppercased()]?.contains(orderColumn) ?? false
            relationships[key.destination, default: []].append(
                Relationship(
                    name: name, destination: key.entity, inverse: key.name, isToMany: true, isOrdered: isOrdered))
            setInverse(of: key, to: name)
            ambiguities.append(
                "\(key.destination).\(name): the to-many inverse of \(key.entity).\(key.name) "
                    + "(\(key.table).\(key.column))\(isOrdered ? ", ordered (\(orderColumn))" : ""); "
                    + "its name is a guess, since no table keeps it, and \(key.entity).\(key.name) may instead "
                    + "have had no inverse")
        }
    }

    private mutating func setInverse(of key: ForeignKey, to inverse: String) {
        guard let position = relationships[key.entity]?.firstIndex(where: { $0.name == key.name && !$0.isToMany })
        else { return }
        relationships[key.entity]?[position].inverse = inverse
    }

    /// `Ingredient` → `ingredients`, `Category` → `categories`, `Box` → `boxes`: the usual name of
    /// a to-many relationship to an entity.
    static func pluralGuess(_ entity: String) -> String {
        guard let first = entity.first else { return "objects" }
        let word = first.lowercased() + entity.dropFirst()
        let lower = word.lowercased()
        if lower.hasSuffix("y"), let before = lower.dropLast().last, !"aeiou".contains(before) {
            return word.dropLast() + "ies"
        }
        if ["s", "x", "z", "ch", "sh"].contains(where: { lower.hasSuffix($0) }) { return word + "es" }
        return word + "s"
    }
}
