import Foundation
import ObjectGraph

/// Builds a model for a store that has no `Z_MODELCACHE` (stores from the iPhone OS 3 era) from
/// `Z_PRIMARYKEY` (entity names and parents) and the schema (columns and their declared types).
///
/// What the schema cannot say is named in the result's ambiguities instead of guessed silently:
/// property names come back lower-cased (`ZCOPYRIGHT` → `copyright`; the original camelCase is
/// lost), `INTEGER` may have been any integer size or Boolean, `VARCHAR` a String or URI, `BLOB`
/// binary, transformable or UUID, and columns of a shared table are given to the root entity.
/// To-one relationships are recognised by their foreign-key index; to-many relationships with an
/// inverse leave no trace in the schema of their own.
public enum ModelInference {
    /// Infers a model; nil when `Z_PRIMARYKEY` names no entities.
    public static func infer(
        primaryKeys: [PrimaryKeyEntry], schema: [SchemaObject], columnsOf: (String) throws(InspectorError) -> [TableColumnInfo]
    ) throws(InspectorError) -> StoreModel? {
        let entries = primaryKeys.filter { !$0.name.isEmpty && $0.entityNumber < 16000 }
        guard !entries.isEmpty else { return nil }
        let byNumber = Dictionary(entries.map { ($0.entityNumber, $0) }, uniquingKeysWith: { first, _ in first })
        let tableNames = Dictionary(
            schema.filter { $0.type == "table" }.map { ($0.name.uppercased(), $0.name) }, uniquingKeysWith: { a, _ in a })
        let indexedColumns = Set(schema.filter { $0.type == "index" }.compactMap { object -> String? in
            guard let sql = object.sql, let open = sql.lastIndex(of: "("), let close = sql.lastIndex(of: ")"), open < close
            else { return nil }
            let first = sql[sql.index(after: open)..<close].split(separator: ",").first?
                .trimmingCharacters(in: .whitespaces).split(separator: " ").first.map(String.init) ?? ""
            return object.tableName.uppercased() + "." + first.uppercased()
        })
        var ambiguities: [String] = [
            "property names are the column names lower-cased (the store keeps no original spelling)",
            "INTEGER columns are shown as Integer 64 (could be Integer 16/32 or Boolean), FLOAT as Double "
                + "(could be Float), VARCHAR as String (could be URI), BLOB as Binary (could be Transformable or UUID)",
            "to-many relationships are not stored in the entity's own table and are not shown",
        ]
        func root(of entry: PrimaryKeyEntry) -> PrimaryKeyEntry {
            var current = entry
            var seen: Set<Int64> = []
            while current.superNumber != 0, let parent = byNumber[current.superNumber], seen.insert(current.entityNumber).inserted {
                current = parent
            }
            return current
        }
        var entities: [EntityDescription] = []
        var sharedTables: Set<String> = []
        for entry in entries {
            let rootEntry = root(of: entry)
            let parentName = entry.superNumber == 0 ? nil : byNumber[entry.superNumber]?.name
            var properties: [PropertyDescription] = []
            if rootEntry.entityNumber == entry.entityNumber, let table = tableNames["Z" + entry.name.uppercased()] {
                let columns = try columnsOf(table)
                let entityColumns = Set(columns.map(\.name).filter { $0.hasPrefix("Z") && $0.contains("_") })
                for column in columns where column.name.hasPrefix("Z") && !column.name.hasPrefix("Z_") {
                    let stem = String(column.name.dropFirst())
                    let name = stem.lowercased()
                    let isForeignKey = column.declaredType == "INTEGER" && indexedColumns.contains(table.uppercased() + "." + column.name)
                    if isForeignKey, let destination = entries.first(where: { $0.name.uppercased() == stem }) {
                        properties.append(RelationshipDescription(name: name, destinationEntityName: destination.name))
                    } else if isForeignKey,
                        let destination = destinationFromEntityColumn(stem, entityColumns: entityColumns, byNumber: byNumber)
                    {
                        properties.append(RelationshipDescription(name: name, destinationEntityName: destination))
                    } else {
                        if isForeignKey {
                            ambiguities.append("\(table).\(column.name) is indexed like a to-one foreign key, but no entity "
                                + "is named after it; shown as an attribute")
                        }
                        properties.append(AttributeDescription(name: name, type: attributeType(column.declaredType)))
                    }
                }
                if entries.contains(where: { $0.superNumber != 0 && root(of: $0).entityNumber == entry.entityNumber }) {
                    sharedTables.insert(table)
                }
            }
            entities.append(EntityDescription(name: entry.name, superentityName: parentName, properties: properties))
        }
        for table in sharedTables.sorted() {
            ambiguities.append("\(table) holds several entities; all its columns are shown on the root entity")
        }
        do {
            return StoreModel(model: try ManagedObjectModel(entities: entities), source: .inferred(ambiguities: ambiguities))
        } catch {
            ambiguities.append("the inferred model was inconsistent (\(error)); relationships dropped")
            let plain = entities.map { entity in
                EntityDescription(
                    name: entity.name, superentityName: entity.superentityName,
                    properties: entity.properties.filter { $0 is AttributeDescription }.map {
                        AttributeDescription(name: $0.name, type: ($0 as? AttributeDescription)?.attributeType ?? .binaryData)
                    })
            }
            guard let model = try? ManagedObjectModel(entities: plain) else { return nil }
            return StoreModel(model: model, source: .inferred(ambiguities: ambiguities))
        }
    }

    /// `Z<n>_<REL>` beside `Z<REL>` names the destination's entity number `n`.
    private static func destinationFromEntityColumn(
        _ stem: String, entityColumns: Set<String>, byNumber: [Int64: PrimaryKeyEntry]
    ) -> String? {
        for column in entityColumns where column.hasSuffix("_" + stem) {
            let digits = column.dropFirst().prefix { $0.isNumber }
            if let number = Int64(digits), let entry = byNumber[number] { return entry.name }
        }
        return nil
    }

    /// Declared column type → the attribute type Core Data writes it for (DESIGN.md §3.3).
    static func attributeType(_ declared: String) -> AttributeType {
        switch declared {
        case "INTEGER": return .integer64
        case "FLOAT", "REAL": return .double
        case "DECIMAL": return .decimal
        case "TIMESTAMP": return .date
        case "VARCHAR", "TEXT": return .string
        default: return .binaryData
        }
    }
}
