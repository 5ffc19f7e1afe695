import Foundation
import ObjectGraph

extension InferenceBuilder {
    // MARK: - Names from index names

    /// Property names spelled in an index's name: `Z_<Entity>_<property>` for a one-property
    /// fetch index and `Z_<Entity>_UNIQUE_<p1>_<p2>` for a uniqueness constraint (DESIGN.md §3.3)
    /// keep the original case the columns lost. Returns upper-cased column → name, for each
    /// column whose `Z` + UPPER(name) appears in the index name between underscores.
    static func propertyNames(inIndex index: String, columns: [String], entities: [String]) -> [(String, String)] {
        guard let entity = entities.filter({ index.hasPrefix("Z_" + $0 + "_") }).max(by: { $0.count < $1.count }) else {
            return []
        }
        var rest = String(index.dropFirst(entity.count + 3))
        if rest.hasPrefix("UNIQUE_") { rest.removeFirst("UNIQUE_".count) }
        let tokens = rest.split(separator: "_", omittingEmptySubsequences: false).map(String.init)
        var result: [(String, String)] = []
        for column in columns where column.hasPrefix("Z") && !column.hasPrefix("Z_") {
            let stem = column.dropFirst()
            search: for start in tokens.indices {
                for end in start..<tokens.count {
                    let candidate = tokens[start...end].joined(separator: "_")
                    if candidate.uppercased() == stem, candidate.first?.isLowercase == true {
                        result.append((column, candidate))
                        break search
                    }
                }
            }
        }
        return result
    }

    // MARK: - The model

    /// The inferred model, labelled with every ambiguity; relationships are dropped (and that is
    /// said) if they cannot be linked into a consistent model.
    func model() -> StoreModel? {
        var notes = [namesNote(), typesNote()]
        for (entry, table) in rootTables
        where entries.contains(where: { $0.superNumber != 0 && root(of: $0).entityNumber == entry.entityNumber }) {
            notes.append("\(table) holds several entities; all its columns are shown on the root entity \(entry.name)")
        }
        notes += ambiguities
        let entities = entries.map { entry in
            EntityDescription(
                name: entry.name, superentityName: entry.superNumber == 0 ? nil : byNumber[entry.superNumber]?.name,
                properties: (attributes[entry.name] ?? []) + (relationships[entry.name] ?? []).map(Self.description))
        }
        do {
            return StoreModel(model: try ManagedObjectModel(entities: entities), source: .inferred(ambiguities: notes))
        } catch {
            notes.append("the inferred relationships do not form a consistent model (\(error)); they are left out")
            let plain = entries.map { entry in
                EntityDescription(
                    name: entry.name, superentityName: entry.superNumber == 0 ? nil : byNumber[entry.superNumber]?.name,
                    properties: attributes[entry.name] ?? [])
            }
            guard let model = try? ManagedObjectModel(entities: plain) else { return nil }
            return StoreModel(model: model, source: .inferred(ambiguities: notes))
        }
    }

    private static func description(_ relationship: Relationship) -> RelationshipDescription {
        RelationshipDescription(
            name: relationship.name, destinationEntityName: relationship.destination, inverseName: relationship.inverse,
            isToMany: relationship.isToMany, isOrdered: relationship.isOrdered)
    }

    private func namesNote() -> String {
        var note =
            "property names are the column names lower-cased: the store does not keep their original case "
            + "(ZFIRSTNAME may have been firstName or firstname)"
        let recovered = Set(recoveredNames.values).sorted()
        if !recovered.isEmpty {
            note += "; spelled as in an index name: " + recovered.joined(separator: ", ")
        }
        return note
    }

    private func typesNote() -> String {
        "INTEGER columns are shown as Integer 64 (could be Integer 16/32 or Boolean), FLOAT as Double "
            + "(could be Float), VARCHAR as String (could be URI), BLOB as Binary (could be Transformable or UUID); "
            + "optionality, defaults and delete rules are not in the schema (shown as optional, no default, nullify)"
    }
}
