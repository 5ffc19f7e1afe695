/// The metadata block at the top of a lesson, between two `---` lines:
///
/// ```
/// ---
/// title: Fetching
/// summary: Requests, predicates and sort descriptors.
/// samples: [Theater, Books]
/// minutes: 12
/// ---
/// ```
///
/// A small subset of YAML is understood: `key: value`, quoted values, inline lists `[a, b]` and
/// block lists (`- a` lines under `key:`). Anything else is an error naming the line, so a typo
/// in a lesson is caught by the tests rather than shown to students.
public struct FrontMatter: Equatable, Sendable {
    /// The fields, by key; a single value is a one-element list.
    public var fields: [String: [String]]
    /// The Markdown after the front matter.
    public var body: String
    /// The 1-based line of the source where ``body`` starts.
    public var bodyLine: Int

    /// A single-valued field.
    public subscript(key: String) -> String? {
        fields[key]?.first
    }

    /// Splits `source` into front matter and body; a source without front matter has no fields.
    public init(parsing source: String) throws(FrontMatterError) {
        let lines = source.split(separator: "\n", omittingEmptySubsequences: false)
        guard let first = lines.first, first.trimmingSpaces() == "---" else {
            fields = [:]
            body = source
            bodyLine = 1
            return
        }
        var fields: [String: [String]] = [:]
        var currentList: String?
        var index = 1
        while index < lines.count {
            let line = lines[index]
            let trimmed = line.trimmingSpaces()
            if trimmed == "---" || trimmed == "..." { break }
            index += 1
            if trimmed.isEmpty || trimmed.hasPrefix("#") { continue }
            if trimmed.hasPrefix("- "), let key = currentList {
                fields[key, default: []].append(Self.unquote(trimmed.dropFirst(2)))
                continue
            }
            guard let colon = trimmed.firstIndex(of: ":"), line.first != " " else {
                throw .malformedLine(index, String(line))
            }
            let key = String(trimmed[..<colon]).trimmingSpaces()
            let value = String(trimmed[trimmed.index(after: colon)...]).trimmingSpaces()
            guard !key.isEmpty, key.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" || $0 == "-" }) else {
                throw .malformedLine(index, String(line))
            }
            if value.isEmpty {
                fields[key] = []
                currentList = key
            } else if value.hasPrefix("[") {
                guard value.hasSuffix("]") else { throw .malformedLine(index, String(line)) }
                fields[key] = value.dropFirst().dropLast().split(separator: ",").map { Self.unquote($0) }
                    .filter { !$0.isEmpty }
                currentList = nil
            } else {
                fields[key] = [Self.unquote(Substring(value))]
                currentList = nil
            }
        }
        guard index < lines.count else { throw .unterminated }
        self.fields = fields
        body = lines[(index + 1)...].joined(separator: "\n")
        bodyLine = index + 2
    }

    private static func unquote(_ text: Substring) -> String {
        let value = text.trimmingSpaces()
        if value.count >= 2, let first = value.first, first == "\"" || first == "'", value.last == first {
            return String(value.dropFirst().dropLast())
        }
        return value
    }
}

/// Why a lesson's front matter could not be read.
public enum FrontMatterError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The opening `---` has no closing `---`.
    case unterminated
    /// A line is not `key: value`, `key: [a, b]` or a `- item` of a list (1-based line number).
    case malformedLine(Int, String)

    /// A message naming the problem and the line.
    public var description: String {
        switch self {
        case .unterminated:
            "front matter starts with '---' but has no closing '---' line"
        case .malformedLine(let line, let text):
            "front matter line \(line): '\(text)' is not 'key: value', 'key: [a, b]' or '- item'"
        }
    }
}
