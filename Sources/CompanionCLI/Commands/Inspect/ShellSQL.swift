import Foundation
import SQLite
import StoreInspector
import TerminalKit

/// Read-only SQL for the inspector shell: what the authorizer lets through, and how input lines
/// add up to complete statements.
enum ShellSQL {
    /// Pragmas that may take an argument and still only read.
    static let readingPragmasWithArgument: Set<String> = [
        "table_info", "table_xinfo", "table_list", "index_list", "index_info", "index_xinfo", "foreign_key_list",
        "integrity_check", "quick_check", "foreign_key_check",
    ]
    /// Pragmas that act even without an argument.
    static let actingPragmas: Set<String> = ["optimize", "wal_checkpoint", "shrink_memory", "incremental_vacuum"]

    /// The shell's authorizer: `SELECT`, reads, functions, recursive CTEs and reading pragmas; nothing else.
    static func authorize(_ request: AuthorizerRequest) -> AuthorizerDecision {
        switch request.action {
        case .select, .read, .function:
            return .allow
        case .pragma:
            let name = (request.firstArgument ?? "").lowercased()
            if actingPragmas.contains(name) { return .deny }
            if request.secondArgument == nil || readingPragmasWithArgument.contains(name) { return .allow }
            return .deny
        default:
            // SQLITE_RECURSIVE (33): WITH RECURSIVE only reads.
            return request.action.rawValue == 33 ? .allow : .deny
        }
    }

    /// Whether `text` ends a statement: a `;` outside quotes and comments at its end.
    static func isComplete(_ text: String) -> Bool {
        var quote: Character?
        var lineComment = false
        var blockComment = false
        var lastSignificant: Character?
        var previous: Character?
        for character in text {
            defer { previous = character }
            if lineComment {
                if character == "\n" { lineComment = false }
                continue
            }
            if blockComment {
                if previous == "*" && character == "/" { blockComment = false }
                continue
            }
            if let open = quote {
                if character == open || (open == "[" && character == "]") { quote = nil }
                continue
            }
            switch character {
            case "'", "\"", "`", "[":
                quote = character
                lastSignificant = character
            case "-" where previous == "-": lineComment = true
            case "*" where previous == "/": blockComment = true
            default: if !character.isWhitespace { lastSignificant = character }
            }
        }
        return quote == nil && !blockComment && lastSignificant == ";"
    }

    /// A failed statement as one error line naming it: `companion: DELETE FROM ZBOOK;: refused: …`.
    /// A statement the authorizer refused says why; an interruption (Ctrl-C) stays as it is.
    static func failure(_ error: InspectorError, statement: String) -> any Error {
        let detail: String
        switch error {
        case .sqlite(_, let message):
            detail =
                message.hasPrefix("not authorized")
                ? "refused: the shell only reads (SELECT, WITH … SELECT and reading PRAGMAs); "
                    + "this statement would change the store or reach outside it"
                : message
        case .timeLimitExceeded:
            detail = error.message
        default:
            return error
        }
        return CommandLineError.usage(detail, subject: excerpt(statement))
    }

    /// The statement on one line, shortened to 60 characters, to name it in a message.
    static func excerpt(_ statement: String) -> String {
        let line = statement.split(whereSeparator: \.isNewline).map { $0.trimmingCharacters(in: .whitespaces) }
            .joined(separator: " ")
        return line.count > 60 ? String(line.prefix(59)) + "…" : line
    }

    /// A result value as a cell: blobs summarised, never printed raw.
    static func cell(_ value: SQLiteValue) -> TableCell {
        switch value {
        case .null: return .null
        case .integer(let number): return .integer(number)
        case .real(let number): return .real(number)
        case .text(let text): return .text(text)
        case .blob(let bytes): return .text(ValueFormatter.blobSummary(bytes, totalLength: Int64(bytes.count)))
        }
    }
}
