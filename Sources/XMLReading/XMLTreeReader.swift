import CLibXML2
import Foundation

/// Reads an XML document into an ``XMLTreeElement`` tree with libxml2's streaming reader, safely.
///
/// Files a student or teaching assistant is handed (Xcode models, libiio contexts) are untrusted.
/// Foundation's `XMLParser` on Linux traps on some of them (a processing instruction without data,
/// a name that is not UTF-8), so libxml2 is used directly, with the options that keep it safe:
/// no network, no external DTD, no entity substitution, no XInclude, libxml2's own depth and size
/// limits (no `XML_PARSE_HUGE`), and ours on top (``XMLTreeLimits``). A document declaring entities
/// is refused before parsing, so nothing can expand. Processing instructions, comments and the
/// document type are skipped.
///
/// ```swift
/// let root = try XMLTreeReader.parse(Data("<model><entity name=\"A\"/></model>".utf8))
/// root.children.first?.attributes["name"]  // "A"
/// ```
public enum XMLTreeReader {
    /// Parses `data` into its root element.
    ///
    /// - Throws: ``XMLTreeError`` with the line and column where the document stops being
    ///   well-formed, or which limit it passed.
    public static func parse(_ data: Data, limits: XMLTreeLimits = XMLTreeLimits()) throws(XMLTreeError)
        -> XMLTreeElement
    {
        guard data.count <= limits.maximumBytes else {
            throw XMLTreeError(
                line: 1, column: 1, code: 0,
                reason: "the document is \(data.count) bytes, more than the \(limits.maximumBytes) accepted")
        }
        if let offset = entityDeclarationOffset(in: data) {
            let (line, column) = position(of: offset, in: data)
            throw XMLTreeError(
                line: line, column: column, code: 0,
                reason: "the document declares an entity (<!ENTITY), which is not accepted")
        }
        _ = libraryInitialized
        let result: Result<XMLTreeElement, XMLTreeError> = data.withUnsafeBytes { buffer in
            // An empty buffer has no base address; libxml2 still wants a valid pointer.
            let empty: [CChar] = [0]
            return empty.withUnsafeBufferPointer { fallback in
                let base = buffer.baseAddress?.assumingMemoryBound(to: CChar.self) ?? fallback.baseAddress!
                return read(base, count: Int32(buffer.count), limits: limits)
            }
        }
        return try result.get()
    }

    /// libxml2's options: see the type's discussion.
    private static let options = Int32(
        XML_PARSE_NONET.rawValue | XML_PARSE_NOCDATA.rawValue | XML_PARSE_NOXINCNODE.rawValue
            | XML_PARSE_BIG_LINES.rawValue)

    private static func read(_ bytes: UnsafePointer<CChar>, count: Int32, limits: XMLTreeLimits) -> Result<
        XMLTreeElement, XMLTreeError
    > {
        guard let reader = xmlReaderForMemory(bytes, count, nil, nil, options) else {
            return .failure(XMLTreeError(line: 1, column: 1, code: 0, reason: "libxml2 could not start reading"))
        }
        defer { xmlFreeTextReader(reader) }
        let errors = ErrorCollector()
        let context = Unmanaged.passUnretained(errors).toOpaque()
        xmlTextReaderSetStructuredErrorHandler(reader, collectError, context)
        return withExtendedLifetime(errors) {
            var builder = TreeBuilder(limits: limits)
            while true {
                let status = xmlTextReaderRead(reader)
                if var failure = errors.first {
                    // libxml2 calls a document of nothing but a processing instruction or a comment
                    // "extra content at the end" (5); what it lacks is an element.
                    if failure.code == 5, builder.root == nil, builder.openElements.isEmpty {
                        failure.code = 4
                        failure.reason = "no XML element found"
                    }
                    return .failure(failure.with(openElements: builder.openElements))
                }
                if status == 0 { break }
                if status < 0 {
                    return .failure(
                        XMLTreeError(
                            line: Int(xmlTextReaderGetParserLineNumber(reader)),
                            column: Int(xmlTextReaderGetParserColumnNumber(reader)), code: 0,
                            reason: "the document is not well-formed XML", openElements: builder.openElements))
                }
                if let failure = builder.take(reader) {
                    return .failure(failure)
                }
            }
            guard let root = builder.root else {
                return .failure(XMLTreeError(line: 1, column: 1, code: 4, reason: "no XML element found"))
            }
            return .success(root)
        }
    }

