/// Everything about an IIO accelerometer that a recording must keep so it replays bit for bit:
/// the device's name, its scan channels, the mount matrix, the sampling frequency and the clock.
public struct DeviceDescription: Sendable, Hashable {
    /// The driver's name for the chip (`name` in sysfs), for example `adxl355`.
    public var name: String
    /// The kernel's identifier, for example `iio:device0`.
    public var identifier: String
    /// The channels that can appear in a buffered scan, in scan-index order.
    public var channels: [ChannelDescription]
    /// How the chip is mounted in the device.
    public var mountMatrix: MountMatrix
    /// Samples per second, when the device says.
    public var samplingFrequency: Double?
    /// The clock behind the timestamp channel (`realtime`, `monotonic`, `boottime`…), when known.
    public var timestampClock: String?

    /// Describes a device.
    public init(
        name: String, identifier: String, channels: [ChannelDescription], mountMatrix: MountMatrix = .identity,
        samplingFrequency: Double? = nil, timestampClock: String? = nil
    ) {
        self.name = name
        self.identifier = identifier
        self.channels = channels.sorted { $0.index < $1.index }
        self.mountMatrix = mountMatrix
        self.samplingFrequency = samplingFrequency
        self.timestampClock = timestampClock
    }

    /// Whether the device has the three acceleration channels a recording needs.
    public var hasAccelerometerChannels: Bool {
        Self.axisNames.allSatisfy { axis in channels.contains { $0.name == axis } }
    }

    /// The names of the three acceleration channels, x, y, z.
    public static let axisNames = ["accel_x", "accel_y", "accel_z"]

    /// The subset of channels whose names are in `names` (all of them when `names` is nil).
    ///
    /// Throws when a requested name is not one of the device's scan channels.
    public func channels(named names: [String]?) throws(IIOError) -> [ChannelDescription] {
        guard let names else { return channels }
        var result: [ChannelDescription] = []
        for name in names {
            guard let channel = channels.first(where: { $0.name == name }) else {
                throw .malformedDescription(
                    source: identifier, line: 0,
                    reason:
                        "no scan channel called '\(name)' (channels: \(channels.map(\.name).joined(separator: ", ")))")
            }
            result.append(channel)
        }
        return result
    }
}

extension Array where Element == DeviceDescription {
    /// Picks the device called `name` (by name or identifier), or else the only accelerometer.
    ///
    /// - Parameter source: how to name the place the list came from in an error message.
    public func select(named name: String?, source: String) throws(IIOError) -> DeviceDescription {
        if let name {
            guard let device = first(where: { $0.name == name || $0.identifier == name }) else {
                throw .deviceNotFound(name: name, available: map(\.name))
            }
            return device
        }
        let accelerometers = filter(\.hasAccelerometerChannels)
        if accelerometers.count == 1 { return accelerometers[0] }
        if accelerometers.isEmpty {
            if count == 1 { return self[0] }
            throw .notAnAccelerometer(device: source, missing: "accel_x/accel_y/accel_z scan")
        }
        throw .ambiguousDevice(source: source, candidates: accelerometers.map { "\($0.name) (\($0.identifier))" })
    }
}
