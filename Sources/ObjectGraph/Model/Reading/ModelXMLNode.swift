#if canImport(FoundationXML)
import FoundationXML
#endif
import Foundation

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
            throw .malformedXML(line: parser.lineNumber, column: parser.columnNumber, reason: "the document has no root element")
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

    func parser(_ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?, qualifiedName qName: String?) {
        guard let node = stack.popLast() else { return }
        if stack.isEmpty {
            root = node
        } else {
            stack[stack.count - 1].children.append(node)
        }
    }

    func parser(_ parser: XMLParser, parseErrorOccurred parseError: Error) {
        guard failure == nil else { return }
        failure = Failure(line: parser.lineNumber, column: parser.columnNumber, reason: Self.reason(for: parseError))
    }

    /// libxml2's error code as words (Foundation on Linux gives only the number).
    private static func reason(for error: Error) -> String {
        let code = (error as NSError).code
        switch code {
        case 4: return "the document is empty"
        case 5: return "the document ends too early"
        case 9: return "invalid character"
        case 23: return "expected '>' or '/>' at the end of a tag"
        case 26: return "undeclared entity"
        case 38, 39: return "an attribute value must be in quotes"
        case 41: return "expected '=' after an attribute name"
        case 64: return "the document does not start with '<'"
        case 68: return "expected a name"
        case 73: return "expected '>'"
        case 76: return "an end tag does not match its start tag"
        case 77: return "a start tag has no end tag"
        case 85: return "the document ends before the root element is closed"
        case 111: return "extra content after the root element"
        default: return "XML parse error \(code)"
        }
    }
}
