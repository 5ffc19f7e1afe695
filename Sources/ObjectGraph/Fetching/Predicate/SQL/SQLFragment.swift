import SQLite

/// SQL text with the values of its `?` placeholders, in the order they appear.
///
/// Fragments are only ever concatenated in text order, so their bindings stay in step with the
/// placeholders however the compiler visits the tree.
struct SQLFragment {
    var sql: String
    var bindings: [SQLiteValue]

    init(_ sql: String, _ bindings: [SQLiteValue] = []) {
        self.sql = sql
        self.bindings = bindings
    }

    /// Joins fragments with `separator` between their texts.
    static func joined(_ parts: [SQLFragment], separator: String) -> SQLFragment {
        SQLFragment(parts.map(\.sql).joined(separator: separator), parts.flatMap(\.bindings))
    }

    /// Builds `prefix + a + middle + b + …` from alternating text and fragments.
    static func concatenating(_ pieces: [SQLPiece]) -> SQLFragment {
        var result = SQLFragment("")
        for piece in pieces {
            switch piece {
            case .text(let text): result.sql += text
            case .fragment(let fragment):
                result.sql += fragment.sql
                result.bindings += fragment.bindings
            }
        }
        return result
    }
}

/// A piece of SQL being assembled: literal text (never a value) or a fragment with bindings.
enum SQLPiece: ExpressibleByStringLiteral {
    case text(String)
    case fragment(SQLFragment)

    init(stringLiteral value: String) {
        self = .text(value)
    }
}

/// A compiled condition; `mayBeNull` says whether SQLite could evaluate it to NULL (which a
/// `WHERE` treats as false, like the in-memory evaluator, but which `NOT` would keep NULL).
struct SQLCondition {
    var fragment: SQLFragment
    var mayBeNull: Bool
    /// Whether the text is an `AND`/`OR` chain that needs parentheses inside another expression.
    var isCompound = false

    static let alwaysTrue = SQLCondition(fragment: SQLFragment("1"), mayBeNull: false)
    static let alwaysFalse = SQLCondition(fragment: SQLFragment("0"), mayBeNull: false)

    /// The condition ready to sit beside `AND`/`OR`/`NOT`.
    var wrapped: SQLFragment {
        isCompound ? SQLFragment.concatenating(["(", .fragment(fragment), ")"]) : fragment
    }

    /// The exact negation under the in-memory rules: NULL (false) becomes true.
    var negated: SQLCondition {
        if mayBeNull {
            return SQLCondition(
                fragment: .concatenating(["NOT COALESCE(", .fragment(fragment), ", 0)"]), mayBeNull: false)
        }
        return SQLCondition(fragment: .concatenating(["NOT (", .fragment(fragment), ")"]), mayBeNull: false)
    }
}
