import Foundation
import ObjectGraph
import SQLite

/// A row seen through the model, for evaluating a predicate against it.
///
/// Attributes come back as the canonical Swift types (`Int`, `Double`, `String`, `Date`, `Data`,
/// `Bool`, `UUID`, `URL`, `Decimal`); a to-one relationship is the related row as another
/// `StoredObject`, fetched by primary key only when the predicate follows it; a to-many
/// relationship is the array of related rows (capped, so a predicate cannot load a whole table).
final class StoredObject: KeyValueReadable {
    /// Related rows loaded for one to-many key at most.
    static let toManyCap = 10_000

    private let inspection: StoreInspection
    private let entity: EntityDescription
    private let primaryKey: Int64
    private var values: [String: Any] = [:]
    private var loadedFully = false
    /// The first error met while following a relationship (a predicate cannot throw).
    private(set) var failure: InspectorError?

    /// The current row of a `RowReader` statement.
    init(reader: RowReader, statement: Statement, row: InspectedRow) {
        inspection = reader.inspection
        entity = (try? inspection.entity(named: row.entityName)) ?? reader.entity
        primaryKey = row.primaryKey
        var index = 2
        for field in reader.fields {
            switch field.kind {
            case .attribute(let attribute, _):
                let isBlob = attribute.attributeType.sqliteColumnType == "BLOB" || attribute.attributeType == .undefined
                if !isBlob { values[field.name] = Self.canonical(statement.value(at: index), attribute.attributeType) }
                index += isBlob ? 2 : 1
            case .toOne:
                index += 2
            case .toMany:
                index += 1
            }
        }
    }

    /// A row loaded by primary key.
    private init(inspection: StoreInspection, entity: EntityDescription, primaryKey: Int64) {
        self.inspection = inspection
        self.entity = entity
        self.primaryKey = primaryKey
    }

    func value(forKey key: String) -> Any? {
        // A key already loaded as nil is cached as NSNull, which must read as nil again.
        if let known = values[key] { return known is NSNull ? nil : known }
        guard let property = entity.propertiesByName[key] else { return nil }
        let loaded: Any?
        do {
            switch property {
            case let attribute as AttributeDescription:
                loaded = try attributeValue(attribute)
            case let relationship as RelationshipDescription:
                loaded = relationship.isToMany ? try related(relationship) : try relatedObject(relationship)
            default:
                loaded = nil
            }
        } catch {
            if failure == nil { failure = error }
            loaded = nil
        }
        values[key] = loaded ?? NSNull()
        return loaded
    }

    // MARK: - Loading

    private func attributeValue(_ attribute: AttributeDescription) throws(InspectorError) -> Any? {
        guard let table = inspection.table(of: entity),
            let column = inspection.storeModel?.layout.entity(named: entity.name)?.column(forProperty: attribute.name)
        else { return nil }
        let value = try inspection.store.scalar(
            "SELECT \(SQLIdentifier.quoted(column.column)) FROM \(SQLIdentifier.quoted(table)) WHERE Z_PK = ?",
            [.integer(primaryKey)])
        return value.flatMap { Self.canonical($0, attribute.attributeType) }
    }

    private func relatedObject(_ relationship: RelationshipDescription) throws(InspectorError) -> Any? {
        guard let table = inspection.table(of: entity),
            let column = inspection.storeModel?.layout.entity(named: entity.name)?.column(
                forProperty: relationship.name),
            let destination = relationship.destinationEntity
        else { return nil }
        let entityColumn = column.entityColumn.map(SQLIdentifier.quoted) ?? "NULL"
        let rows = try inspection.store.rows(
            "SELECT \(SQLIdentifier.quoted(column.column)), \(entityColumn) FROM \(SQLIdentifier.quoted(table)) WHERE Z_PK = ?",
            [.integer(primaryKey)])
        guard let row = rows.first, let key = row[0].int64Value else { return nil }
        let target =
            row[1].int64Value.flatMap { inspection.entityName(number: $0) }
            .flatMap { try? inspection.entity(named: $0) } ?? destination
        return StoredObject(inspection: inspection, entity: target, primaryKey: key)
    }

    private func related(_ relationship: RelationshipDescription) throws(InspectorError) -> [Any] {
        guard let destination = relationship.destinationEntity,
            let storage = inspection.storeModel?.layout.entity(named: entity.name)?.toManyRelationships[
                relationship.name]
        else { return [] }
        let sql: String
        switch storage {
        case .inverseForeignKey(let table, let column, _), .hiddenForeignKey(let table, let column, _):
            guard let actual = inspection.tableName(table) else { return [] }
            sql =
                "SELECT Z_PK, Z_ENT FROM \(SQLIdentifier.quoted(actual)) WHERE \(SQLIdentifier.quoted(column)) = ? LIMIT \(Self.toManyCap)"
        case .joinTable(let table, let ownerColumn, let destinationColumn, _):
            guard
                let actual = try inspection.joinTableName(
                    table, ownerColumn: ownerColumn, destinationColumn: destinationColumn)
            else { return [] }
            sql =
                "SELECT \(SQLIdentifier.quoted(destinationColumn)), NULL FROM \(SQLIdentifier.quoted(actual)) "
                + "WHERE \(SQLIdentifier.quoted(ownerColumn)) = ? LIMIT \(Self.toManyCap)"
        }
        return try inspection.store.rows(sql, [.integer(primaryKey)]).compactMap { row -> StoredObject? in
            guard let key = row[0].int64Value else { return nil }
            let target =
                row[1].int64Value.flatMap { inspection.entityName(number: $0) }
                .flatMap { try? inspection.entity(named: $0) } ?? destination
            return StoredObject(inspection: inspection, entity: target, primaryKey: key)
        }
    }

    /// The canonical Swift value for a stored value of an attribute type (OBJECTGRAPH-CONTRACT.md).
    static func canonical(_ value: SQLiteValue, _ type: AttributeType) -> Any? {
        switch (value, type) {
        case (.null, _): return nil
        case (.integer(let number), .boolean): return number != 0
        case (.integer(let number), .date): return Date(timeIntervalSinceReferenceDate: Double(number))
        case (.real(let number), .date): return Date(timeIntervalSinceReferenceDate: number)
        case (.integer(let number), .double), (.integer(let number), .float): return Double(number)
        case (.integer(let number), .decimal): return Decimal(number)
        case (.real(let number), .decimal): return Decimal(string: String(number)) ?? Decimal(number)
        case (.integer(let number), _): return Int(clamping: number)
        case (.real(let number), _): return number
        case (.text(let text), .uri): return URL(string: text) ?? text
        case (.text(let text), _): return text
        case (.blob(let bytes), .uuid) where bytes.count == 16:
            return UUID(uuid: bytes.withUnsafeBytes { $0.loadUnaligned(as: uuid_t.self) })
        case (.blob(let bytes), _): return bytes
        }
    }
}
