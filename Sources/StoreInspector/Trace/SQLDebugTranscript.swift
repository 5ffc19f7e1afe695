import Foundation

/// Reads a Core Data SQLDebug log as captured from Xcode's console, with or without the NSLog
/// prefix (`2024-03-01 10:00:00.123456+0100 App[123:4567] `), ignoring every line that is not
/// Core Data's.
public struct SQLDebugTranscript: Sendable {
    /// The events, in order.
    public var events: [SQLDebugEvent]
    /// How many lines the log had, and how many of them were Core Data's.
    public var lineCount: Int
    /// Lines that carried a `CoreData:` marker.
    public var coreDataLineCount: Int

    /// Parses the text of a log.
    public init(text: String) {
        var events: [SQLDebugEvent] = []
        var lines = 0
        var coreData = 0
        var rawLines = text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline)
        // A final line break ends the last line; it does not start another one.
        if rawLines.last?.isEmpty == true { rawLines.removeLast() }
        for rawLine in rawLines {
            lines += 1
            guard let marker = rawLine.range(of: "CoreData: ") else { continue }
            coreData += 1
            let body = rawLine[marker.upperBound...]
            events.append(Self.event(from: body))
        }
        self.events = events
        self.lineCount = lines
        self.coreDataLineCount = coreData
    }

    /// Reads and parses a log file (any size; it is read once).
    ///
    /// - Throws: ``InspectorError`` for a missing or unreadable file, one that is not a regular
    ///   file, and one without a single `CoreData:` line (not a SQLDebug log).
    public init(contentsOf path: String) throws(InspectorError) {
        let kind = FileKind(path: path)
        switch kind {
        case .missing: throw .missing(path: path)
        case .regular: break
        default: throw .notARegularFile(path: path, kind: kind.phrase)
        }
        guard let data = FileManager.default.contents(atPath: path) else {
            throw .unreadable(path: path, reason: "permission denied or I/O error")
        }
        self.init(text: String(decoding: data, as: UTF8.self))
        guard coreDataLineCount > 0 else { throw .notATrace(path: path) }
    }

    // MARK: - Line grammar

    static func event(from body: Substring) -> SQLDebugEvent {
        if let sql = body.dropPrefix("sql: ") {
            return .statement(String(sql).trimmingCharacters(in: .whitespaces))
        }
        if let details = body.dropPrefix("details: ") {
            return .bind(String(details))
        }
        guard let annotation = body.dropPrefix("annotation: ") else { return .other(String(body)) }
        if let rest = annotation.dropPrefix("sql connection fetch time: "), let seconds = leadingSeconds(rest) {
            return .connectionFetchTime(seconds: seconds)
        }
        if let rest = annotation.dropPrefix("total fetch execution time: "), let seconds = leadingSeconds(rest) {
            return .fetchExecution(seconds: seconds, rows: number(after: " for ", in: rest) ?? 0)
        }
        if let rest = annotation.dropPrefix("total count request execution time: "), let seconds = leadingSeconds(rest)
        {
            return .countExecution(seconds: seconds, count: number(after: "count of ", in: rest) ?? 0)
        }
        if annotation.hasPrefix("fault fulfilled from database for"), let uri = objectURI(in: annotation) {
            return .faultFulfilled(entity: uri.entity, primaryKey: uri.primaryKey)
        }
        if let rest = annotation.dropPrefix("to-many relationship fault \""),
            let quote = rest.firstIndex(of: "\"")
        {
            let relationship = String(rest[..<quote])
            let entity = objectURI(in: rest)?.entity ?? "?"
            return .toManyFaultFulfilled(
                relationship: relationship, entity: entity,
                rows: number(after: "Got ", in: rest) ?? 0)
        }
        if let rest = annotation.dropPrefix("Connecting to sqlite database file at ") {
            return .connecting(path: rest.trimmingCharacters(in: CharacterSet(charactersIn: "\" ")))
        }
        return .other(String(body))
    }

    /// `0.0009s for 3 rows.` → 0.0009
    private static func leadingSeconds(_ text: Substring) -> Double? {
        let digits = text.prefix { $0.isNumber || $0 == "." || $0 == "e" || $0 == "-" }
        return Double(digits)
    }

    private static func number(after marker: String, in text: Substring) -> Int? {
        guard let range = text.range(of: marker) else { return nil }
        return Int(text[range.upperBound...].prefix { $0.isNumber })
    }

    /// Finds `x-coredata://<store>/<Entity>/p<pk>` and returns the entity and primary key.
    static func objectURI(in text: Substring) -> (entity: String, primaryKey: Int64)? {
        guard let start = text.range(of: "x-coredata://") else { return nil }
        let uri = text[start.upperBound...].prefix { $0 != ">" && $0 != " " && $0 != ")" }
        let parts = uri.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count >= 3, let last = parts.last, last.hasPrefix("p"), let key = Int64(last.dropFirst()) else {
            return nil
        }
        return (String(parts[parts.count - 2]), key)
    }
}

extension Substring {
    /// The rest after `prefix`, or nil when it does not start with it.
    fileprivate func dropPrefix(_ prefix: String) -> Substring? {
        hasPrefix(prefix) ? dropFirst(prefix.count) : nil
    }
}
