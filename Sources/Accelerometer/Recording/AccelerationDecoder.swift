/// Turns scans into accelerations: finds the x, y, z (and timestamp) channels in a layout and applies
/// offset, scale and mount matrix.
public struct AccelerationDecoder: Sendable {
    /// The layout being decoded.
    public let layout: ScanLayout
    /// The mount matrix applied after scaling.
    public let mountMatrix: MountMatrix
    let axes: [ValueReader]
    let scales: [Double]
    let offsets: [Double]
    let timestamp: ValueReader?

    /// Prepares to decode `layout`; throws when an acceleration axis is missing or repeated.
    public init(layout: ScanLayout, mountMatrix: MountMatrix = .identity) throws(RecordingError) {
        var axes: [ValueReader] = []
        var scales: [Double] = []
        var offsets: [Double] = []
        for name in DeviceDescription.axisNames {
            guard let position = layout.position(ofChannelNamed: name) else { throw .missingAxis(name) }
            let channel = layout.channels[position]
            axes.append(ValueReader(type: channel.type, offset: layout.offsets[position]))
            scales.append(channel.scale)
            offsets.append(channel.offset)
        }
        self.layout = layout
        self.mountMatrix = mountMatrix
        self.axes = axes
        self.scales = scales
        self.offsets = offsets
        self.timestamp = layout.position(ofChannelNamed: "timestamp").map {
            ValueReader(type: layout.channels[$0].type, offset: layout.offsets[$0])
        }
    }

    /// Whether the scans carry a timestamp channel.
    public var hasTimestamps: Bool { timestamp != nil }

    /// Decodes scan number `number` of `bytes` (which must hold it completely).
    public func sample(_ number: Int, in bytes: UnsafeRawBufferPointer) -> (
        raw: [Int64], acceleration: Vector3, timestamp: Int64?
    ) {
        precondition((number + 1) * layout.scanSize <= bytes.count, "scan outside the data")
        // Safe: the precondition keeps every read inside the buffer.
        let scan = bytes.baseAddress.unsafelyUnwrapped + number * layout.scanSize
        let raw = axes.map { $0.read(scan) }
        let si = Vector3(
            x: (Double(raw[0]) + offsets[0]) * scales[0], y: (Double(raw[1]) + offsets[1]) * scales[1],
            z: (Double(raw[2]) + offsets[2]) * scales[2])
        return (raw, mountMatrix.apply(si), timestamp?.read(scan))
    }

    /// Decodes every whole scan in `bytes` into accelerations in g, writing them to `output`.
    ///
    /// This is the hot loop of replay and of the benchmark: no allocation, no parsing, the conversion
    /// (raw + offset) × scale ÷ g₀ folded into one multiply-add per axis, then the mount matrix.
    /// - Returns: how many samples were written (the smaller of the scans present and `output.count`).
    @discardableResult
    public func decodeInG(_ bytes: UnsafeRawBufferPointer, into output: UnsafeMutableBufferPointer<Vector3>) -> Int {
        let count = min(bytes.count / layout.scanSize, output.count)
        guard count > 0, let base = bytes.baseAddress, let target = output.baseAddress else { return 0 }
        run(StoringLoop(base: base, scanSize: layout.scanSize, count: count, target: target))
        return count
    }
}
