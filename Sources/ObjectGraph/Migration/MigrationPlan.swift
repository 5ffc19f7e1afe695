import SQLite

/// What a migration does to a store: the mapping it follows, and the SQL statements that carry
/// it out in place, in order, inside one transaction. ``MigrationManager`` makes and runs it;
/// `companion model migrate --dry-run` prints it.
public struct MigrationPlan: @unchecked Sendable {
    /// The mapping followed.
    public let mappingModel: MappingModel
    /// The statements, in order (run between `BEGIN IMMEDIATE` and `COMMIT`).
    public let statements: [MigrationStatement]
    /// How each destination table is made: `ZPOST: altered in place`, `ZCOLOR: created`.
    public let tableNotes: [String]
    /// Queries counting the objects left without a value for a non-optional property, each with
    /// the `Entity.property` it checks: any count above zero fails the migration (134110).
    let checks: [MigrationCheck]
    /// SQL functions the statements call for ``PropertyMapping/Value/transform(_:)`` mappings.
    let functions: [MigrationFunction]

    /// The plan as `--dry-run` prints it: the entity and property mappings, the tables, then the SQL.
    public var lines: [String] {
        var lines = ["Mappings:"]
        for mapping in mappingModel.entityMappings { lines += MigrationPlan.describe(mapping) }
        lines.append("Tables:")
        lines += tableNotes.map { "  " + $0 }
        lines.append("SQL:")
        lines += statements.map { "  " + $0.description }
        return lines
    }

    /// The lines of one entity mapping.
    static func describe(_ mapping: EntityMapping) -> [String] {
        let source = mapping.sourceEntityName ?? "nothing"
        let destination = mapping.destinationEntityName ?? "nothing"
        var lines = ["  \(mapping.name) (\(mapping.kind.rawValue)): \(source) → \(destination)"]
        guard mapping.kind == .transform else { return lines }
        for property in mapping.attributeMappings + mapping.relationshipMappings {
            lines.append("    \(property.name) ← \(describe(property.value))")
        }
        return lines
    }

    private static func describe(_ value: PropertyMapping.Value) -> String {
        switch value {
        case .sourceProperty(let name): "source \(name)"
        case .defaultValue: "default value"
        case .constant(let value): "constant \(value.map { "\($0)" } ?? "nil")"
        case .transform: "transform closure"
        }
    }
}

/// One SQL statement of a migration with its bound values.
public struct MigrationStatement: Sendable, Equatable, CustomStringConvertible {
    /// The SQL text.
    public let sql: String
    /// The values bound to its `?` parameters, in order.
    public let bindings: [SQLiteValue]

    /// A statement.
    public init(_ sql: String, _ bindings: [SQLiteValue] = []) {
        self.sql = sql
        self.bindings = bindings
    }

    /// The SQL, followed by its bindings as the SQL trace shows them.
    public var description: String {
        guard !bindings.isEmpty else { return sql }
        let values = bindings.map { value -> String in
            // A model cache or metadata blob is kilobytes: its size says enough.
            if case .blob(let data) = value, data.count > 32 { return "<\(data.count) bytes>" }
            return SQLDebugLog.describe(value)
        }
        return sql + " -- bindings: " + values.joined(separator: ", ")
    }
}

/// A query counting the objects without a value for one non-optional property.
struct MigrationCheck {
    /// `Entity.property`.
    let property: String
    /// `SELECT COUNT(*) …`.
    let sql: String
}

/// An SQL function computing one destination attribute with a closure.
struct MigrationFunction {
    /// The function's SQL name.
    let name: String
    /// The source attributes passed as arguments, in order.
    let arguments: [AttributeDescription]
    /// The destination attribute whose value it returns.
    let attribute: AttributeDescription
    /// The closure.
    let transform: @Sendable ([String: Any]) throws -> Any?
}
