/// A device as a channel source lists it (libiio XML context or `iio_info` text), before the
/// numbers are checked: both readers fill one of these, so both apply the same rules for scale,
/// offset, mount matrix, sampling frequency and timestamp clock.
struct ListedDevice {
    /// One channel as listed; `elementScale` is the scan element's own scale (libiio XML only).
    struct Channel {
        var id: String
        var isInput: Bool
        var line: Int
        var index: Int?
        var format: String?
        var elementScale: String?
        var attributes: [String: String] = [:]
    }
    var id: String
    var name: String
    var channels: [Channel] = []
    var attributes: [String: String] = [:]

    /// Records an attribute of the channel listed last (attribute lines follow their channel).
    mutating func setChannelAttribute(_ name: String, _ value: String) {
        guard !channels.isEmpty else { return }
        channels[channels.count - 1].attributes[name] = value
    }

    /// Checks the listed numbers and builds the device's description; `source` names the file in errors.
    func description(source: String) throws(IIOError) -> DeviceDescription {
        var scanChannels: [ChannelDescription] = []
        var mountMatrixText = attributes["mount_matrix"]
        var frequencyText = attributes["sampling_frequency"]
        for channel in channels where channel.isInput {
            if channel.id.hasPrefix("accel") {
                mountMatrixText = mountMatrixText ?? channel.attributes["mount_matrix"]
                frequencyText = frequencyText ?? channel.attributes["sampling_frequency"]
            }
            guard let index = channel.index, let format = channel.format else { continue }
            let type: ScanType
            do {
                type = try ScanType(parsing: format)
            } catch {
                throw .malformedDescription(
                    source: source, line: channel.line, reason: "channel \(channel.id): \(error)")
            }
            var description = ChannelDescription(name: channel.id, index: index, type: type)
            if !description.isTimestamp {
                description.scale = try number(
                    channel.attributes["scale"] ?? channel.elementScale, channel: channel, what: "scale", absent: 1.0)
                description.offset = try number(
                    channel.attributes["offset"], channel: channel, what: "offset", absent: 0.0)
                if description.scale == 0 {
                    throw .malformedDescription(
                        source: source, line: channel.line,
                        reason: "channel \(channel.id) has scale 0, which would turn every reading into 0")
                }
            }
            scanChannels.append(description)
        }
        var matrix = MountMatrix.identity
        if let mountMatrixText {
            do {
                matrix = try MountMatrix(parsing: mountMatrixText)
            } catch {
                throw .malformedDescription(source: source, line: 0, reason: "device \(name): \(error)")
            }
        }
        let frequency = frequencyText.flatMap { Double($0.trimmingWhitespace()) }.flatMap { $0 > 0 ? $0 : nil }
        let clock = attributes["current_timestamp_clock"]?.trimmingWhitespace()
        return DeviceDescription(
            name: name, identifier: id, channels: scanChannels, mountMatrix: matrix,
            samplingFrequency: frequency, timestampClock: clock?.isEmpty == false ? clock : nil)

        func number(_ text: String?, channel: Channel, what: String, absent: Double) throws(IIOError) -> Double {
            guard let text = text?.trimmingWhitespace(), !text.isEmpty else { return absent }
            guard let value = Double(text), value.isFinite else {
                throw .malformedDescription(
                    source: source, line: channel.line,
                    reason: "channel \(channel.id): \(what) '\(text)' is not a number")
            }
            return value
        }
    }
}
