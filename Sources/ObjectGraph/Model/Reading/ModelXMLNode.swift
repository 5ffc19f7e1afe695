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
