/// Reads the devices from the text `iio_info` prints (libiio 0.2x and 1.x), for captures whose only
/// description is a pasted `iio_info` listing.
///
/// The parts used:
/// ```
///     iio:device0: adxl355 (buffer capable)
///         4 channels found:
///             accel_x:  (input, index: 0, format: be:s20/32>>4)
///             3 channel-specific attributes found:
///                 attr  0: scale value: 0.000038245
///         2 device-specific attributes found:
///                 attr  0: sampling_frequency value: 4000.000000
/// ```
/// Indentation is not relied on; the section headings say whose attributes follow. A single device
/// block copied without the `IIO context has N devices:` line above it is read too.
public enum IIOInfoReader {
    /// Parses `iio_info` output; `source` names the file in error messages.
    public static func devices(fromText text: String, source: String) throws(IIOError) -> [DeviceDescription] {
        var devices: [DeviceDescription] = []
        var current: ListedDevice?
        var section = Section.none
        var sawDevicesHeading = false
        for (number, rawLine) in text.split(
            omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r\n" }
        ).enumerated() {
            let line = rawLine.trimmingWhitespace()
            let lineNumber = number + 1
            if line.hasPrefix("IIO context has") && line.hasSuffix("devices:") {
                sawDevicesHeading = true
                continue
            }
            // A device block pasted without the context heading starts at its `iio:deviceN:` line.
            if !sawDevicesHeading, line.hasPrefix("iio:device"), device(line) != nil { sawDevicesHeading = true }
            guard sawDevicesHeading, !line.isEmpty else { continue }
            if line.hasSuffix("channels found:") {
                section = .channels
            } else if line.hasSuffix("channel-specific attributes found:") {
                section = .channelAttributes
            } else if line.hasSuffix("device-specific attributes found:") {
                section = .deviceAttributes
            } else if line.hasSuffix("attributes found:") {
                section = .otherAttributes
            } else if line.hasPrefix("attr ") || line.hasPrefix("debug attr ") {
                guard let (name, value) = attribute(line) else { continue }
                switch section {
                case .channelAttributes: current?.setChannelAttribute(name, value)
                case .deviceAttributes: current?.attributes[name] = value
                default: break
                }
            } else if section == .channels || section == .channelAttributes, let channel = channel(line, lineNumber) {
                current?.channels.append(channel)
                section = .channels
            } else if let device = device(line) {
                if let current { devices.append(try current.description(source: source)) }
                current = device
                section = .none
            }
        }
        if let current { devices.append(try current.description(source: source)) }
        guard sawDevicesHeading else {
            throw .malformedDescription(
                source: source, line: 0,
                reason:
                    "no 'IIO context has N devices:' line and no 'iio:deviceN:' block, so this is not iio_info output")
        }
        return devices
    }

    private enum Section { case none, channels, channelAttributes, deviceAttributes, otherAttributes }

    /// `attr  3: scale value: 0.000038245` → ("scale", "0.000038245"); ERROR lines give nil.
    private static func attribute(_ line: String) -> (String, String)? {
        guard let colon = line.firstIndex(of: ":") else { return nil }
        let rest = line[line.index(after: colon)...]
        guard let marker = rest.range(of: " value: ") ?? rest.range(of: " value:") else { return nil }
        let name = rest[..<marker.lowerBound].trimmingWhitespace()
        return (name, rest[marker.upperBound...].trimmingWhitespace())
    }

    /// `accel_x: label (input, index: 0, format: be:s20/32>>4)`; nil when the line is not a channel.
    private static func channel(_ line: String, _ number: Int) -> ListedDevice.Channel? {
        guard line.hasSuffix(")"), let open = line.range(of: " (input") ?? line.range(of: " (output"),
            let colon = line.firstIndex(of: ":"), colon < open.lowerBound
        else { return nil }
        let id = String(line[..<colon])
        guard !id.contains(" ") else { return nil }
        let details = line[open.lowerBound...].dropFirst(2).dropLast()
        var channel = ListedDevice.Channel(id: id, isInput: details.hasPrefix("input"), line: number)
        for part in details.split(separator: ",") {
            let field = part.trimmingWhitespace()
            if field.hasPrefix("index: ") { channel.index = Int(field.dropFirst(7)) }
            if field.hasPrefix("format: ") { channel.format = String(field.dropFirst(8)) }
        }
        return channel
    }

    /// `iio:device0: adxl355 (buffer capable)` or `trigger0: name`.
    private static func device(_ line: String) -> ListedDevice? {
        guard let separator = line.range(of: ": ") ?? (line.hasSuffix(":") ? line.range(of: ":") : nil) else {
            return nil
        }
        let id = String(line[..<separator.lowerBound])
        guard !id.isEmpty, !id.contains(" "), id != "ERROR" else { return nil }
        var name = line[separator.upperBound...].trimmingWhitespace()
        for suffix in [" (buffer capable)", "(buffer capable)"] where name.hasSuffix(suffix) {
            name = String(name.dropLast(suffix.count)).trimmingWhitespace()
        }
        if let label = name.range(of: " (label:") { name = String(name[..<label.lowerBound]) }
        return ListedDevice(id: id, name: name.isEmpty ? id : name)
    }
}