    /// Where `<!ENTITY` first appears, or nil.
    private static func entityDeclarationOffset(in data: Data) -> Int? {
        let marker = Array("<!ENTITY".utf8)
        return data.withUnsafeBytes { buffer -> Int? in
            let bytes = buffer.bindMemory(to: UInt8.self)
            guard bytes.count >= marker.count else { return nil }
            for start in 0...(bytes.count - marker.count) where bytes[start] == marker[0] {
                if (1..<marker.count).allSatisfy({ bytes[start + $0] == marker[$0] }) { return start }
            }
            return nil
        }
    }

    /// The 1-based line and column (in bytes) of `offset`.
    static func position(of offset: Int, in data: Data) -> (line: Int, column: Int) {
        let before = data.prefix(offset)
        let line = before.reduce(1) { $0 + ($1 == 0x0A ? 1 : 0) }
        let lineStart = before.lastIndex(of: 0x0A).map { before.distance(from: before.startIndex, to: $0) + 1 } ?? 0
        return (line, offset - lineStart + 1)
    }
}

/// `xmlInitParser` once per process, before the first parse (libxml2 asks this of threaded programs).
private let libraryInitialized: Void = xmlInitParser()

/// The first error libxml2 reports while reading.
private final class ErrorCollector {
    var first: XMLTreeError?
}

/// libxml2's structured error callback: keeps the first error (warnings and namespace remarks aside).
private func collectError(_ context: UnsafeMutableRawPointer?, _ error: xmlErrorPtr?) {
    guard let context, let error else { return }
    let collector = Unmanaged<ErrorCollector>.fromOpaque(context).takeUnretainedValue()
    guard collector.first == nil, error.pointee.level.rawValue >= XML_ERR_ERROR.rawValue,
        error.pointee.domain != Int32(XML_FROM_NAMESPACE.rawValue)
    else { return }
    let message = error.pointee.message.map { String(cString: $0) } ?? "XML error \(error.pointee.code)"
    collector.first = XMLTreeError(
        line: max(1, Int(error.pointee.line)), column: max(1, Int(error.pointee.int2)), code: Int(error.pointee.code),
        reason: message.trimmingCharacters(in: .whitespacesAndNewlines))
}

/// Turns the reader's nodes into elements.
private struct TreeBuilder {
    let limits: XMLTreeLimits
    var root: XMLTreeElement?
    private var stack: [XMLTreeElement] = []
    private var elementCount = 0

    init(limits: XMLTreeLimits) { self.limits = limits }

    var openElements: [String] { stack.map(\.name) }

    /// Takes the reader's current node; an error when a limit is passed.
    mutating func take(_ reader: xmlTextReaderPtr) -> XMLTreeError? {
        switch xmlTextReaderNodeType(reader) {
        case Int32(XML_READER_TYPE_ELEMENT.rawValue):
            let line = Int(xmlGetLineNo(xmlTextReaderCurrentNode(reader)))
            elementCount += 1
            guard stack.count < limits.maximumDepth else {
                return limitError(line: line, "elements are nested more than \(limits.maximumDepth) deep")
            }
            guard elementCount <= limits.maximumElements else {
                return limitError(line: line, "the document has more than \(limits.maximumElements) elements")
            }
            var element = XMLTreeElement(name: Self.text(xmlTextReaderConstName(reader)), line: line)
            let isEmpty = xmlTextReaderIsEmptyElement(reader) == 1
            while xmlTextReaderMoveToNextAttribute(reader) == 1 {
                element.attributes[Self.text(xmlTextReaderConstName(reader))] = Self.text(
                    xmlTextReaderConstValue(reader))
            }
            stack.append(element)
            if isEmpty { close() }
        case Int32(XML_READER_TYPE_END_ELEMENT.rawValue):
            close()
        case Int32(XML_READER_TYPE_TEXT.rawValue), Int32(XML_READER_TYPE_CDATA.rawValue),
            Int32(XML_READER_TYPE_SIGNIFICANT_WHITESPACE.rawValue), Int32(XML_READER_TYPE_WHITESPACE.rawValue):
            if !stack.isEmpty { stack[stack.count - 1].text += Self.text(xmlTextReaderConstValue(reader)) }
        default:
            break  // Comments, processing instructions, the document type: not part of the tree.
        }
        return nil
    }

    private mutating func close() {
        guard let element = stack.popLast() else { return }
        if stack.isEmpty {
            root = element
        } else {
            stack[stack.count - 1].children.append(element)
        }
    }

    private func limitError(line: Int, _ reason: String) -> XMLTreeError {
        XMLTreeError(line: line, column: 1, code: 0, reason: reason, openElements: openElements)
    }

    private static func text(_ pointer: UnsafePointer<xmlChar>?) -> String {
        pointer.map { String(cString: $0) } ?? ""
    }
}
