import SQLite

/// A predicate compiled to SQL for one entity of a SQLite store: what the store splices around its
/// `SELECT`.
///
/// The fetched entity's table is aliased `t0`; to-one key paths add `LEFT OUTER JOIN`s aliased `t1`,
/// `t2`, …; to-many key paths, `ANY`/`ALL`/`NONE`, `SUBQUERY` and `@count @sum @avg @min @max`
/// become correlated subqueries, so the joins never multiply rows (no `DISTINCT` is needed). Every
/// value travels in ``bindings``, in the order of the `?` placeholders; none is spliced into the text.
///
/// ```swift
/// let predicate = try ObjectPredicate(format: "theater.name == %@ AND year > 2000", "My House")
/// let sql = try predicate.sql(for: movieEntity, layout: layout)
/// // sql.joins        == ["LEFT OUTER JOIN ZTHEATER t1 ON t0.ZTHEATER = t1.Z_PK"]
/// // sql.whereClause  == "t1.ZNAME = ? AND t0.ZYEAR > ?"
/// // sql.bindings     == [.text("My House"), .integer(2000)]
/// let statement = "SELECT t0.Z_PK FROM ZMOVIE t0" + sql.joinClause + " WHERE " + sql.whereClause
/// let rows = try database.rows(statement, sql.bindings)
/// ```
///
/// The `WHERE` clause may call the string functions that ``registerPredicateFunctions(on:)``
/// installs (for `[c]`, `[d]`, `BEGINSWITH`, `ENDSWITH`, `CONTAINS`, `LIKE`, `MATCHES`): register
/// them once on every connection that runs compiled predicates. The clause does not restrict
/// `Z_ENT`; the store adds `t0.Z_ENT IN (…)` for a sub-entity itself.
///
/// The SQL selects exactly the rows for which ``ObjectPredicate/evaluate(with:substitutionVariables:)``
/// is true on the stored objects (a differential test checks this on random predicates).
public struct PredicateSQL: Sendable, Equatable {
    /// The alias of the fetched entity's table that the clause refers to.
    public static let tableAlias = "t0"

    /// The condition to put after `WHERE`.
    public let whereClause: String
    /// `LEFT OUTER JOIN <table> tN ON …` clauses for to-one key paths, in order, to follow `FROM <table> t0`.
    public let joins: [String]
    /// The values of the `?` placeholders, first to last (joins have none).
    public let bindings: [SQLiteValue]
    /// How many table aliases the SQL uses, `t0` included (subqueries have aliases too): joins the
    /// caller adds, for sorting say, must start at `t<aliasCount>`.
    public let aliasCount: Int

    /// The joins as text to append after `FROM <table> t0`: each preceded by a space; empty when none.
    public var joinClause: String { joins.map { " " + $0 }.joined() }

    /// Compiles `predicate` for fetching `entity` from a store laid out as `layout`.
    ///
    /// - Throws: ``ObjectPredicateError/unknownKey(predicate:entity:key:closestKey:)`` for a key the
    ///   entity does not have (naming the closest existing key), and
    ///   ``ObjectPredicateError/unsupportedInSQL(predicate:reason:)`` for a comparison the store cannot
    ///   run (a `$VARIABLE` not yet substituted, a string compared with a number, a transformable value…).
    public init(predicate: ObjectPredicate, entity: EntityDescription, layout: SQLiteLayout)
        throws(ObjectPredicateError)
    {
        var compiler = PredicateSQLCompiler(predicate: predicate, layout: layout)
        let result = try compiler.compileRoot(predicate.node, entity: entity)
        whereClause = result.condition.sql
        bindings = result.condition.bindings
        joins = result.joins
        aliasCount = result.aliasCount
    }

    /// Assembles a compiled clause (used by tests and by callers that build SQL by hand).
    public init(whereClause: String, joins: [String], bindings: [SQLiteValue], aliasCount: Int) {
        self.whereClause = whereClause
        self.joins = joins
        self.bindings = bindings
        self.aliasCount = aliasCount
    }
}

extension ObjectPredicate {
    /// The predicate as SQL for fetching `entity` from a SQLite store laid out as `layout`.
    ///
    /// See ``PredicateSQL`` for the shape of the result and how to run it.
    public func sql(for entity: EntityDescription, layout: SQLiteLayout) throws(ObjectPredicateError) -> PredicateSQL {
        try PredicateSQL(predicate: self, entity: entity, layout: layout)
    }
}
