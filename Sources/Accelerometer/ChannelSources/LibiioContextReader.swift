import Foundation
import XMLReading

/// Reads the devices of a libiio XML context (what `iio_info -x`/`iio_genxml` and pyadi-iio's
/// emulation files contain): each `<device>` with its `<channel>`s, their `<scan-element index format
/// scale>`, and their `<attribute>`s (`scale`, `offset`, `mount_matrix`, `sampling_frequency`).
///
/// The scale comes from the channel's `scale` attribute when present, because the scan element's
/// `scale` is rounded to six decimals (`0.000000` for the ADIS16475's 3.7e-8).
public enum LibiioContextReader {
    /// Parses XML text; `source` names the file in error messages.
    public static func devices(fromXML data: Data, source: String) throws(IIOError) -> [DeviceDescription] {
        // libxml2 directly (XMLReading): Foundation's XMLParser traps on some hostile documents.
        let root: XMLTreeElement
        do {
            root = try XMLTreeReader.parse(withoutDocumentType(data))
        } catch {
            if let open = error.openElements.last, error.code == 77 || error.code == 5 {
                throw .malformedDescription(
                    source: source, line: error.line, reason: "the XML ends inside <\(open)> (is the file cut short?)")
            }
            throw .malformedDescription(source: source, line: error.line, reason: error.reason)
        }
        var collector = ContextCollector()
        collector.visit(root)
        if let failure = collector.failure {
            throw .malformedDescription(source: source, line: failure.line, reason: failure.reason)
        }
        guard collector.sawContext else {
            throw .malformedDescription(
                source: source, line: 0, reason: "this XML has no <context> element, so it is not a libiio context")
        }
        var devices: [DeviceDescription] = []
        for device in collector.devices {
            devices.append(try device.description(source: source))
        }
        return devices
    }
}

extension LibiioContextReader {
    /// The document without its `<!DOCTYPE … [ … ]>`, replaced by as many newlines as it spanned.
    ///
    /// libiio writes an internal DTD subset into every context. The DTD only restates the format, so
    /// dropping it loses nothing and leaves no declarations to a hostile file; keeping its newlines
    /// keeps the parser's line numbers right.
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

/// Collects devices, channels and attributes, walking the document's elements in order.
private struct ContextCollector {
    var devices: [ListedDevice] = []
    var sawContext = false
    var failure: (line: Int, reason: String)?
    private var device: ListedDevice?
    private var channel: ListedDevice.Channel?

    /// Visits `element` and its children (nesting is bounded by `XMLTreeLimits`).
    mutating func visit(_ element: XMLTreeElement) {
        start(element.name, attributes: element.attributes, line: element.line)
        for child in element.children { visit(child) }
        end(element.name)
    }

    private mutating func start(_ element: String, attributes: [String: String], line: Int) {
        switch element {
        case "context":
            sawContext = true
        case "device":
            let id = attributes["id"] ?? ""
            device = ListedDevice(id: id, name: attributes["name"] ?? id)
        case "channel":
            channel = ListedDevice.Channel(
                id: attributes["id"] ?? "", isInput: attributes["type"] != "output", line: line)
        case "scan-element":
            guard channel != nil else { return }
            channel?.format = attributes["format"]
            channel?.elementScale = attributes["scale"]
            if let text = attributes["index"] {
                guard let index = Int(text), index >= 0 else {
                    failure = failure ?? (line, "scan-element index '\(text)' is not a whole number ≥ 0")
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

    private mutating func end(_ element: String) {
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
