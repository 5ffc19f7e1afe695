/// One channel of an IIO device as it appears in a buffered scan: its name, scan index, storage
/// type and the scale and offset that turn raw counts into SI units.
///
/// For accelerometers the SI unit is m/s²: value = (raw + offset) × scale (DESIGN.md §6). Names follow
/// libiio without the direction prefix: `accel_x`, `accel_y`, `accel_z`, `timestamp`.
public struct ChannelDescription: Sendable, Hashable {
    /// The channel's name, for example `accel_x` or `timestamp`.
    public var name: String
    /// The scan index (`*_index`): channels appear in scans in index order.
    public var index: Int
    /// How the value is stored in a scan.
    public var type: ScanType
    /// Multiplier from raw counts (plus offset) to SI units; 1.0 when the device has no scale file.
    public var scale: Double
    /// Added to the raw value before scaling; 0 when the device has no offset file.
    public var offset: Double

    /// Describes a channel; scale and offset default to the kernel's "absent" meaning (1 and 0).
    public init(name: String, index: Int, type: ScanType, scale: Double = 1.0, offset: Double = 0.0) {
        self.name = name
        self.index = index
        self.type = type
        self.scale = scale
        self.offset = offset
    }

    /// Whether this is the kernel's timestamp channel, which always goes last in a scan.
    public var isTimestamp: Bool { name == "timestamp" }

    /// Converts a raw count to SI units: (raw + offset) × scale.
    public func siValue(raw: Int64) -> Double {
        (Double(raw) + offset) * scale
    }
}
