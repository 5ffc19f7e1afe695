import Foundation

/// Everything that can stop the inspector from reading a store, with a message a student understands.
///
/// Each case names the file it is about; ``message`` is the sentence the CLI prints after the path
/// (`companion: <path>: <message>`). None of these is a crash: a bad file is an answer, not a bug.
public enum InspectorError: Error, Equatable, Sendable {
    /// Nothing exists at the path.
    case missing(path: String)
    /// The path is a symbolic link, device, FIFO, socket or directory; the inspector never follows or opens those.
    case notARegularFile(path: String, kind: String)
    /// The file has zero bytes.
    case emptyFile(path: String)
    /// The first 16 bytes are not SQLite's magic string: text, random bytes, or an encrypted store.
    case notSQLite(path: String)
    /// The file could not be read or copied (permissions, I/O).
    case unreadable(path: String, reason: String)
    /// SQLite reports the copy as corrupt (`SQLITE_CORRUPT`, `quick_check` failures, a truncated file).
    case malformed(path: String, detail: String)
    /// Any other SQLite failure while reading the copy.
    case sqlite(path: String, detail: String)
    /// A query ran longer than the inspector's time limit and was stopped.
    case timeLimitExceeded(path: String, seconds: Double)
    /// The user pressed Ctrl-C while a query ran.
    case interrupted(path: String)
    /// The user named an entity the store does not have.
    case unknownEntity(name: String, known: [String])
    /// The user named a table the store does not have.
    case unknownTable(name: String)
    /// A model file given with `--model` or `--expected` could not be read.
    case badModel(path: String, detail: String)
    /// The store has no model to work with (no cache, nothing inferable) and the command needs one.
    case noModel(path: String)
    /// An option of a listing (`--where`, `--sort`) names something the entity does not have.
    case invalidQuery(option: String, detail: String)
    /// A file given to `trace` holds no Core Data SQLDebug line (`CoreData: sql: …`) at all.
    case notATrace(path: String)
    /// An SQLite file without Core Data's system tables; `missingTables` names which of
    /// `Z_PRIMARYKEY` and `Z_METADATA` it lacks.
    case notCoreData(path: String, missingTables: [String])
    /// The file is one of SQLite's companions of a store (a `-wal`, `-journal` or `-shm`), not a store.
    case companionFile(path: String, kind: String, store: String)

    /// The file or name the error is about.
    public var subject: String {
        switch self {
        case .missing(let path), .notARegularFile(let path, _), .emptyFile(let path), .notSQLite(let path),
            .unreadable(let path, _), .malformed(let path, _), .sqlite(let path, _),
            .timeLimitExceeded(let path, _), .badModel(let path, _), .noModel(let path), .interrupted(let path),
            .notATrace(let path), .notCoreData(let path, _), .companionFile(let path, _, _):
            return path
        case .unknownEntity(let name, _), .unknownTable(let name):
            return name
        case .invalidQuery(let option, _):
            return option
        }
    }

    /// What went wrong, in one sentence (without the subject).
    public var message: String {
        switch self {
        case .missing:
            return "no such file or directory"
        case .notARegularFile(_, let kind):
            return "is \(kind), not a regular file; the inspector opens only regular files and follows no links"
        case .emptyFile:
            return "the file is empty (0 bytes), so it holds no store"
        case .notSQLite:
            return "not an SQLite file (encrypted?)"
        case .unreadable(_, let reason):
            return "cannot be read: \(reason)"
        case .malformed(let path, let detail):
            // SQLite's own text is usually this very sentence; say it once.
            let said = detail.isEmpty || detail.lowercased() == "database disk image is malformed"
            return
                "database disk image is malformed\(said ? "" : " (\(detail))"); try `sqlite3 \(Self.shellQuoted(path)) .recover` "
                + "on a copy of the file to salvage what is left"
        case .sqlite(_, let detail):
            return detail
        case .timeLimitExceeded(_, let seconds):
            let limit = seconds == seconds.rounded() && seconds < 1e9 ? String(Int(seconds)) : String(seconds)
            return "stopped after \(limit) s (the inspector's time limit, --timeout; is the store enormous or damaged?)"
        case .interrupted:
            return "interrupted"
        case .unknownEntity(_, let known):
            return "no such entity in this store (entities: \(Self.entityList(known)))"
        case .unknownTable:
            return "no such table in this store"
        case .badModel(_, let detail):
            return "cannot read the model: \(detail)"
        case .noModel:
            return "has no model cache and no model could be inferred; pass one with --model X.xcdatamodeld"
        case .invalidQuery(_, let detail):
            return detail
        case .notATrace:
            return "no Core Data SQLDebug line (\"CoreData: sql: …\") in this file; capture the console of "
                + "the app run with -com.apple.CoreData.SQLDebug 1"
        case .notCoreData(_, let missing):
            let tables = missing.joined(separator: " and ")
            return "not a Core Data store: it has no \(tables) table\(missing.count == 1 ? "" : "s")"
        case .companionFile(_, let kind, let store):
            return "is \(kind), not a store; open the store file beside it (\(store))"
        }
    }

    /// The entity names an "unknown entity" message offers, the first 20 and then how many more,
    /// so a model of thousands of entities still gives a line that can be read.
    static func entityList(_ names: [String]) -> String {
        guard !names.isEmpty else { return "none" }
        let shown = names.prefix(20).joined(separator: ", ")
        return names.count > 20 ? shown + ", … and \(names.count - 20) more" : shown
    }

    private static func shellQuoted(_ path: String) -> String {
        let safe = path.unicodeScalars.allSatisfy {
            CharacterSet.alphanumerics.contains($0) || "/._-+,".unicodeScalars.contains($0)
        }
        return safe ? path : "'" + path.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }
}

extension InspectorError: CustomStringConvertible {
    /// `<subject>: <message>`, as the CLI prints it after `companion: `.
    public var description: String { "\(subject): \(message)" }
}
