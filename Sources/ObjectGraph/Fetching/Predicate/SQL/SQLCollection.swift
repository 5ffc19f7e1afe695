/// One level of a query: the outer `SELECT`, or one correlated subquery. It owns the joins that
/// key paths add to it.
final class SQLQueryLevel {
    private(set) var joins: [String] = []
    private var aliasesByJoin: [String: String] = [:]

    /// The alias already joined for `key`, or the one `make` creates (with its join clause).
    func join(key: String, make: () -> (alias: String, clause: String)) -> String {
        if let alias = aliasesByJoin[key] { return alias }
        let (alias, clause) = make()
        aliasesByJoin[key] = alias
        joins.append(clause)
        return alias
    }

    /// Adds a join that belongs to a collection path (never shared).
    func append(join clause: String) {
        joins.append(clause)
    }
}

/// The rows of one entity inside the SQL being built.
struct SQLScope {
    let alias: String
    let entity: EntityDescription
    let layout: EntityLayout
    let level: SQLQueryLevel
}

/// What a key path has reached: rows of an entity, a to-one reference not yet joined, or a value.
enum SQLElement {
    case rows(SQLScope)
    /// The foreign key of `relationship` in `owner`'s rows; joined only if the path continues past it.
    case reference(SQLOperand, owner: SQLScope, relationship: String)
    case value(SQLOperand)

    var operand: SQLOperand {
        switch self {
        case .rows(let scope): return .primaryKey(of: scope.alias, entity: scope.entity)
        case .reference(let operand, _, _): return operand
        case .value(let operand): return operand
        }
    }
}

/// The elements of a to-many key path (or a `SUBQUERY`): `FROM <from> <joins> WHERE <link> [AND <filter>]`,
/// one row per element, correlated with the owner's alias through `link`.
struct SQLCollection {
    let level: SQLQueryLevel
    /// The first table(s): `ZMOVIE t2`, or a join table joined to its destination.
    let from: String
    /// The correlation with the owner: `t2.ZTHEATER = t0.Z_PK`.
    let link: String
    var element: SQLElement
    /// A `SUBQUERY`'s condition on each element.
    var filter: SQLCondition? = nil
    /// How error messages name it: `movies.year`.
    var label: String
    /// For a single ordered to-many step: the qualified order column (`t1.Z_FOK_OWNER`).
    var ordering: String?
    /// Set when `[FIRST]`, `[LAST]` or `[n]` picked one element.
    var pick: PredicateIndex?

    init(level: SQLQueryLevel, from: String, link: String, element: SQLElement, label: String, ordering: String?) {
        self.level = level
        self.from = from
        self.link = link
        self.element = element
        self.label = label
        self.ordering = ordering
    }

    /// `(SELECT <select> FROM … WHERE link [AND filter] [AND condition] [ORDER BY … LIMIT 1 …])`.
    func subquery(select: String, where condition: SQLCondition? = nil) -> SQLFragment {
        var pieces: [SQLPiece] = [.text("(SELECT \(select) FROM \(from)")]
        for join in level.joins { pieces.append(.text(" " + join)) }
        pieces.append(.text(" WHERE \(link)"))
        for extra in [filter, condition].compactMap({ $0 }) {
            pieces.append(" AND ")
            pieces.append(.fragment(extra.wrapped))
        }
        if let pick, let ordering {
            switch pick {
            case .first, .size: pieces.append(.text(" ORDER BY \(ordering) LIMIT 1"))
            case .last: pieces.append(.text(" ORDER BY \(ordering) DESC LIMIT 1"))
            case .position(let position):
                pieces.append(.text(" ORDER BY \(ordering) LIMIT 1 OFFSET "))
                pieces.append(.fragment(SQLFragment("?", [.integer(position)])))
            case .key:
                break  // dictionary subscripts never compile to SQL (see the compiler's `indexed`)
            }
        }
        pieces.append(")")
        return .concatenating(pieces)
    }
}

/// What an expression compiles to.
enum SQLValue {
    case operand(SQLOperand)
    case collection(SQLCollection)
    /// `{a, b, c}`.
    case list([SQLValue])
}
