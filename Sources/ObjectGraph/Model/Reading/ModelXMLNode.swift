import Foundation

#if canImport(FoundationXML)
    import FoundationXML
#endif

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

    /// Parses `data` as XML into a tree, or throws ``ModelError/malformedXML(line:column:reason:)``.
    static func parse(_ data: Data) throws(ModelError) -> ModelXMLNode {
        // libxml2 accepts an empty document without complaint, so say it here.
        if data.allSatisfy({ [0x20, 0x09, 0x0A, 0x0D].contains($0) }) {
            throw .malformedXML(line: 1, column: 1, reason: "the file is empty")
        }
        // Foundation's XMLParser on Linux traps on a name holding bytes that are not UTF-8, where
        // libxml2 itself would have reported them, so they are found here first.
        if let offset = EncodingCheck.firstInvalidUTF8Offset(in: data), EncodingCheck.isDeclaredUTF8(data) {
            let (line, column) = EncodingCheck.position(of: offset, in: data)
            let byte = String(format: "%02X", data[data.startIndex + offset])
            throw .malformedXML(
                line: line, column: column, reason: "byte 0x\(byte) is not UTF-8 text (Xcode writes models in UTF-8)")
        }
        let parser = XMLParser(data: data)
        let builder = TreeBuilder()
        parser.delegate = builder
        parser.shouldProcessNamespaces = false
        parser.shouldResolveExternalEntities = false
        let succeeded = parser.parse()
        if !succeeded || builder.failure != nil {
            let failure = builder.failure
            let reason = failure?.reason ?? parser.parserError.map { String(describing: $0) } ?? "unreadable XML"
            throw .malformedXML(
                line: failure?.line ?? parser.lineNumber, column: failure?.column ?? parser.columnNumber,
                reason: reason)
        }
        guard let root = builder.root else {
            throw .malformedXML(
                line: parser.lineNumber, column: parser.columnNumber, reason: "the document has no root element")
        }
        return root
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

/// Collects XMLParser's events into a ``ModelXMLNode`` tree.
private final class TreeBuilder: NSObject, XMLParserDelegate {
    struct Failure {
        var line: Int
        var column: Int
        var reason: String
    }

    var root: ModelXMLNode?
    var failure: Failure?
    private var stack: [ModelXMLNode] = []

    func parser(
        _ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?,
        qualifiedName qName: String?, attributes attributeDict: [String: String] = [:]
    ) {
        stack.append(ModelXMLNode(name: elementName, attributes: attributeDict, line: parser.lineNumber))
    }

    func parser(
        _ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?, qualifiedName qName: String?
    ) {
        guard let node = stack.popLast() else { return }
        if stack.isEmpty {
            root = node
        } else {
            stack[stack.count - 1].children.append(node)
        }
    }

    func parser(_ parser: XMLParser, parseErrorOccurred parseError: Error) {
        guard failure == nil else { return }
        failure = Failure(line: parser.lineNumber, column: parser.columnNumber, reason: reason(for: parseError))
    }

    /// The error in words. Foundation on Linux passes libxml2's error number through, except that
    /// it reports a document ending inside an element itself, with code 5 — the number libxml2
    /// uses for extra content after the root element; the open elements tell the two apart.
    private func reason(for error: Error) -> String {
        let code = (error as NSError).code
        switch code {
        case 4: return "no XML element found"
        case 5:
            if let open = stack.last { return "the file ends before <\(open.name)> is closed" }
            return root == nil ? "no XML element found" : "extra content after the root element"
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
        case 77: return "an element is not closed"
        default: return "XML error \(code)"
        }
    }
}
