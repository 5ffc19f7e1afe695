extension SysfsDevice {
    /// `scan_elements/`, or `buffer0/` on kernels that expose several buffers, when present.
    public var scanElementsDirectory: String? {
        for name in ["scan_elements", "buffer0"] where files.isDirectory(path(name)) {
            return path(name)
        }
        return nil
    }

    /// The buffer control directory: `buffer/`, else `buffer0/`.
    public var bufferDirectory: String {
        files.isDirectory(path("buffer")) ? path("buffer") : path("buffer0")
    }

    /// The channels that can be captured in a buffer, from `*_index` and `*_type` files.
    public func scanChannels() throws(IIOError) -> [ChannelDescription] {
        guard let elements = scanElementsDirectory else { return [] }
        var channels: [ChannelDescription] = []
        for file in try files.contentsOfDirectory(elements) where file.hasSuffix("_type") && file.hasPrefix("in_") {
            let channel = String(file.dropFirst(3).dropLast(5))
            let typePath = Self.join(elements, file)
            let typeText = try files.readText(typePath).trimmingWhitespace()
            let type: ScanType
            do {
                type = try ScanType(parsing: typeText)
            } catch {
                throw .invalidAttribute(path: typePath, value: typeText, reason: error.description)
            }
            let indexPath = Self.join(elements, "in_\(channel)_index")
            let indexText = try files.readText(indexPath).trimmingWhitespace()
            guard let index = Int(indexText), index >= 0 else {
                throw .invalidAttribute(
                    path: indexPath, value: indexText, reason: "a scan index must be a whole number ≥ 0")
            }
            // The timestamp is in nanoseconds of its clock; it has no scale or offset files.
            var description = ChannelDescription(name: channel, index: index, type: type)
            if !description.isTimestamp {
                description.scale = try scale(ofChannel: channel)
                description.offset = try offset(ofChannel: channel)
            }
            channels.append(description)
        }
        return channels.sorted { $0.index < $1.index }
    }

    /// The names of the scan channels whose `*_en` file holds 1.
    public func enabledScanChannels() throws(IIOError) -> [String] {
        guard let elements = scanElementsDirectory else { return [] }
        var names: [String] = []
        for file in try files.contentsOfDirectory(elements) where file.hasSuffix("_en") && file.hasPrefix("in_") {
            if try files.readText(Self.join(elements, file)).trimmingWhitespace() == "1" {
                names.append(String(file.dropFirst(3).dropLast(3)))
            }
        }
        return names
    }

    /// Everything a recording needs to know about this device.
    public func describe() throws(IIOError) -> DeviceDescription {
        DeviceDescription(
            name: try name(), identifier: identifier, channels: try scanChannels(),
            mountMatrix: try mountMatrix(), samplingFrequency: try samplingFrequency(),
            timestampClock: try timestampClock())
    }
}
