import Foundation
import XMLReading

/// One element of a model's XML, with where it starts, as a small tree.
struct ModelXMLNode {
    /// The element name (`entity`, `attribute`…).
    var name: String
    /// The element's attributes.
    var attributes: [String: String]
    /// The child elements, in document order.
    var children: [ModelXMLNode] = []
    /// The line the element starts on (1-based).
    var line: Int

    /// The children named `name`.
    func children(named name: String) -> [ModelXMLNode] { children.filter { $0.name == name } }

    /// The first child named `name`.
    func child(named name: String) -> ModelXMLNode? { children.first { $0.name == name } }

    /// Parses `data` as XML into a tree (with libxml2, see `XMLTreeReader`), or throws
    /// ``ModelError/malformedXML(line:column:reason:)``.
    static func parse(_ data: Data) throws(ModelError) -> ModelXMLNode {
        // libxml2 accepts an empty document without complaint, so say it here.
        if data.allSatisfy({ [0x20, 0x09, 0x0A, 0x0D].contains($0) }) {
            throw .malformedXML(line: 1, column: 1, reason: "the file is empty")
        }
        // libxml2 stops at the first byte that is not UTF-8 with a vague "invalid character"; saying
        // which byte, where, is kinder. Other declared encodings are libxml2's to convert.
        if let offset = EncodingCheck.firstInvalidUTF8Offset(in: data), EncodingCheck.isDeclaredUTF8(data) {
            let (line, column) = EncodingCheck.position(of: offset, in: data)
            let byte = String(format: "%02X", data[data.startIndex + offset])
            throw .malformedXML(
                line: line, column: column, reason: "byte 0x\(byte) is not UTF-8 text (Xcode writes models in UTF-8)")
        }
        let root: XMLTreeElement
        do {
            root = try XMLTreeReader.parse(data)
        } catch {
            throw .malformedXML(line: error.line, column: error.column, reason: reason(for: error))
        }
        return node(for: root)
    }

    /// The node for a parsed element and, recursively, its children (nesting is bounded by the reader).
    private static func node(for element: XMLTreeElement) -> ModelXMLNode {
        ModelXMLNode(
            name: element.name, attributes: element.attributes, children: element.children.map(node(for:)),
            line: element.line)
    }

    /// The error in words, from libxml2's error number (`xmlParserErrors`); the reader's own checks
    /// (limits, entity declarations) say theirs.
    private static func reason(for error: XMLTreeError) -> String {
        switch error.code {
        case 0: return error.reason
        case 4: return "no XML element found"
        case 5: return "extra content after the root element"
        case 9: return "invalid character"
        case 31, 32: return "the XML declaration names an encoding that cannot be read (Xcode writes UTF-8)"
        case 26: return "undefined entity (only &lt; &gt; &amp; &quot; &apos; are known)"
        case 38: return "'<' is not allowed in an attribute value"
        case 39: return "an attribute value must be in quotes"
        case 41: return "an attribute has no value"
        case 42: return "an attribute appears twice in one element"
        case 64, 68: return "expected an element name"
        case 65: return "expected a space"
        case 73: return "expected '>' or '/>' to end the tag"
        case 76: return "an end tag does not match its start tag"
        case 77:
            if let open = error.openElements.last { return "the file ends before <\(open)> is closed" }
            return "an element is not closed"
        default: return "XML error \(error.code): \(error.reason)"
        }
    }
}

/// Where a model file stops being the UTF-8 its XML declaration (or the lack of one) promises.
private enum EncodingCheck {
    /// The offset of the first byte that does not start or continue a well-formed UTF-8 sequence
    /// (no overlong forms, surrogates or code points past U+10FFFF), or nil when all are UTF-8.
    static func firstInvalidUTF8Offset(in data: Data) -> Int? {
        var parser = Unicode.UTF8.ForwardParser()
        var bytes = data.makeIterator()
        var offset = 0
        while true {
            switch parser.parseScalar(from: &bytes) {
            case .valid(let scalar): offset += scalar.count
            case .error: return offset
            case .emptyInput: return nil
            }
        }
    }

    /// Whether the document is to be read as UTF-8: no byte-order mark of UTF-16 or UTF-32, and an
    /// XML declaration naming UTF-8 or no encoding (XML's default). libxml2 converts the others itself.
    static func isDeclaredUTF8(_ data: Data) -> Bool {
        let head = [UInt8](data.prefix(200))
        let otherMarks: [[UInt8]] = [[0xFE, 0xFF], [0xFF, 0xFE], [0, 0]]
        if otherMarks.contains(where: { head.starts(with: $0) }) { return false }
        let text = String(decoding: head, as: UTF8.self)
        guard text.drop(while: { $0 == "\u{FEFF}" }).hasPrefix("<?xml"), let end = text.range(of: "?>") else {
            return true
        }
        let declaration = text[..<end.lowerBound].lowercased()
        guard let encoding = declaration.range(of: "encoding") else { return true }
        let value = declaration[encoding.upperBound...].drop { " =\"'".contains($0) }.prefix { !" \"'".contains($0) }
        return value == "utf-8" || value == "utf8"
    }

    /// The 1-based line and column (in bytes) of `offset`.
    static func position(of offset: Int, in data: Data) -> (line: Int, column: Int) {
        let before = data.prefix(offset)
        let line = before.reduce(1) { $0 + ($1 == 0x0A ? 1 : 0) }
        let lineStart = before.lastIndex(of: 0x0A).map { before.distance(from: before.startIndex, to: $0) + 1 } ?? 0
        return (line, offset - lineStart + 1)
    }
}
