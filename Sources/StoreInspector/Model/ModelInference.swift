import Foundation
import ObjectGraph

/// Builds a model for a store that has no `Z_MODELCACHE` (stores from the iPhone OS 3 era) from
/// `Z_PRIMARYKEY` (entity names and parents) and the schema, by reading Apple's layout rules
/// (DESIGN.md §3.3) backwards:
/// - columns → attributes, their declared types → attribute types;
/// - an indexed `Z<REL>` INTEGER column → a to-one relationship, its destination the entity it is
///   named after, the one its `Z<n>_<REL>` column names, or the one table holding every key it uses;
/// - each to-one without a to-one partner → a to-many inverse on its destination, ordered when a
///   `Z_FOK_<REL>` column sits beside it;
/// - a hidden `Z<n><REL>` column → a to-many relationship without inverse on entity `n`;
/// - a `Z_<n><REL>` join table → a many-to-many pair, ordered where a `Z_FOK_` column says so.
///
/// What the schema cannot say is named in the result's ambiguities instead of guessed silently:
/// the original case of property names (recovered only where an index name spells it), integer
/// sizes, String vs URI, Binary vs Transformable vs UUID, and the names of to-many relationships
/// with an inverse, which no table keeps (they are guessed from the source entity's name).
public enum ModelInference {
    /// Infers a model; nil when `Z_PRIMARYKEY` names no entities.
    public static func infer(
        primaryKeys: [PrimaryKeyEntry], schema: [SchemaObject], store: InspectedStore
    ) throws(InspectorError) -> StoreModel? {
        let entries = primaryKeys.filter { !$0.name.isEmpty && $0.entityNumber < 16000 }
        guard !entries.isEmpty else { return nil }
        var builder = try InferenceBuilder(entries: entries, schema: schema, store: store)
        try builder.inferColumns()
        try builder.inferJoinTables()
        builder.inferInverses()
        return builder.model()
    }

    /// Declared column type → the attribute type Core Data writes it for (DESIGN.md §3.3).
    static func attributeType(_ declared: String) -> AttributeType {
        switch declared.uppercased() {
        case "INTEGER": return .integer64
        case "FLOAT", "REAL": return .double
        case "DECIMAL": return .decimal
        case "TIMESTAMP": return .date
        case "VARCHAR", "TEXT": return .string
        default: return .binaryData
        }
    }
}
