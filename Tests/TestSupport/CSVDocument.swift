import Foundation

/// A CSV text parsed strictly by RFC 4180, so a test proves output is what a spreadsheet or
/// `csv.reader` reads: one header, every record with as many fields, CRLF line ends, fields with a
/// comma, quote or line break quoted, a quote inside doubled.
public struct CSVDocument: Equatable, Sendable {
    /// What makes a text not RFC 4180.
    public struct Violation: Error, CustomStringConvertible, Equatable {
        /// The problem, with the 1-based record number.
        public let description: String
    }

    /// The header's field names.
    public let header: [String]
    /// The records after the header.
    public let records: [[String]]

    /// Parses `text`; throws ``Violation`` naming the first record that breaks the grammar.
    public init(_ text: String) throws(Violation) {
        var rows: [[String]] = []
        var field = ""
        var row: [String] = []
        var characters = text.unicodeScalars.makeIterator()
        var pending = characters.next()
        var quoted = false
        var atFieldStart = true
        func violation(_ reason: String) -> Violation {
            Violation(description: "record \(rows.count + 1): \(reason)")
        }
        while let scalar = pending {
            pending = characters.next()
            if quoted {
                if scalar == "\"" {
                    if pending == "\"" {
                        field.unicodeScalars.append("\"")
                        pending = characters.next()
                    } else {
                        quoted = false
                        guard pending == nil || pending == "," || pending == "\r" else {
                            throw violation("text after a closing quote")
                        }
                    }
                } else {
                    field.unicodeScalars.append(scalar)
                }
                continue
            }
            switch scalar {
            case "\"":
                guard atFieldStart else { throw violation("a quote inside an unquoted field") }
                quoted = true
                atFieldStart = false
            case ",":
                row.append(field)
                field = ""
                atFieldStart = true
            case "\r":
                guard pending == "\n" else { throw violation("CR without LF") }
                pending = characters.next()
                row.append(field)
                rows.append(row)
                row = []
                field = ""
                atFieldStart = true
            case "\n":
                throw violation("LF without CR (RFC 4180 ends records with CRLF)")
            default:
                field.unicodeScalars.append(scalar)
                atFieldStart = false
            }
        }
        guard !quoted else { throw violation("a quoted field is not closed") }
        if !row.isEmpty || !field.isEmpty {
            row.append(field)
            rows.append(row)
        }
        guard let header = rows.first else { throw Violation(description: "no header record") }
        for (number, record) in rows.enumerated() where record.count != header.count {
            throw Violation(
                description: "record \(number + 1) has \(record.count) fields, the header \(header.count)")
        }
        self.header = header
        self.records = Array(rows.dropFirst())
    }

    /// The records as dictionaries from header name to field.
    public var dictionaries: [[String: String]] {
        records.map { Dictionary(zip(header, $0), uniquingKeysWith: { first, _ in first }) }
    }

    /// The values of column `name`, in record order (empty when there is no such column).
    public func column(_ name: String) -> [String] {
        guard let index = header.firstIndex(of: name) else { return [] }
        return records.map { $0[index] }
    }
}
