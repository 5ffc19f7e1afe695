import Foundation

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// Reads the devices of a libiio XML context (what `iio_info -x`/`iio_genxml` and pyadi-iio's
/// emulation files contain): each `<device>` with its `<channel>`s, their `<scan-element index format
/// scale>`, and their `<attribute>`s (`scale`, `offset`, `mount_matrix`, `sampling_frequency`).
///
/// The scale comes from the channel's `scale` attribute when present, because the scan element's
/// `scale` is rounded to six decimals (`0.000000` for the ADIS16475's 3.7e-8).
public enum LibiioContextReader {
    /// Parses XML text; `source` names the file in error messages.
    public static func devices(fromXML data: Data, source: String) throws(IIOError) -> [DeviceDescription] {
        let delegate = ContextParserDelegate()
        let parser = XMLParser(data: withoutDocumentType(data))
        parser.delegate = delegate
        // swift-corelibs-foundation's XMLParser shares libxml2 state between threads and crashes when two
        // parse at once, so parses are serialised.
        let parsed = parserLock.withLock { parser.parse() }
        guard parsed else {
            let reason = parser.parserError.map { "\($0.localizedDescription)" } ?? "not well-formed XML"
            throw .malformedDescription(source: source, line: parser.lineNumber, reason: reason)
        }
        if let open = delegate.openElements.last {
            throw .malformedDescription(
                source: source, line: parser.lineNumber,
                reason: "the XML ends inside <\(open)> (is the file cut short?)")
        }
        if let failure = delegate.failure {
            throw .malformedDescription(source: source, line: failure.line, reason: failure.reason)
        }
        guard delegate.sawContext else {
            throw .malformedDescription(
                source: source, line: 0, reason: "this XML has no <context> element, so it is not a libiio context")
        }
        var devices: [DeviceDescription] = []
        for device in delegate.devices {
            devices.append(try device.description(source: source))
        }
        return devices
    }
}

extension LibiioContextReader {
    /// The document without its `<!DOCTYPE … [ … ]>`, replaced by as many newlines as it spanned.
    ///
    /// libiio writes an internal DTD subset into every context, and swift-corelibs-foundation's
    /// XMLParser crashes on element declarations inside one. The DTD only restates the format, so
    /// dropping it loses nothing; keeping its newlines keeps the parser's line numbers right.
    static func withoutDocumentType(_ data: Data) -> Data {
        let bytes = [UInt8](data)
        let marker = Array("<!DOCTYPE".utf8)
        guard
            let start = bytes.indices.first(where: { index in
                index + marker.count <= bytes.count && Array(bytes[index..<(index + marker.count)]) == marker
            })
        else { return data }
        var index = start + marker.count
        var depth = 0
        while index < bytes.count {
            switch bytes[index] {
            case UInt8(ascii: "["): depth += 1
            case UInt8(ascii: "]"): depth -= 1
            case UInt8(ascii: ">") where depth <= 0:
                let newlines = bytes[start...index].filter { $0 == UInt8(ascii: "\n") }
                return Data(bytes[..<start] + newlines + bytes[(index + 1)...])
            default: break
            }
            index += 1
        }
        return data
    }
}

/// Serialises XMLParser use (see ``LibiioContextReader/devices(fromXML:source:)``).
private let parserLock = NSLock()

/// Collects devices, channels and attributes as XMLParser walks the document.
private final class ContextParserDelegate: NSObject, XMLParserDelegate {
    var devices: [ListedDevice] = []
    var sawContext = false
    var failure: (line: Int, reason: String)?
    /// The elements opened and not yet closed, outermost first.
    var openElements: [String] = []
    private var device: ListedDevice?
    private var channel: ListedDevice.Channel?

    func parser(
        _ parser: XMLParser, didStartElement element: String, namespaceURI: String?, qualifiedName: String?,
        attributes: [String: String] = [:]
    ) {
        openElements.append(element)
        switch element {
        case "context":
            sawContext = true
        case "device":
            let id = attributes["id"] ?? ""
            device = ListedDevice(id: id, name: attributes["name"] ?? id)
        case "channel":
            channel = ListedDevice.Channel(
                id: attributes["id"] ?? "", isInput: attributes["type"] != "output", line: parser.lineNumber)
        case "scan-element":
            guard channel != nil else { return }
            channel?.format = attributes["format"]
            channel?.elementScale = attributes["scale"]
            if let text = attributes["index"] {
                guard let index = Int(text), index >= 0 else {
                    failure = failure ?? (parser.lineNumber, "scan-element index '\(text)' is not a whole number ≥ 0")
                    return
                }
                channel?.index = index
            }
        case "attribute":
            guard let name = attributes["name"], let value = attributes["value"] else { return }
            if channel != nil {
                channel?.attributes[name] = value
            } else {
                device?.attributes[name] = value
            }
        default:
            break
        }
    }

    func parser(_ parser: XMLParser, didEndElement element: String, namespaceURI: String?, qualifiedName: String?) {
        if !openElements.isEmpty { openElements.removeLast() }
        switch element {
        case "channel":
            if let channel { device?.channels.append(channel) }
            channel = nil
        case "device":
            if let device { devices.append(device) }
            device = nil
        default:
            break
        }
    }
}
